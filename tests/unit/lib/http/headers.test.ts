import { describe, expect, it } from 'vitest';
import {
	CACHE_DAY,
	CACHE_IMMUTABLE,
	CACHE_REVALIDATE,
	cacheControlOf,
	formatHeadersFile,
	pagePatterns,
	parseHeadersFile,
	PERMISSIONS_POLICY,
	SECURITY_HEADERS,
} from '../../../../src/lib/http/headers';

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

describe('pagePatterns', () => {
	it('covers the home page, the pages at the top and each folder with one pattern', () => {
		expect(
			pagePatterns([
				'index.html',
				'negozi.html',
				'prodotti.html',
				'prodotti/proteine.html',
				'prodotti/proteine/whey.html',
				'prodotti\\supplementi.html',
				'contatti/inviato.html',
				'404.html',
			]),
		).toEqual(['/', '/404', '/contatti/*', '/negozi', '/prodotti', '/prodotti/*']);
	});
});

describe('formatHeadersFile and parseHeadersFile', () => {
	const policy = "default-src 'self'; frame-ancestors 'none'";
	const text = formatHeadersFile(policy, ['/', '/negozi', '/prodotti/*']);

	it('sends the security headers everywhere, the policy on pages and the cache rules by path', () => {
		expect(text).toContain(
			'/*\n  X-Content-Type-Options: nosniff\n  Referrer-Policy: strict-origin-when-cross-origin',
		);
		expect(text).toContain(
			`/negozi\n  Cache-Control: ${CACHE_REVALIDATE}\n  Content-Security-Policy: ${policy}\n`,
		);
		expect(text).toContain(`/_astro/*\n  Cache-Control: ${CACHE_IMMUTABLE}\n`);
		expect(text).toContain(`/sw.js\n  Cache-Control: ${CACHE_REVALIDATE}`);
	});

	it('reads back what it writes', () => {
		const rules = parseHeadersFile(text);
		expect(rules.get('/*')).toEqual(SECURITY_HEADERS);
		expect(rules.get('/_astro/*')).toEqual({ 'Cache-Control': CACHE_IMMUTABLE });
		expect(rules.get('/prodotti/*')).toEqual({
			'Cache-Control': CACHE_REVALIDATE,
			'Content-Security-Policy': policy,
			'Cross-Origin-Opener-Policy': 'same-origin',
		});
		// Not on every file: a CDN would join it with the editor's own.
		expect(rules.get('/*')?.['Cross-Origin-Opener-Policy']).toBeUndefined();
		expect([...rules.keys()]).toEqual([
			'/*',
			'/_astro/*',
			'/sw.js',
			'/manifest.webmanifest',
			'/api/*',
			'/',
			'/negozi',
			'/prodotti/*',
		]);
	});

	it('refuses a header line outside a path', () => {
		expect(() => parseHeadersFile('  X-Test: 1\n')).toThrow('unexpected line');
	});

	it('sends HSTS, a Permissions-Policy that denies the camera and allows copying a link, and no framing', () => {
		expect(SECURITY_HEADERS['Strict-Transport-Security']).toMatch(
			/^max-age=\d{8,}; includeSubDomains$/,
		);
		expect(PERMISSIONS_POLICY).toContain('camera=()');
		expect(PERMISSIONS_POLICY).toContain('geolocation=()');
		expect(PERMISSIONS_POLICY).toContain('clipboard-write=(self)');
		expect(SECURITY_HEADERS['X-Frame-Options']).toBe('DENY');
	});

	it('lets no other site load the files: Cross-Origin-Resource-Policy same-origin', () => {
		expect(SECURITY_HEADERS['Cross-Origin-Resource-Policy']).toBe('same-origin');
		const rules = parseHeadersFile(formatHeadersFile("default-src 'self'", ['/']));
		expect(rules.get('/*')?.['Cross-Origin-Resource-Policy']).toBe('same-origin');
	});
});
