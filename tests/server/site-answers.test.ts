import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/start-server.mjs';
import { hashSource } from '../../src/lib/http/csp';
import { parseHeadersFile } from '../../src/lib/http/headers';
import { crawlSite, describeBrokenLinks } from '../helpers/crawl';
import { useSimulationServer } from './helpers/contact';

/**
 * What the built server answers for the site's addresses, as plain HTTP (none of it needs a
 * browser): every internal link reachable from the home page, the legacy redirects, trailing
 * slashes, 404 and 405, compression, cache and security headers on pages, files, redirects, errors
 * and JSON alike, and the same headers as `_headers` tells a CDN to send. Raw-socket edges (byte
 * ranges, unknown methods, slow clients) are in http-edges.test.ts.
 */

const site = useSimulationServer();

/** The build the server serves. */
const distDir = process.env['DIST_DIR'] ?? join(ROOT, 'dist');

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

/** A request to the server that follows no redirect. */
const send = (path: string, init: RequestInit = {}) =>
	fetch(`${site.url}${path}`, { redirect: 'manual', ...init });

/** GET without following redirects. */
const get = (path: string, headers: Record<string, string> = {}) => send(path, { headers });

/** The security headers every answer carries, pages, files, redirects, errors and JSON alike. */
function expectSecurityHeaders(response: Response) {
	const header = (name: string) => response.headers.get(name) ?? undefined;
	expect(header('x-content-type-options')).toBe('nosniff');
	expect(header('referrer-policy')).toBe('strict-origin-when-cross-origin');
	const hsts = /^max-age=(\d+); includeSubDomains$/.exec(header('strict-transport-security') ?? '');
	expect(Number(hsts?.[1])).toBeGreaterThanOrEqual(31536000);
	for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
		expect(header('permissions-policy')).toContain(`${feature}=()`);
	}
	expect(header('x-frame-options')).toBe('DENY');
	expect(header('cross-origin-resource-policy')).toBe('same-origin');
	const policy = header('content-security-policy');
	if (header('content-type')?.startsWith('text/html')) {
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

it('every link reachable from the home page works', async () => {
	const { pages, visited, broken } = await crawlSite(site.url);
	expect(pages, 'the crawl should reach the home page').toContain('/');
	expect(
		broken.length,
		`${broken.length} broken link(s) out of ${visited.length} addresses:\n${describeBrokenLinks(broken)}`,
	).toBe(0);
}, 60_000);

describe('legacy redirects', () => {
	it.each(REDIRECTS)('%s -> %s', async (from, to) => {
		const response = await get(from);
		expect(response.status).toBe(301);
		expect(response.headers.get('location')).toBe(to);
		expectSecurityHeaders(response);
	});
});

describe('addresses', () => {
	it.each([
		['/prodotti/', '/prodotti'],
		['/chi-siamo/', '/chi-siamo'],
		['/contatti/?motivo=prenotazione', '/contatti?motivo=prenotazione'],
	])('trailing slash: %s -> %s', async (from, to) => {
		const response = await get(from);
		expect(response.status).toBe(301);
		expect(response.headers.get('location')).toBe(to);
	});

	it('a protocol-relative address never leaves the site', async () => {
		const response = await get('//esempio.invalid/');
		expect(response.status).toBe(301);
		expect(response.headers.get('location')).toBe('/esempio.invalid');
	});

	it('an unknown address answers 404 with the not-found page', async () => {
		const response = await get('/pagina-che-non-esiste');
		expect(response.status).toBe(404);
		expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
		expect(response.headers.get('cache-control')).toContain('must-revalidate');
		expect(await response.text()).toContain('Page Not Found');
		expectSecurityHeaders(response);
	});

	it('the _redirects file is not published', async () => {
		expect((await get('/_redirects')).status).toBe(404);
	});

	it('a static page refuses POST with 405', async () => {
		const response = await send('/prodotti', { method: 'POST' });
		expect(response.status).toBe(405);
		expect(response.headers.get('allow')).toBe('GET, HEAD');
	});
});

describe('static files', () => {
	// fetch decodes the body whatever its encoding: the header says what was sent.
	it.each([
		['brotli-compressed to clients that accept it', 'br', 'br'],
		['gzip-compressed to clients that accept only gzip', 'gzip', 'gzip'],
		['as is to clients that accept no compression', 'identity', null],
	])('HTML is sent %s', async (_, accepted, encoding) => {
		const response = await get('/', { 'Accept-Encoding': accepted });
		expect(response.status).toBe(200);
		expect(response.headers.get('content-encoding')).toBe(encoding);
		if (encoding) expect(response.headers.get('vary')).toContain('Accept-Encoding');
		expect(await response.text()).toContain('<html');
	});

	it('pages are HTML that must be revalidated', async () => {
		for (const path of ['/', '/prodotti']) {
			const response = await get(path);
			expect(response.status, path).toBe(200);
			expect(response.headers.get('content-type'), path).toContain('text/html');
			expect(response.headers.get('cache-control'), path).toBe(
				'public, max-age=0, must-revalidate',
			);
			expectSecurityHeaders(response);
		}
	});

	it('hashed assets under /_astro/ are cached for a year, immutable', async () => {
		const html = await (await get('/')).text();
		const asset = /["'(](\/_astro\/[^"'()\s]+)/.exec(html)?.[1];
		expect(asset, 'the home page should reference an asset under /_astro/').toBeDefined();
		const response = await get(asset ?? '');
		expect(response.status).toBe(200);
		expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
		expectSecurityHeaders(response);
	});

	it('HEAD answers the headers of GET without a body', async () => {
		const response = await send('/prodotti', { method: 'HEAD' });
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toContain('text/html');
		expect((await response.arrayBuffer()).byteLength).toBe(0);
	});
});

describe('security headers', () => {
	it('a refused contact request (JSON, from Astro) carries them too', async () => {
		const response = await send('/api/contact', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Origin: 'https://esempio.invalid' },
			body: '{}',
		});
		expect(response.status).toBe(403);
		expect(response.headers.get('content-type')).toContain('application/json');
		expectSecurityHeaders(response);
	});

	it('a refused form post gets its page with the policy, which allows its style', async () => {
		const response = await send('/api/contact', {
			method: 'POST',
			headers: { Accept: 'text/html' },
			body: new URLSearchParams({ nome: '' }),
		});
		expect(response.status).toBe(422);
		expectSecurityHeaders(response);
		const style = /<style>([^<]*)<\/style>/.exec(await response.text())?.[1] ?? '';
		expect(response.headers.get('content-security-policy')).toContain(hashSource(style));
	});

	it('the server sends what _headers tells a CDN to send', async () => {
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
			const response = await get(path);
			expect(response.status, path).toBe(200);
			for (const [name, value] of Object.entries(rule)) {
				expect(response.headers.get(name), `${path} ${name}`).toBe(value);
			}
			expectSecurityHeaders(response);
		}
	});
});
