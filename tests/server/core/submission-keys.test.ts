import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../scripts/start-server.mjs';
import { countMessages, rawRequest, tempDatabase, VALID_MESSAGE } from '../helpers/contact';
import { countReservations, validReservation, WHEY } from '../helpers/pickup';

/**
 * Submission keys and the rate limit on the real built server (simulation mode, a real SQLite
 * file, 2 submissions a minute per address). Behind TRUST_PROXY each test speaks from its own
 * address (X-Forwarded-For), so each starts with a full allowance.
 *
 * - The same key with other contents is refused (409 in Italian), never answered with the
 *   first submission.
 * - A repeat of a stored submission gets its stored answer before the rate limit counts it: an
 *   outbox sending again never sees a 429 for something the shop already has.
 * - Refused bodies count toward the limit like valid ones.
 */

const db = tempDatabase();
let server: RunningServer | undefined;
beforeAll(async () => {
	server = await startServer({
		env: { CONTACT_DB_PATH: db.dbPath, CONTACT_RATE_LIMIT: '2', SMTP_HOST: '', TRUST_PROXY: '1' },
	});
}, 60_000);
afterAll(async () => {
	await server?.stop();
	db.remove();
});

/** POSTs a JSON body to `path` from the visitor at `address`. */
async function post(path: string, address: string, body: unknown) {
	if (!server) throw new Error('The server did not start.');
	const response = await rawRequest(`${server.url}${path}`, {
		headers: {
			'Content-Type': 'application/json',
			Accept: 'application/json',
			'X-Forwarded-For': address,
		},
		body: typeof body === 'string' ? body : JSON.stringify(body),
	});
	return { status: response.status, json: JSON.parse(response.body) as Record<string, unknown> };
}

const ROUTES = [
	{
		name: 'a reservation',
		path: '/api/prenotazioni',
		body: (key: string) =>
			validReservation({
				shopId: 'torino',
				items: [{ productId: 'creatina-monoidrato', variantId: '500-g', quantity: 1 }],
				submissionKey: key,
			}),
		other: { items: [{ productId: 'creatina-monoidrato', variantId: '500-g', quantity: 2 }] },
		repeatStatus: 201,
		conflict: /stesso codice di una prenotazione già ricevuta, ma un contenuto diverso/,
		count: () => countReservations(db.dbPath),
	},
	{
		name: 'a contact message',
		path: '/api/contact',
		body: (key: string) => ({ ...VALID_MESSAGE, submissionKey: key }),
		other: { message: 'Un altro messaggio, con un altro testo.' },
		repeatStatus: 200,
		conflict: /stesso codice di un messaggio già ricevuto, ma un contenuto diverso/,
		count: () => countMessages(db.dbPath),
	},
];

describe.each(ROUTES)('$name', (route) => {
	const address = (n: number) => `10.${route.path.length}.0.${n}`;

	it('refuses the same submission key with other contents: 409 in Italian, nothing stored', async () => {
		const key = `chiave-diversa-${route.path.length}-0001`;
		const first = await post(route.path, address(1), route.body(key));
		expect(first.status).toBe(201);
		const before = route.count();
		const other = await post(route.path, address(1), { ...route.body(key), ...route.other });
		expect(other.status).toBe(409);
		expect(other.json['error']).toMatch(route.conflict);
		expect(route.count()).toBe(before);
		// The same contents with the fields in another order are the same submission.
		const reordered = Object.fromEntries(Object.entries(route.body(key)).reverse());
		const again = await post(route.path, address(1), reordered);
		expect(again.status).toBe(route.repeatStatus);
		expect(again.json['id']).toBe(first.json['id']);
	});

	it('answers the repeat of a stored submission before the rate limit: never 429', async () => {
		const key = `chiave-ripetuta-${route.path.length}-0001`;
		const first = await post(route.path, address(2), route.body(key));
		expect(first.status).toBe(201);
		// Far more repeats than the limit of 2 a minute: each gets the stored answer.
		for (let i = 0; i < 6; i++) {
			const repeat = await post(route.path, address(2), route.body(key));
			expect(repeat.status).toBe(route.repeatStatus);
			expect(repeat.json['id']).toBe(first.json['id']);
		}
		// They used none of the allowance: one more new submission fits, the next does not.
		expect((await post(route.path, address(2), route.body(`${key}-b`))).status).toBe(201);
		expect((await post(route.path, address(2), route.body(`${key}-c`))).status).toBe(429);
		// And a repeat still gets its answer past the limit.
		expect((await post(route.path, address(2), route.body(key))).status).toBe(route.repeatStatus);
	});

	it('counts refused bodies toward the rate limit', async () => {
		const before = route.count();
		const invalid = await post(route.path, address(3), { ...route.body('x'), name: '' });
		expect(invalid.status).toBe(422);
		const malformed = await post(route.path, address(3), '{"name":');
		expect(malformed.status).toBe(400);
		const valid = await post(
			route.path,
			address(3),
			route.body(`chiave-limite-${route.path.length}-01`),
		);
		expect(valid.status).toBe(429);
		expect(valid.json['error']).toMatch(/troppi messaggi|troppe prenotazioni/);
		expect(route.count()).toBe(before);
	});
});

it('keeps one piece of stock for a reservation sent again, held once', async () => {
	const key = 'chiave-scorta-0001-prova';
	const body = validReservation({
		shopId: 'aosta',
		items: [{ productId: WHEY.productId, variantId: WHEY.variantId, quantity: WHEY.stock.aosta }],
		submissionKey: key,
	});
	expect((await post('/api/prenotazioni', '10.9.9.1', body)).status).toBe(201);
	// All of Aosta's pieces are now held by it, and its repeat is still answered as stored.
	const repeat = await post('/api/prenotazioni', '10.9.9.1', body);
	expect(repeat.status).toBe(201);
	expect(repeat.json['duplicate']).toBe(true);
});
