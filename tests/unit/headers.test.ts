import { describe, expect, it } from 'vitest';
import {
	CACHE_DAY,
	CACHE_IMMUTABLE,
	CACHE_REVALIDATE,
	cacheControlOf,
	formatHeadersFile,
} from '../../src/lib/http/headers';

describe('cacheControlOf', () => {
	it.each([
		['/_astro/Header.DH-IawMy.js', CACHE_IMMUTABLE],
		['/_astro/whey.Bx1.webp', CACHE_IMMUTABLE],
		['/index.html', CACHE_REVALIDATE],
		['/prodotti/proteine/whey.html', CACHE_REVALIDATE],
		['/sw.js', CACHE_REVALIDATE],
		['/manifest.webmanifest', CACHE_REVALIDATE],
		['/api/catalogue.json', CACHE_REVALIDATE],
		['/icons/icon-192.png', CACHE_DAY],
		['/favicon.svg', CACHE_DAY],
	])('%s → %s', (file, expected) => {
		expect(cacheControlOf(file)).toBe(expected);
	});
});

describe('formatHeadersFile', () => {
	it('sends the security headers everywhere and the cache rules by path', () => {
		const text = formatHeadersFile();
		expect(text).toContain(
			'/*\n  X-Content-Type-Options: nosniff\n  Referrer-Policy: strict-origin-when-cross-origin',
		);
		expect(text).toContain(`/_astro/*\n  Cache-Control: ${CACHE_IMMUTABLE}`);
		expect(text).toContain(`/sw.js\n  Cache-Control: ${CACHE_REVALIDATE}`);
	});
});
