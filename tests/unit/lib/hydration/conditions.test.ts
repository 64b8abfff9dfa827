import { describe, expect, it } from 'vitest';
import { holdsSomething, needsEarlyHydration } from '../../../../src/lib/hydration/conditions';

const storage =
	(values: Record<string, string>) =>
	(key: string): string | null =>
		values[key] ?? null;

describe('holdsSomething', () => {
	it('is false for nothing stored and for empty lists, objects and texts', () => {
		for (const value of [null, '', '  ', '[]', '{}', '""', 'null']) {
			expect(holdsSomething(value)).toBe(false);
		}
	});
	it('is true for a list or object with something in it, and for text it cannot read', () => {
		expect(holdsSomething('[{"id":"whey"}]')).toBe(true);
		expect(holdsSomething('{"name":"Anna"}')).toBe(true);
		expect(holdsSomething('not json')).toBe(true);
	});
});

describe('needsEarlyHydration', () => {
	it('waits for the visitor when nothing changes the island', () => {
		expect(needsEarlyHydration({}, { search: '', read: storage({}) })).toBe(false);
		expect(
			needsEarlyHydration(
				{ stored: ['vs:preferiti'], query: ['variante'] },
				{ search: '?utm_source=x', read: storage({ 'vs:preferiti': '[]' }) },
			),
		).toBe(false);
	});
	it('hydrates early for a named query parameter, or any with *', () => {
		const options = { query: ['variante'] };
		expect(needsEarlyHydration(options, { search: '?variante=vaniglia', read: storage({}) })).toBe(
			true,
		);
		expect(needsEarlyHydration({ query: ['*'] }, { search: '?marca=X', read: storage({}) })).toBe(
			true,
		);
		expect(needsEarlyHydration({ query: ['*'] }, { search: '', read: storage({}) })).toBe(false);
	});
	it('hydrates early when a stored key holds something', () => {
		expect(
			needsEarlyHydration(
				{ stored: ['vs:bozza', 'vs:preferiti'] },
				{ search: '', read: storage({ 'vs:preferiti': '[{"id":"whey"}]' }) },
			),
		).toBe(true);
	});
	it('treats storage that cannot be read as nothing stored', () => {
		const blocked = () => {
			throw new DOMException('blocked', 'SecurityError');
		};
		expect(needsEarlyHydration({ stored: ['vs:preferiti'] }, { search: '', read: blocked })).toBe(
			false,
		);
	});
});
