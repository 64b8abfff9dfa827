import { describe, expect, it } from 'vitest';
import { startServer } from '../../../scripts/start-server.mjs';
import { CONTACT_ERRORS } from '../../../src/lib/messages/message-schema';
import { PICKUP_DAY_ERRORS } from '../../../src/lib/reservations/days';
import { isPickupCode } from '../../helpers/pickup-code';
import { PICKUP_SHOP_ERROR } from '../../../src/lib/reservations/request';
import type { PickupAccepted, PickupRefused } from '../../../src/lib/reservations/types';
import {
	rawRequest,
	tempDatabase,
	useSimulationServer,
	type RawResponse,
} from '../helpers/contact';
import {
	builtSettings,
	countReservations,
	pieceReservation,
	postReservation,
	readReservations,
	singlePieces,
	validReservation,
	WHEY,
} from '../helpers/pickup';

/**
 * POST /api/prenotazioni on the real built server (simulation mode, a real SQLite file): every
 * refusal answers its 4xx in Italian and stores nothing; a valid reservation is stored, with
 * the names and prices of the build, before the 201.
 */

const server = useSimulationServer();
const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json' };

function expectItalianError(response: RawResponse, status: number, error: RegExp) {
	expect(response.status).toBe(status);
	expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
	expect((JSON.parse(response.body) as PickupRefused).error).toMatch(error);
	expect(response.body).not.toMatch(/\bat \S+:\d+|Error:|node_modules|\/src\//);
}

describe('refusals store nothing', () => {
	it.each([
		{
			name: 'a cross-site Origin',
			headers: { ...JSON_HEADERS, Origin: 'https://attacco.example' },
			body: JSON.stringify(validReservation()),
			status: 403,
			error: /solo da questo sito/,
		},
		{
			name: 'a form post (the list page needs JavaScript)',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
			body: 'shopId=torino&name=Mario',
			status: 415,
			error: /si invia come JSON.*JavaScript attivo/,
		},
		{
			name: 'text/plain',
			headers: { 'Content-Type': 'text/plain', Accept: 'application/json' },
			body: JSON.stringify(validReservation()),
			status: 415,
			error: /Formato non supportato/,
		},
		{
			name: 'malformed JSON',
			headers: JSON_HEADERS,
			body: '{"shopId": "torino",',
			status: 400,
			error: /non è un JSON valido/,
		},
		{
			name: 'a JSON list',
			headers: JSON_HEADERS,
			body: '[]',
			status: 400,
			error: /dati della prenotazione/,
		},
		{
			name: 'bytes that are not UTF-8',
			headers: JSON_HEADERS,
			body: new Uint8Array([0x7b, 0xff, 0x7d]),
			status: 400,
			error: /UTF-8/,
		},
		{
			name: 'a body over 32 KB',
			headers: JSON_HEADERS,
			body: JSON.stringify(validReservation({ name: 'x'.repeat(33 * 1024) })),
			status: 413,
			error: /prenotazione è troppo lunga/,
		},
	])('$name: $status', async ({ headers, body, status, error }) => {
		const before = countReservations(server.dbPath);
		const response = await rawRequest(`${server.url}/api/prenotazioni`, { headers, body });
		expectItalianError(response, status, error);
		expect(countReservations(server.dbPath)).toBe(before);
	});

	it('a form posted by a browser gets a 415 page in Italian, not a 500', async () => {
		const response = await rawRequest(`${server.url}/api/prenotazioni`, {
			headers: {
				'Content-Type': 'application/x-www-form-urlencoded',
				Accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
			},
			body: 'shopId=torino',
		});
		expect(response.status).toBe(415);
		expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
		expect(response.body).toContain('<h1>La prenotazione non è stata inviata</h1>');
		expect(response.body).toContain('JavaScript attivo');
		expect(response.body).toContain(
			`<title>Prenotazione non inviata | ${builtSettings().companyName}</title>`,
		);
		expect(response.body).toContain('<a href="/lista-ritiro">Torna alla lista ritiro</a>');
	});

	it('422 names the variant and the product that do not exist', async () => {
		const before = countReservations(server.dbPath);
		const { status, json } = await postReservation(
			server.url,
			validReservation({
				shopId: 'aosta',
				items: [
					{ productId: WHEY.productId, variantId: WHEY.variantId, quantity: 3 },
					{ productId: WHEY.productId, variantId: 'cioccolato-9-kg', quantity: 1 },
					{ productId: 'prodotto-sparito', variantId: '1-kg', quantity: 1 },
				],
			}),
		);
		expect(status).toBe(422);
		expect(json).toEqual({
			error: 'Alcuni dati della prenotazione non sono validi: correggili e riprova.',
			fields: {},
			items: [
				{
					index: 1,
					productId: WHEY.productId,
					variantId: 'cioccolato-9-kg',
					error:
						"«Whey 80 Concentrate»: la variante scelta non è più in vendita; scegline un'altra dalla pagina del prodotto.",
				},
				{
					index: 2,
					productId: 'prodotto-sparito',
					variantId: '1-kg',
					error: 'Il prodotto «prodotto-sparito» non è più in catalogo: toglilo dalla lista.',
				},
			],
		} satisfies PickupRefused);
		expect(countReservations(server.dbPath)).toBe(before);
	});

	it('422 names the item asking more pieces than the shop has', async () => {
		const before = countReservations(server.dbPath);
		const { status, json } = await postReservation(
			server.url,
			validReservation({
				shopId: 'aosta',
				items: [{ productId: WHEY.productId, variantId: WHEY.variantId, quantity: 3 }],
			}),
		);
		expect(status).toBe(422);
		expect((json as unknown as PickupRefused).items).toEqual([
			{
				index: 0,
				productId: WHEY.productId,
				variantId: WHEY.variantId,
				error: `«${WHEY.name}»: nella Sede Aosta ne sono disponibili solo 2.`,
			},
		]);
		expect(countReservations(server.dbPath)).toBe(before);
	});

	it('422 names the fields with the contact form’s messages, the shop and the day', async () => {
		const noShop = await postReservation(server.url, {
			...validReservation(),
			shopId: 'milano',
			name: 'Al',
			privacy: false,
		});
		expect(noShop.status).toBe(422);
		expect(noShop.json['fields']).toEqual({
			shopId: PICKUP_SHOP_ERROR,
			name: CONTACT_ERRORS.name,
			privacy: CONTACT_ERRORS.privacy,
		});
		const past = await postReservation(server.url, validReservation({ day: '2020-01-01' }));
		expect(past.json['fields']).toEqual({ day: PICKUP_DAY_ERRORS.past });
	});

	it('other methods: 405 with Allow: POST', async () => {
		const response = await rawRequest(`${server.url}/api/prenotazioni`, {
			method: 'GET',
			headers: { Accept: 'application/json' },
		});
		expect(response.headers['allow']).toBe('POST');
		expectItalianError(response, 405, /solo POST/);
	});
});

describe('accepted reservations', () => {
	it('are stored before the 201, with the build’s names and prices, never the browser’s', async () => {
		const body = validReservation({
			items: [
				{ productId: WHEY.productId, variantId: WHEY.variantId, quantity: 2, priceCents: 1 },
			] as never,
		});
		const { status, json } = await postReservation(server.url, body, { Origin: server.url });
		expect(status).toBe(201);
		const accepted = json as unknown as PickupAccepted;
		expect(accepted).toEqual({
			ok: true,
			id: expect.any(Number) as unknown,
			code: expect.any(String) as unknown,
			emailStatus: { adminNotified: false, userConfirmationSent: false, simulationMode: true },
			duplicate: false,
			link: expect.stringMatching(/^\/prenotazione\/[A-Za-z0-9_-]{32}$/) as unknown,
		});
		expect(isPickupCode(accepted.code)).toBe(true);
		const stored = readReservations(server.dbPath);
		expect(stored.reservations.find((row) => row.id === accepted.id)).toMatchObject({
			code: accepted.code,
			shop_id: 'torino',
			pickup_day: body.day,
			name: 'Mario Rossi',
			total_cents: 2 * WHEY.priceCents,
			spam: 0,
			delivery: 'simulation',
		});
		expect(stored.items.filter((item) => item.reservation_id === accepted.id)).toEqual([
			{
				reservation_id: accepted.id,
				position: 0,
				product_id: WHEY.productId,
				variant_id: WHEY.variantId,
				product_name: 'Whey 80 Concentrate',
				variant_label: 'Cioccolato – 2 kg',
				unit_price_cents: WHEY.priceCents,
				quantity: 2,
			},
		]);
		// Simulation mode: no e-mail row at all.
		expect(stored.emails).toEqual([]);
	});

	it('sent again with the same submission key answer the first reservation, its code and id', async () => {
		const before = countReservations(server.dbPath);
		const body = validReservation({ submissionKey: '0b7e5c1a-1111-4222-8333-444455556666' });
		const first = await postReservation(server.url, body);
		const again = await postReservation(server.url, body);
		expect([first.status, again.status]).toEqual([201, 201]);
		// A repeat has no customer's link: its token was never stored, so it cannot be read back.
		expect(again.json).toEqual({ ...first.json, duplicate: true, link: undefined });
		expect(countReservations(server.dbPath)).toBe(before + 1);
	});

	it('every code differs', async () => {
		const codes = new Set<string>();
		for (const piece of singlePieces(20)) {
			const { json } = await postReservation(server.url, pieceReservation(piece));
			codes.add(String(json['code']));
		}
		expect(codes.size).toBe(20);
	});

	it('with the hidden field filled are answered as usual and stored as spam', async () => {
		const { status, json } = await postReservation(
			server.url,
			validReservation({ extra_info: 'https://spam.example' }),
		);
		expect(status).toBe(201);
		expect(
			readReservations(server.dbPath).reservations.find((row) => row.id === json['id']),
		).toMatchObject({ spam: 1, delivery: 'none' });
	});
});

describe('rate limit', () => {
	it('counts reservations apart from messages, 429 with Retry-After beyond the limit', async () => {
		const limited = tempDatabase();
		const strict = await startServer({
			env: { CONTACT_DB_PATH: limited.dbPath, CONTACT_RATE_LIMIT: '2', SMTP_HOST: '' },
		});
		try {
			const statuses = [];
			for (let i = 0; i < 3; i++) {
				statuses.push((await postReservation(strict.url, validReservation())).status);
			}
			expect(statuses).toEqual([201, 201, 429]);
			const response = await rawRequest(`${strict.url}/api/prenotazioni`, {
				headers: JSON_HEADERS,
				body: JSON.stringify(validReservation()),
			});
			expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
			expectItalianError(response, 429, /troppe prenotazioni/);
			// Invalid reservations use the allowance too (here, none is left); messages have their own.
			expect((await postReservation(strict.url, validReservation({ name: '' }))).status).toBe(429);
			const message = await rawRequest(`${strict.url}/api/contact`, {
				headers: JSON_HEADERS,
				body: JSON.stringify({ ...validReservation(), message: 'Un messaggio di prova.' }),
			});
			expect(message.status).toBe(201);
			expect(countReservations(limited.dbPath)).toBe(2);
		} finally {
			await strict.stop();
			limited.remove();
		}
	}, 60_000);
});
