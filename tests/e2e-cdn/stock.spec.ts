import { expect, test } from '../e2e/helpers/test';
import { createStaffSession } from '../helpers/staff';
import { CDN_ORIGIN, DB_PATH } from './helpers/topology';

/**
 * The stock page and the availability visitors read, through the CDN double (workerd forwarding
 * the server routes to the Node server): the page is closed without a session and never kept; a
 * movement posted through the CDN is what the next availability request offers, also never kept.
 */
test('the stock page and the availability request pass the CDN, fresh and closed', async ({
	request,
}) => {
	const noStore = (headers: Record<string, string>) =>
		expect(headers['cache-control']).toContain('no-store');
	const variant = { negozio: 'torino', prodotto: 'whey-concentrate-80', variante: 'fragola-2-kg' };
	const offered = async () => {
		const answer = await request.get(
			`/api/disponibilita?negozio=torino&prodotto=${variant.prodotto}`,
		);
		expect(answer.status()).toBe(200);
		noStore(answer.headers());
		const body = (await answer.json()) as { prodotti: Record<string, Record<string, number>> };
		return body.prodotti[variant.prodotto]?.[variant.variante] ?? -1;
	};

	// Without a session: the page sends to the sign-in on the CDN's address, the API is 401.
	const closed = await request.get('/gestione/magazzino?filtro=esauriti', { maxRedirects: 0 });
	expect(closed.status()).toBe(303);
	expect(new URL(closed.headers()['location'] ?? '', CDN_ORIGIN).pathname).toBe(
		'/gestione/accesso',
	);
	noStore(closed.headers());
	const api = await request.get('/api/gestione/magazzino');
	expect(api.status()).toBe(401);
	noStore(api.headers());

	// Signed in: the page, a movement through the CDN, and visitors offered the new figure.
	const { cookie } = createStaffSession(DB_PATH, { name: 'Marta', shops: ['torino'] }, CDN_ORIGIN);
	const before = await offered();
	expect(before).toBeGreaterThanOrEqual(0);
	const page = await request.get('/gestione/magazzino?cerca=whey+fragola+2+kg', {
		headers: { Cookie: cookie },
	});
	expect(page.status()).toBe(200);
	noStore(page.headers());
	const html = await page.text();
	expect(html).toContain(`data-stock-row="torino/${variant.prodotto}/${variant.variante}"`);
	const arrival = await request.post('/api/gestione/magazzino/movimento', {
		headers: { Cookie: cookie, Origin: CDN_ORIGIN },
		data: { ...variant, motivo: 'arrival', pezzi: 4, nota: 'Dal CDN' },
	});
	expect(arrival.status()).toBe(200);
	noStore(arrival.headers());
	expect(await offered()).toBe(before + 4);
	const foreign = await request.post('/api/gestione/magazzino/movimento', {
		headers: { Cookie: cookie, Origin: 'https://example.com' },
		data: { ...variant, motivo: 'arrival', pezzi: 4 },
	});
	expect(foreign.status()).toBe(403);
	expect(await offered()).toBe(before + 4);
	const csv = await request.get('/api/gestione/magazzino/esporta', { headers: { Cookie: cookie } });
	expect(csv.status()).toBe(200);
	expect(csv.headers()['content-type']).toContain('text/csv');
	noStore(csv.headers());
	expect(await csv.text()).toContain(`torino;${variant.prodotto};${variant.variante};`);
});
