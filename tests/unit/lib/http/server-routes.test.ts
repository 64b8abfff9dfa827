import { describe, expect, it } from 'vitest';
import {
	forward,
	PROXY_SECRET_HEADER,
	proxySettingsFrom,
	UNAVAILABLE_ERROR,
	upstreamRequest,
} from '../../../../src/lib/http/proxy';
import {
	formatRoutesFile,
	isServerRoute,
	SERVER_ROUTES,
} from '../../../../src/lib/http/server-routes';

describe('isServerRoute', () => {
	it.each([
		['/api/contact', true],
		['/api/prenotazioni', true],
		['/api/health', true],
		['/api/disponibilita', true],
		['/api/auth', true],
		['/api/auth/callback', true],
		['/gestione', true],
		['/gestione/ordini', true],
		['/api/gestione/x/y', true],
		['/prenotazione/abcdefghijklmnopqrstuvwxyz012345', true],
		['/prenotazione', false],
		['/prenotazioni', false],
		// Files of the build: the static JSON API, pages, the editor.
		['/api/catalogue.json', false],
		['/api/product/whey.json', false],
		['/api/ritiro.json', false],
		['/api/contact.json', false],
		['/api/gestione', false],
		['/gestionex', false],
		['/contatti', false],
		['/admin', false],
		['/', false],
	])('%s -> %s', (path, expected) => {
		expect(isServerRoute(path)).toBe(expected);
	});
});

describe('formatRoutesFile', () => {
	it('lists every server route and nothing else, in the format of Cloudflare Pages', () => {
		const routes = JSON.parse(formatRoutesFile()) as Record<string, unknown>;
		expect(routes).toEqual({ version: 1, include: [...SERVER_ROUTES], exclude: [] });
		// Cloudflare Pages allows at most 100 rules, each starting with a slash.
		expect(SERVER_ROUTES.length).toBeLessThanOrEqual(100);
		for (const route of SERVER_ROUTES) expect(route).toMatch(/^\/[^*]*(\/\*)?$/);
	});
});

const settings = { origin: 'http://127.0.0.1:4411', secret: 'x'.repeat(40) };

describe('upstreamRequest', () => {
	it('keeps method, path, query, Origin and cookies; sets the secret and the address', async () => {
		const request = new Request('https://www.example.com/api/contact?a=1', {
			method: 'POST',
			headers: {
				Origin: 'https://www.example.com',
				Cookie: 'a=b',
				'Content-Type': 'application/json',
				[PROXY_SECRET_HEADER]: 'forged',
				'X-Forwarded-For': '6.6.6.6',
				'CF-Connecting-IP': '6.6.6.6',
				'X-Visitor-IP': '6.6.6.6',
			},
			body: '{"x":1}',
		});
		const upstream = upstreamRequest(request, settings, '203.0.113.7');
		expect(upstream.url).toBe('http://127.0.0.1:4411/api/contact?a=1');
		expect(upstream.method).toBe('POST');
		expect(upstream.redirect).toBe('manual');
		expect(upstream.headers.get('origin')).toBe('https://www.example.com');
		expect(upstream.headers.get('cookie')).toBe('a=b');
		expect(upstream.headers.get(PROXY_SECRET_HEADER)).toBe(settings.secret);
		expect(upstream.headers.get('x-visitor-ip')).toBe('203.0.113.7');
		expect(upstream.headers.get('cf-connecting-ip')).toBeNull();
		expect(upstream.headers.get('x-forwarded-for')).toBeNull();
		expect(await upstream.text()).toBe('{"x":1}');
	});

	it('sends no address it does not know', () => {
		const request = new Request('https://www.example.com/gestione', {
			headers: { 'X-Visitor-IP': '6.6.6.6' },
		});
		expect(upstreamRequest(request, settings, null).headers.get('x-visitor-ip')).toBeNull();
	});
});

describe('forward', () => {
	const quiet = { error: () => undefined };
	const request = () => new Request('https://www.example.com/api/contact', { method: 'POST' });

	it('passes status, headers and body through, adding only no-store', async () => {
		const answer = await forward(
			request(),
			settings,
			null,
			() =>
				Promise.resolve(
					new Response('{"error":"x"}', {
						status: 429,
						headers: { 'Retry-After': '60', 'Set-Cookie': 'a=b; Path=/', Location: '/x' },
					}),
				),
			1000,
			quiet,
		);
		expect(answer.status).toBe(429);
		expect(answer.headers.get('retry-after')).toBe('60');
		expect(answer.headers.get('set-cookie')).toBe('a=b; Path=/');
		expect(answer.headers.get('location')).toBe('/x');
		expect(answer.headers.get('cache-control')).toBe('no-store');
		expect(await answer.text()).toBe('{"error":"x"}');
	});

	it.each([
		['refused', () => Promise.reject(new TypeError('fetch failed'))],
		[
			'silent',
			// Never answers.
			() => new Promise<Response>(() => undefined),
		],
	])('answers the Italian 503 when the Node server is %s', async (_, fetchImpl) => {
		const answer = await forward(request(), settings, null, fetchImpl, 50, quiet);
		expect(answer.status).toBe(503);
		expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
		expect(answer.headers.get('cache-control')).toBe('no-store');
		expect(await answer.json()).toEqual({ error: UNAVAILABLE_ERROR });
	});

	it('answers 503 when the function is not configured', async () => {
		expect(proxySettingsFrom({ NODE_ORIGIN: 'http://x' })).toBeNull();
		const answer = await forward(request(), null, null, fetch, 50, quiet);
		expect(answer.status).toBe(503);
	});
});
