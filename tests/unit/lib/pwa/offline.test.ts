import { isPagefindChunk, isUnusedPagefindFile } from '../../../../src/lib/search/files';
import { describe, expect, it } from 'vitest';
import { builtFileFor, pageCacheKey, precachePatterns } from '../../../../src/lib/pwa/offline';

describe('builtFileFor', () => {
	it.each([
		['/', '/index.html'],
		['', '/index.html'],
		['/prodotti', '/prodotti.html'],
		['/prodotti/', '/prodotti.html'],
		['/prodotti/proteine/whey', '/prodotti/proteine/whey.html'],
		['/offline.html', '/offline.html'],
	])('%s → %s', (path, file) => {
		expect(builtFileFor(path)).toBe(file);
	});
});

describe('precachePatterns', () => {
	it('precaches the build assets and the shell pages, not every product page', () => {
		expect(precachePatterns()).toEqual([
			'_astro/*.{js,css,woff2}',
			'icons/*.png',
			'favicon.svg',
			'pagefind/pagefind.js',
			'pagefind/pagefind-entry.json',
			'pagefind/wasm.it.pagefind',
			'pagefind/pagefind.*.pf_meta',
			'index.html',
			'prodotti.html',
			'preferiti.html',
			'lista-ritiro.html',
			'contatti.html',
			'lista-ritiro/confermata.html',
			'offline.html',
		]);
	});
});

describe('isPagefindChunk', () => {
	it.each([
		['/pagefind/index/it_1a2b3c.pf_index', true],
		['/pagefind/fragment/it_9f8e.pf_fragment', true],
		['/pagefind/filter/it_77aa.pf_filter', true],
		['/pagefind/pagefind.js', false],
		['/pagefind/pagefind-entry.json', false],
		['/pagefind/pagefind.it_00ff.pf_meta', false],
		['/pagefind/index/../x.pf_index', false],
		['/prodotti/proteine', false],
	])('%s → %s', (path, chunk) => {
		expect(isPagefindChunk(path)).toBe(chunk);
	});
});

describe('isUnusedPagefindFile', () => {
	it.each([
		['pagefind-ui.js', true],
		['pagefind-ui.css', true],
		['pagefind-modular-ui.js', true],
		['pagefind-component-ui.css', true],
		['pagefind-highlight.js', true],
		['pagefind.js', false],
		['pagefind-worker.js', false],
		['pagefind-entry.json', false],
	])('%s → %s', (name, unused) => {
		expect(isUnusedPagefindFile(name)).toBe(unused);
	});
});

describe('pageCacheKey', () => {
	it.each([
		[
			'https://vigorsport.it/lista-ritiro/confermata?codice=K7P2QX&email=a%40b.it',
			'https://vigorsport.it/lista-ritiro/confermata',
		],
		['https://vigorsport.it/cerca?q=creatina', 'https://vigorsport.it/cerca'],
		['https://vigorsport.it/cerca?q=creatina#risultati', 'https://vigorsport.it/cerca'],
		['https://vigorsport.it/prodotti?', 'https://vigorsport.it/prodotti'],
		['https://vigorsport.it/negozi', 'https://vigorsport.it/negozi'],
		['https://vigorsport.it/', 'https://vigorsport.it/'],
	])('%s → %s', (url, key) => {
		expect(pageCacheKey(url)).toBe(key);
	});
});
