import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { hashSource } from '../../src/lib/http/csp';
import { parseHeadersFile } from '../../src/lib/http/headers';

/** The build the server serves (playwright.config.ts passes DIST_DIR on to it). */
const distDir = process.env['DIST_DIR'] ?? join(import.meta.dirname, '../../dist');

/** Old category slug -> new one, written out here to check the server independently. */
const LEGACY: readonly (readonly [string, string])[] = [
	['aminoacidi', 'aminoacidi-e-creatina'],
	['vitamine-minerali-antiossidanti', 'supplementi'],
	['pre-workout', 'dimagranti'],
	['energetici', 'pre-workout-energetici'],
	['accessori-e-merchandising', 'merchandising-e-cosmetici'],
];

/** [requested address, expected Location] of every legacy redirect. */
const REDIRECTS: readonly (readonly [string, string])[] = [
	...LEGACY.flatMap(([from, to]) => [
		[`/prodotti/${from}`, `/prodotti/${to}`] as const,
		[`/prodotti/${from}/varianti`, `/prodotti/${to}/varianti`] as const,
		[`/prodotti/${from}/prodotto-di-prova`, `/prodotti/${to}/prodotto-di-prova`] as const,
		[`/products/${from}`, `/prodotti/${to}`] as const,
		[`/products/${from}/varianti`, `/prodotti/${to}/varianti`] as const,
		[`/products/${from}/prodotto-di-prova`, `/prodotti/${to}/prodotto-di-prova`] as const,
	]),
	['/categorie', '/prodotti'],
	['/products', '/prodotti'],
	['/products/proteine', '/prodotti/proteine'],
	['/products/proteine/varianti', '/prodotti/proteine/varianti'],
	['/product/prodotto-sconosciuto', '/prodotti'],
	// The query string is kept, and a trailing slash still reaches the target in one hop.
	['/prodotti/aminoacidi?ordine=prezzo', '/prodotti/aminoacidi-e-creatina?ordine=prezzo'],
	['/products/energetici/varianti/', '/prodotti/pre-workout-energetici/varianti'],
	['/categorie/?da=menu', '/prodotti?da=menu'],
];

/** GET without following redirects or throwing on an error status. */
const get = (request: APIRequestContext, path: string, headers: Record<string, string> = {}) =>
	request.get(path, { maxRedirects: 0, failOnStatusCode: false, headers });

/** The security headers every answer carries, pages, files, redirects, errors and JSON alike. */
function expectSecurityHeaders(response: APIResponse) {
	const headers = response.headers();
	expect(headers['x-content-type-options']).toBe('nosniff');
	expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
	const hsts = /^max-age=(\d+); includeSubDomains$/.exec(
		headers['strict-transport-security'] ?? '',
	);
	expect(Number(hsts?.[1])).toBeGreaterThanOrEqual(31536000);
	for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
		expect(headers['permissions-policy']).toContain(`${feature}=()`);
	}
	expect(headers['x-frame-options']).toBe('DENY');
	expect(headers['cross-origin-resource-policy']).toBe('same-origin');
	const policy = headers['content-security-policy'];
	if (headers['content-type']?.startsWith('text/html')) {
		expect(policy).toContain("frame-ancestors 'none'");
		// Scripts of the site and inline ones by hash only; 'wasm-unsafe-eval' lets the search
		// compile Pagefind's WebAssembly file and allows no JavaScript eval().
		expect(policy).toMatch(
			/(^|; )script-src 'self' 'wasm-unsafe-eval'( 'sha256-[A-Za-z0-9+/]+=*')*(;|$)/,
		);
		expect(policy).not.toContain("'unsafe-inline'");
		expect(policy).not.toContain("'unsafe-eval'");
	} else {
		// Not on images and other files: it would block the browser's own viewer styles.
		expect(policy).toBeUndefined();
	}
}

test.describe('legacy redirects', () => {
	for (const [from, to] of REDIRECTS) {
		test(`${from} -> ${to}`, async ({ request }) => {
			const response = await get(request, from);
			expect(response.status()).toBe(301);
			expect(response.headers()['location']).toBe(to);
			expectSecurityHeaders(response);
		});
	}
});

test.describe('addresses', () => {
	for (const [from, to] of [
		['/prodotti/', '/prodotti'],
		['/chi-siamo/', '/chi-siamo'],
		['/contatti/?motivo=prenotazione', '/contatti?motivo=prenotazione'],
	] as const) {
		test(`trailing slash: ${from} -> ${to}`, async ({ request }) => {
			const response = await get(request, from);
			expect(response.status()).toBe(301);
			expect(response.headers()['location']).toBe(to);
		});
	}

	test('a protocol-relative address never leaves the site', async ({ request, baseURL }) => {
		const response = await get(request, `${baseURL}//esempio.invalid/`);
		expect(response.status()).toBe(301);
		expect(response.headers()['location']).toBe('/esempio.invalid');
	});

	test('an unknown address answers 404 with the not-found page', async ({ request }) => {
		const response = await get(request, '/pagina-che-non-esiste');
		expect(response.status()).toBe(404);
		expect(response.headers()['content-type']).toBe('text/html; charset=utf-8');
		expect(response.headers()['cache-control']).toContain('must-revalidate');
		expect(await response.text()).toContain('Page Not Found');
		expectSecurityHeaders(response);
	});

	test('the _redirects file is not published', async ({ request }) => {
		expect((await get(request, '/_redirects')).status()).toBe(404);
	});

	test('a static page refuses POST with 405', async ({ request }) => {
		const response = await request.post('/prodotti', { maxRedirects: 0, failOnStatusCode: false });
		expect(response.status()).toBe(405);
		expect(response.headers()['allow']).toBe('GET, HEAD');
	});
});

test.describe('static files', () => {
	test('HTML is sent brotli-compressed to clients that accept it', async ({ request }) => {
		const response = await get(request, '/', { 'Accept-Encoding': 'br' });
		expect(response.status()).toBe(200);
		expect(response.headers()['content-encoding']).toBe('br');
		expect(response.headers()['vary']).toContain('Accept-Encoding');
		expect(await response.text()).toContain('<html');
	});

	test('HTML is sent gzip-compressed to clients that accept only gzip', async ({ request }) => {
		const response = await get(request, '/', { 'Accept-Encoding': 'gzip' });
		expect(response.headers()['content-encoding']).toBe('gzip');
		expect(await response.text()).toContain('<html');
	});

	test('HTML is sent as is to clients that accept no compression', async ({ request }) => {
		const response = await get(request, '/', { 'Accept-Encoding': 'identity' });
		expect(response.headers()['content-encoding']).toBeUndefined();
		expect(await response.text()).toContain('<html');
	});

	test('pages are HTML that must be revalidated', async ({ request }) => {
		for (const path of ['/', '/prodotti']) {
			const response = await get(request, path);
			expect(response.status(), path).toBe(200);
			expect(response.headers()['content-type'], path).toContain('text/html');
			expect(response.headers()['cache-control'], path).toBe('public, max-age=0, must-revalidate');
			expectSecurityHeaders(response);
		}
	});

	test('hashed assets under /_astro/ are cached for a year, immutable', async ({ request }) => {
		const html = await (await get(request, '/')).text();
		const asset = /["'(](\/_astro\/[^"'()\s]+)/.exec(html)?.[1];
		expect(asset, 'the home page should reference an asset under /_astro/').toBeDefined();
		const response = await get(request, asset ?? '');
		expect(response.status()).toBe(200);
		expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
		expectSecurityHeaders(response);
	});

	test('HEAD answers the headers of GET without a body', async ({ request }) => {
		const response = await request.head('/prodotti', { failOnStatusCode: false });
		expect(response.status()).toBe(200);
		expect(response.headers()['content-type']).toContain('text/html');
		expect((await response.body()).length).toBe(0);
	});
});

test.describe('security headers', () => {
	test('a refused contact request (JSON, from Astro) carries them too', async ({ request }) => {
		const response = await request.post('/api/contact', {
			failOnStatusCode: false,
			headers: { 'Content-Type': 'application/json', Origin: 'https://esempio.invalid' },
			data: {},
		});
		expect(response.status()).toBe(403);
		expect(response.headers()['content-type']).toContain('application/json');
		expectSecurityHeaders(response);
	});

	test('a refused form post gets its page with the policy, which allows its style', async ({
		request,
	}) => {
		const response = await request.post('/api/contact', {
			failOnStatusCode: false,
			headers: { Accept: 'text/html' },
			form: { nome: '' },
		});
		expect(response.status()).toBe(422);
		expectSecurityHeaders(response);
		const style = /<style>([^<]*)<\/style>/.exec(await response.text())?.[1] ?? '';
		expect(response.headers()['content-security-policy']).toContain(hashSource(style));
	});

	test('the server sends what _headers tells a CDN to send', async ({ request }) => {
		const rules = parseHeadersFile(await readFile(join(distDir, 'client/_headers'), 'utf8'));
		const everywhere = rules.get('/*') ?? {};
		expect(Object.keys(everywhere).length).toBeGreaterThanOrEqual(5);
		// The opener policy is the pages' own rule's: a CDN joins two rules' values (headers.ts).
		expect(rules.get('/negozi')?.['Cross-Origin-Opener-Policy']).toBe('same-origin');
		for (const [path, rule] of [
			['/negozi', { ...everywhere, ...rules.get('/negozi') }],
			['/prodotti/proteine/whey-isolate-90', { ...everywhere, ...rules.get('/prodotti/*') }],
			['/favicon.svg', everywhere],
		] as const) {
			const response = await get(request, path);
			expect(response.status(), path).toBe(200);
			for (const [name, value] of Object.entries(rule)) {
				expect(response.headers()[name.toLowerCase()], `${path} ${name}`).toBe(value);
			}
			expectSecurityHeaders(response);
		}
	});
});
