import { describe, expect, it, vi } from 'vitest';
import { onRequest } from '../../../functions/[[path]]';
import { UNAVAILABLE_ERROR } from '../../../src/lib/http/proxy';

/**
 * The CDN's function module itself (functions/[[path]].ts), as Cloudflare Pages calls it: with no
 * shared secret configured it forwards nothing and answers the Italian 503; a navigation (a
 * staff page, the customer's link) gets a small page with a way back to the site, never JSON.
 */

const SECRET = 'f'.repeat(40);
const PAGE = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

function call(path: string, env: Record<string, unknown>, headers: Record<string, string> = {}) {
	const next = vi.fn(() => Promise.resolve(new Response('file')));
	const request = new Request(`https://www.example.com${path}`, { headers });
	return { answer: onRequest({ request, env, next }), next };
}

describe('the CDN function', () => {
	it.each([
		['no secret', { NODE_ORIGIN: 'http://127.0.0.1:9' }],
		['an empty secret', { NODE_ORIGIN: 'http://127.0.0.1:9', PROXY_SECRET: '  ' }],
		[
			'a secret the Node server refuses (too short)',
			{ NODE_ORIGIN: 'http://127.0.0.1:9', PROXY_SECRET: 'corto' },
		],
		['no Node server', { PROXY_SECRET: SECRET }],
	])('with %s answers the Italian 503 and forwards nothing', async (_name, env) => {
		const fetchSpy = vi.spyOn(globalThis, 'fetch');
		const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
		try {
			const { answer } = call('/api/contact', env, { Accept: 'application/json' });
			const json = await answer;
			expect(json.status).toBe(503);
			expect(json.headers.get('cache-control')).toBe('no-store');
			expect(await json.json()).toEqual({ error: UNAVAILABLE_ERROR });
			expect(fetchSpy).not.toHaveBeenCalled();
			expect(error.mock.calls.join(' ')).toContain('PROXY_SECRET');
		} finally {
			fetchSpy.mockRestore();
			error.mockRestore();
		}
	});

	it.each(['/gestione', '/prenotazione/ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'])(
		'a navigation to %s with the Node server down gets an Italian page back to the site',
		async (path) => {
			const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
			try {
				// Port 9 (discard) refuses at once: the Node server is down.
				const env = { NODE_ORIGIN: 'http://127.0.0.1:9', PROXY_SECRET: SECRET };
				const answer = await call(path, env, { Accept: PAGE }).answer;
				expect(answer.status).toBe(503);
				expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
				expect(answer.headers.get('cache-control')).toBe('no-store');
				expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
				expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
				expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
				const html = await answer.text();
				expect(html).toContain('<html lang="it">');
				expect(html).toContain('Servizio non raggiungibile');
				expect(html).toContain('<a href="/">Torna al sito</a>');
				expect(html).not.toContain('{"error"');
				// The customer's token never reaches the function's log.
				expect(error.mock.calls.join(' ')).not.toContain('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567');
			} finally {
				error.mockRestore();
			}
		},
	);

	it('leaves a path outside the server routes to the CDN’s files', async () => {
		const { answer, next } = call('/contatti', {});
		expect(await (await answer).text()).toBe('file');
		expect(next).toHaveBeenCalledOnce();
	});
});
