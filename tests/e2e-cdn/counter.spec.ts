import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../e2e/helpers/test';
import { createStaffSession } from '../helpers/staff';
import { CDN_ORIGIN, DB_PATH } from './helpers/topology';

/**
 * The counter's additions through the CDN double (workerd in front of the Node server): the pick
 * list is a server route, closed without a session, open with one, never kept on the way, and
 * its forms check the Origin against the public address; the QR reader's WebAssembly, a static
 * file of the build, is served by the CDN itself as WebAssembly.
 */
test('the pick list through the CDN: closed without a session, open with one, never kept', async ({
	request,
}) => {
	const noStore = (headers: Record<string, string>) =>
		expect(headers['cache-control']).toContain('no-store');

	const closed = await request.get('/gestione/preparazione', { maxRedirects: 0 });
	expect(closed.status()).toBe(303);
	expect(new URL(closed.headers()['location'] ?? '', CDN_ORIGIN).pathname).toBe(
		'/gestione/accesso',
	);
	noStore(closed.headers());
	const closedPost = await request.post('/gestione/preparazione', {
		headers: { Origin: CDN_ORIGIN },
		form: { azione: 'pronta', id: '1', versione: '1' },
		maxRedirects: 0,
	});
	expect(closedPost.status()).toBe(303);
	noStore(closedPost.headers());

	const { cookie } = createStaffSession(DB_PATH, { shops: ['torino'] }, CDN_ORIGIN);
	const open = await request.get('/gestione/preparazione?giorno=2026-12-01', {
		headers: { Cookie: cookie },
	});
	expect(open.status()).toBe(200);
	expect(await open.text()).toContain('Preparazione');
	noStore(open.headers());
	expect(open.headers()['x-robots-tag']).toContain('noindex');
	const foreign = await request.post('/gestione/preparazione', {
		headers: { Cookie: cookie, Origin: 'https://example.com' },
		form: { azione: 'pronta', id: '1', versione: '1' },
		maxRedirects: 0,
	});
	expect(foreign.status()).toBe(403);
});

test("the QR reader's WebAssembly comes from the site, through the CDN", async ({ request }) => {
	const wasm = readdirSync(join('dist', 'client', '_astro')).find((name) =>
		/^zxing_reader\..+\.wasm$/.test(name),
	);
	expect(wasm).toBeDefined();
	const file = await request.get(`/_astro/${wasm}`);
	expect(file.status()).toBe(200);
	expect(file.headers()['content-type']).toContain('application/wasm');
	expect((await file.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0x61, 0x73, 0x6d]));
});
