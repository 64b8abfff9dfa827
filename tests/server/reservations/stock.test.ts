import { describe, expect, it } from 'vitest';
import type { PickupRefused } from '../../../src/lib/reservations/types';
import { rawRequest, useSimulationServer } from '../helpers/contact';
import {
	countReservations,
	postReservation,
	readReservations,
	validReservation,
	WHEY,
} from '../helpers/pickup';

/**
 * Held stock on the real built server with a real SQLite file: a stored reservation holds its
 * pieces at its shop, a new one asking for more than the shop's shelf stock less those pieces
 * is refused with a 422 naming the line and the pieces still free, and reservations racing for
 * the last pieces are checked and stored one at a time (exactly one wins).
 * GET /api/disponibilita answers the pieces still free.
 */

const server = useSimulationServer();

/** GET /api/disponibilita?… as the list page asks it. */
async function availability(query: string) {
	const response = await rawRequest(`${server.url}/api/disponibilita?${query}`, {
		method: 'GET',
		headers: { Accept: 'application/json' },
	});
	return { ...response, json: JSON.parse(response.body) as Record<string, unknown> };
}

/** Pieces free at a shop for WHEY's variant, as GET /api/disponibilita answers them. */
async function freeWhey(shopId: string): Promise<unknown> {
	const { status, json } = await availability(`negozio=${shopId}&prodotto=${WHEY.productId}`);
	expect(status).toBe(200);
	const products = json['prodotti'] as Record<string, Record<string, number> | null>;
	return products[WHEY.productId]?.[WHEY.variantId];
}

const whey = (quantity: number) => [
	{ productId: WHEY.productId, variantId: WHEY.variantId, quantity },
];

describe('held stock', () => {
	it('holds the pieces of each stored reservation and refuses what is no longer free', async () => {
		expect(await freeWhey('torino')).toBe(WHEY.stock.torino);
		const first = await postReservation(server.url, validReservation({ items: whey(3) }));
		expect(first.status).toBe(201);
		expect(await freeWhey('torino')).toBe(WHEY.stock.torino - 3);

		const before = countReservations(server.dbPath);
		const { status, json } = await postReservation(
			server.url,
			validReservation({
				items: [{ productId: 'creatina-monoidrato', variantId: '500-g', quantity: 1 }, ...whey(2)],
			}),
		);
		expect(status).toBe(422);
		const refused = json as unknown as PickupRefused;
		expect(refused.error).toBe(
			'Alcuni dati della prenotazione non sono validi: correggili e riprova.',
		);
		// The line is named by its position in the request, with the pieces still free.
		expect(refused.items).toEqual([
			{
				index: 1,
				productId: WHEY.productId,
				variantId: WHEY.variantId,
				error: `«${WHEY.name}»: nella Sede Torino ne è ancora libero solo 1, gli altri sono già prenotati.`,
			},
		]);
		expect(countReservations(server.dbPath)).toBe(before);

		// Another shop's shelf is its own.
		expect(await freeWhey('aosta')).toBe(WHEY.stock.aosta);
	});

	it('lets exactly one of two reservations racing for the last pieces win', async () => {
		// Aosta has 2: both racers ask for both, at the same moment, over two connections.
		const body = validReservation({ shopId: 'aosta', items: whey(WHEY.stock.aosta) });
		const results = await Promise.all([
			postReservation(server.url, { ...body, name: 'Primo Cliente' }),
			postReservation(server.url, { ...body, name: 'Secondo Cliente' }),
		]);
		expect(results.map((result) => result.status).sort()).toEqual([201, 422]);
		const loser = results.find((result) => result.status === 422)?.json as unknown as PickupRefused;
		expect(loser.items?.[0]?.error).toBe(
			`«${WHEY.name}»: nella Sede Aosta i pezzi disponibili sono già tutti prenotati da altri clienti.`,
		);
		expect(await freeWhey('aosta')).toBe(0);
		const stored = readReservations(server.dbPath);
		const aostaIds = new Set(
			stored.reservations.filter((row) => row.shop_id === 'aosta').map((row) => row.id),
		);
		const held = stored.items
			.filter((item) => aostaIds.has(item.reservation_id) && item.variant_id === WHEY.variantId)
			.reduce((sum, item) => sum + item.quantity, 0);
		expect(held).toBe(WHEY.stock.aosta);
	});

	it('never sells one piece twice among many racers', async () => {
		// Torino has 1 left (first test): ten racers for it, one piece each.
		const racers = Array.from({ length: 10 }, (_, index) =>
			postReservation(
				server.url,
				validReservation({ items: whey(1), name: `Cliente ${'abcdefghij'[index] ?? ''}` }),
			),
		);
		const statuses = (await Promise.all(racers)).map((result) => result.status);
		expect(statuses.filter((status) => status === 201)).toHaveLength(1);
		expect(statuses.filter((status) => status === 422)).toHaveLength(9);
		expect(await freeWhey('torino')).toBe(0);
	});

	it('holds nothing for spam, which the shop never prepares', async () => {
		const { status } = await postReservation(
			server.url,
			validReservation({ shopId: 'aosta', items: whey(1), extra_info: 'https://spam.example' }),
		);
		// Spam is answered as if stored, and holds nothing.
		expect(status).toBe(201);
		expect(await freeWhey('aosta')).toBe(0);
	});
});

describe('GET /api/disponibilita', () => {
	it('answers the pieces free per variant, never cached, null for a product not in the build', async () => {
		const response = await availability(
			`negozio=aosta&prodotto=${WHEY.productId}&prodotto=prodotto-sparito`,
		);
		expect(response.status).toBe(200);
		expect(response.headers['cache-control']).toBe('no-store');
		expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
		expect(response.json['negozio']).toBe('aosta');
		const products = response.json['prodotti'] as Record<string, Record<string, number> | null>;
		expect(products['prodotto-sparito']).toBeNull();
		expect(products[WHEY.productId]).toMatchObject({ [WHEY.variantId]: 0 });
	});

	it('without a shop, answers every shop in one shape: pieces per shop of each variant', async () => {
		const response = await availability(
			`prodotto=${WHEY.productId}&prodotto=prodotto-sparito&prodotto=${WHEY.productId}`,
		);
		expect(response.status).toBe(200);
		expect(response.headers['cache-control']).toBe('no-store');
		expect(response.json['negozi']).toEqual(['torino', 'aosta']);
		const products = response.json['prodotti'] as Record<
			string,
			Record<string, Record<string, number>> | null
		>;
		expect(Object.keys(products).sort()).toEqual(['prodotto-sparito', WHEY.productId].sort());
		expect(products['prodotto-sparito']).toBeNull();
		expect(products[WHEY.productId]?.[WHEY.variantId]).toEqual({
			torino: await freeWhey('torino'),
			aosta: await freeWhey('aosta'),
		});
	});

	it('answers a whole category page (100 products) in one request', async () => {
		const ids = Array.from({ length: 100 }, (_, i) => `prodotto-${i}`);
		const response = await availability(ids.map((id) => `prodotto=${id}`).join('&'));
		expect(response.status).toBe(200);
		expect(Object.keys(response.json['prodotti'] as object)).toHaveLength(100);
	});

	it.each([
		['', /almeno un prodotto/],
		[`negozio=milano&prodotto=${WHEY.productId}`, /negozio esistente/],
		[`negozio=torino&negozio=aosta&prodotto=${WHEY.productId}`, /negozio esistente/],
		['negozio=torino', /almeno un prodotto/],
		['negozio=torino&prodotto=..%2F..%2Fetc%2Fpasswd', /non è un codice prodotto valido/],
		['prodotto=Maiuscolo', /non è un codice prodotto valido/],
		[Array.from({ length: 101 }, (_, i) => `prodotto=p${i}`).join('&'), /al massimo 100 prodotti/],
		[`negozio=torino&prodotto=${WHEY.productId}&codice=1`, /Parametro sconosciuto: «codice»/],
	])('?%s: 400 in Italian', async (query, error) => {
		const response = await availability(query);
		expect(response.status).toBe(400);
		expect(response.headers['cache-control']).toBe('no-store');
		expect(response.json['error']).toMatch(error);
	});

	it('answers 405 in Italian to a POST', async () => {
		const response = await rawRequest(`${server.url}/api/disponibilita?negozio=torino`, {
			headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
			body: '{}',
		});
		expect(response.status).toBe(405);
		expect(JSON.parse(response.body)).toEqual({
			error: 'Metodo non consentito: questo indirizzo accetta solo GET.',
		});
	});
});
