import Database from 'better-sqlite3';
import { expect, test } from '../e2e/helpers/test';
import { CDN_ORIGIN, DB_PATH } from './helpers/topology';

/**
 * 'Avvisami' through the CDN double (workerd forwarding the server routes to the Node server):
 * the form's page and its POST reach the server and are never kept; a cross-site POST is
 * refused; the request is stored with the visitor's address as the CDN names it.
 */
test('the form of Avvisami passes the CDN, fresh, same-origin only', async ({ request }) => {
	const form = await request.get('/avviso?prodotto=whey-concentrate-80&variante=cioccolato-900-g');
	expect(form.status()).toBe(200);
	expect(form.headers()['cache-control']).toContain('no-store');
	expect(await form.text()).toContain('In uno qualsiasi dei negozi');

	const fields = {
		productId: 'whey-concentrate-80',
		variantId: 'cioccolato-900-g',
		shopId: 'qualsiasi',
		email: 'dal.cdn@example.it',
		privacy: true,
	};
	const foreign = await request.post('/api/avvisi', {
		headers: { Origin: 'https://example.com' },
		data: fields,
	});
	expect(foreign.status()).toBe(403);
	expect(((await foreign.json()) as { error: string }).error).toBe(
		'Richiesta non consentita: il modulo si può inviare solo da questo sito.',
	);

	const asked = await request.post('/api/avvisi', {
		headers: { Origin: CDN_ORIGIN },
		data: fields,
	});
	expect(asked.status()).toBe(201);
	expect(asked.headers()['cache-control']).toContain('no-store');
	const db = new Database(DB_PATH, { readonly: true, fileMustExist: true });
	try {
		const rows = db
			.prepare('SELECT status, client_address FROM alerts WHERE email = ?')
			.all(fields.email) as { status: string; client_address: string | null }[];
		expect(rows).toHaveLength(1);
		expect(rows[0]?.status).toBe('unconfirmed');
		expect(rows[0]?.client_address).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
	} finally {
		db.close();
	}
});
