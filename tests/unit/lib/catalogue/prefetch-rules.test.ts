import { describe, expect, it } from 'vitest';
import { isCataloguePath, mayPrefetch } from '../../../../src/lib/catalogue/prefetch-rules';

const ORIGIN = 'https://www.vigorsport.it';

describe('links worth fetching ahead', () => {
	it.each([
		['/prodotti/proteine', true],
		['/prodotti/proteine/whey-concentrate-80', true],
		[`${ORIGIN}/prodotti/supplementi/vitamina-c`, true],
		['/prodotti/proteine/whey-concentrate-80?variante=vaniglia-900-g', true],
		['/prodotti', false],
		['/prodotti/proteine/whey/altro', false],
		['/contatti', false],
		['/preferiti', false],
		['/admin', false],
		['https://altro.example/prodotti/proteine', false],
		['mailto:info@vigorsport.it', false],
		['http://[::1', false],
	])('%s → %s', (href, expected) => {
		expect(isCataloguePath(href, ORIGIN)).toBe(expected);
	});
});

describe('the connection allows it', () => {
	it.each([
		['no Network Information API (Safari, Firefox)', undefined, true],
		['a 4G connection', { effectiveType: '4g', saveData: false }, true],
		['3G', { effectiveType: '3g' }, true],
		['data saver on', { effectiveType: '4g', saveData: true }, false],
		['2G', { effectiveType: '2g' }, false],
		['slow 2G', { effectiveType: 'slow-2g' }, false],
	])('%s → %s', (_case, connection, expected) => {
		expect(mayPrefetch(connection)).toBe(expected);
	});
});
