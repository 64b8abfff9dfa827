import { describe, expect, it } from 'vitest';
import { isSampled, pageShape, productCategory, samplePages } from '../../e2e/helpers/page-sample';

describe('productCategory', () => {
	it.each([
		['/prodotti/proteine/whey', 'proteine'],
		['/prodotti/proteine', null],
		['/prodotti', null],
		['/negozi', null],
		['/prodotti/proteine/whey/extra', null],
	])('%s → %s', (path, category) => {
		expect(productCategory(path)).toBe(category);
	});
});

describe('isSampled', () => {
	it.each([
		['/prodotti/proteine/whey', true],
		['/prodotti/proteine', true],
		['/prodotti', false],
		['/negozi', false],
		['/prodotti/proteine/whey/extra', false],
	])('%s → %s', (path, sampled) => {
		expect(isSampled(path)).toBe(sampled);
	});
});

describe('pageShape', () => {
	it('ignores text, tells elements, roles and attribute names apart', () => {
		const a = '<html><body><main><h1>Whey</h1><p data-x="1">Buona</p></main></body></html>';
		const b = '<html><body><main><h1>Creatina</h1><p data-x="2">Ottima</p></main></body></html>';
		expect(pageShape(a)).toBe(pageShape(b));
		expect(pageShape(a)).not.toBe(pageShape(a.replace('<p ', '<table ')));
		expect(pageShape(a)).not.toBe(pageShape(a.replace('<p ', '<p role="note" ')));
		expect(pageShape(a)).not.toBe(pageShape(a.replace('data-x', 'aria-label')));
	});
});

describe('samplePages', () => {
	const plain = '<body><main></main></body>';
	const table = '<body><main><table></table></main></body>';
	const html: Record<string, string> = {
		'/prodotti/proteine/a': plain,
		'/prodotti/proteine/b': plain,
		'/prodotti/proteine/c': table,
		'/prodotti/creatina/d': plain,
		'/prodotti/creatina/e': table,
		'/prodotti/proteine': plain,
		'/prodotti/creatina': plain,
		'/prodotti/vegani': table,
	};
	it.each([
		[
			['/', '/negozi'],
			['/', '/negozi'],
		],
		[
			['/', '/prodotti/proteine/a', '/prodotti/proteine/b', '/prodotti/proteine/c'],
			['/', '/prodotti/proteine/a', '/prodotti/proteine/c'],
		],
		[
			[
				'/prodotti/proteine/a',
				'/prodotti/proteine/b',
				'/prodotti/proteine/c',
				'/prodotti/creatina/d',
				'/prodotti/creatina/e',
			],
			['/prodotti/proteine/a', '/prodotti/proteine/c', '/prodotti/creatina/d'],
		],
		// Category pages by shape alone, apart from the product pages' shapes.
		[
			['/prodotti', '/prodotti/proteine', '/prodotti/creatina', '/prodotti/vegani'],
			['/prodotti', '/prodotti/proteine', '/prodotti/vegani'],
		],
		[
			['/prodotti/proteine/a', '/prodotti/creatina', '/prodotti/creatina/d'],
			['/prodotti/proteine/a', '/prodotti/creatina', '/prodotti/creatina/d'],
		],
	])('%j → %j', (paths, expected) => {
		expect(samplePages(paths, (path) => html[path] ?? '')).toEqual(expected);
	});
});
