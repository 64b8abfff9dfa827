import { describe, expect, it } from 'vitest';
import { builtFileFor, precachePatterns } from '../../src/lib/pwa/offline';

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
			'index.html',
			'prodotti.html',
			'preferiti.html',
			'contatti.html',
			'offline.html',
		]);
	});
});
