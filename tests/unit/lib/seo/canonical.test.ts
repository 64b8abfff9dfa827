import { describe, expect, it } from 'vitest';
import { canonicalPath, canonicalUrl } from '../../../../src/lib/seo/canonical';

describe('canonicalPath', () => {
	it.each([
		['/', '/'],
		['/index.html', '/'],
		['/prodotti', '/prodotti'],
		['/prodotti/', '/prodotti'],
		['/prodotti.html', '/prodotti'],
		['/prodotti/proteine.html', '/prodotti/proteine'],
		['', '/'],
	])('%s → %s', (input, expected) => {
		expect(canonicalPath(input)).toBe(expected);
	});
});

describe('canonicalUrl', () => {
	it('joins the path to the public site', () => {
		expect(canonicalUrl('/negozi.html', 'https://www.vigorsport.it')).toBe(
			'https://www.vigorsport.it/negozi',
		);
	});
});
