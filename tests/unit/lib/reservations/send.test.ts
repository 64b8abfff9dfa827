import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR, type EmailStatus } from '../../../../src/lib/messages/outcome';
import type { ContactFetch } from '../../../../src/lib/messages/send';
import {
	classifyPickupAnswer,
	NO_CODE_ERROR,
	pickupWorkerOutcome,
	readAccepted,
	readRefusal,
	sendPickup,
	type PickupSendOutcome,
} from '../../../../src/lib/reservations/send';
import type {
	PickupAccepted,
	PickupItemInput,
	PickupRequestBody,
} from '../../../../src/lib/reservations/types';

/** What the answers of POST /api/prenotazioni mean for the pickup page. */

const SIMULATION: EmailStatus = {
	adminNotified: false,
	userConfirmationSent: false,
	simulationMode: true,
};
const ITEMS: PickupItemInput[] = [
	{ productId: 'whey-concentrate-80', variantId: 'cioccolato-2-kg', quantity: 2 },
	{ productId: 'shaker-vigor', variantId: 'nero-700-ml', quantity: 1 },
];
const BODY: PickupRequestBody = {
	shopId: 'torino',
	day: '2026-11-27',
	items: ITEMS,
	name: 'Giulia Bianchi',
	email: 'giulia@example.it',
	phone: '+39 333 1234567',
	privacy: true,
	submissionKey: 'b6f1c2a4-9d3e-4f5a-8b7c-0123456789ab',
	extra_info: '',
};
const accepted: PickupAccepted = {
	ok: true,
	id: 12,
	code: 'K7P2QX',
	emailStatus: SIMULATION,
	duplicate: false,
};
const answer = (status: number) => ({ ok: status < 300, status, statusText: '' });

describe('readAccepted', () => {
	it.each<[string, unknown, unknown]>([
		['a 201 of the contract', accepted, accepted],
		[
			'a duplicate with a string id',
			{ ...accepted, id: '12', duplicate: true },
			{ ...accepted, id: 0, duplicate: true },
		],
		[
			'with its customer link',
			{ ...accepted, link: `/prenotazione/${'a'.repeat(32)}` },
			{ ...accepted, link: `/prenotazione/${'a'.repeat(32)}` },
		],
		['a link of another shape is dropped', { ...accepted, link: 'https://x.example/' }, accepted],
		['no code', { ok: true }, null],
		['a code with spaces', { code: 'K7 P2' }, null],
		['not an object', 'OK', null],
	])('%s', (_name, body, expected) => {
		expect(readAccepted(body)).toEqual(expected);
	});
});

describe('readRefusal', () => {
	it('puts fields of the contract on the fields and items on their lines', () => {
		const body = {
			error: 'Controlla i dati.',
			fields: { email: 'Inserisci un indirizzo email valido.', colore: 'x', day: 7 },
			items: [
				{
					index: 0,
					productId: 'whey-concentrate-80',
					variantId: 'cioccolato-2-kg',
					error: 'Ne restano 1.',
				},
				{ index: 1, error: 'Prodotto non trovato.' },
				{ index: 5, error: 'Fuori dalla lista.' },
				{ productId: 'x', variantId: 'y' },
			],
		};
		expect(readRefusal(body, ITEMS)).toEqual({
			fields: { email: 'Inserisci un indirizzo email valido.' },
			lines: {
				'whey-concentrate-80/cioccolato-2-kg': 'Ne restano 1.',
				'shaker-vigor/nero-700-ml': 'Prodotto non trovato.',
			},
		});
	});

	it.each([null, 'testo', { error: 'Troppe richieste.' }])('%j names nothing', (body) => {
		expect(readRefusal(body, ITEMS)).toBeNull();
	});
});

describe('classifyPickupAnswer', () => {
	it.each<[string, number, unknown, PickupSendOutcome]>([
		['201 accepted', 201, accepted, { kind: 'sent', accepted }],
		[
			'200 already stored',
			200,
			{ ...accepted, duplicate: true },
			{
				kind: 'sent',
				accepted: { ...accepted, duplicate: true },
			},
		],
		['202 queued by the worker', 202, { queued: true }, { kind: 'queued' }],
		[
			'201 without a code',
			201,
			{ ok: true },
			{ kind: 'failed', reason: NO_CODE_ERROR, errors: null },
		],
		[
			'422 with a field',
			422,
			{ error: 'Dati non validi.', fields: { day: 'Il negozio è chiuso quel giorno.' } },
			{
				kind: 'failed',
				reason: 'Dati non validi.',
				errors: { fields: { day: 'Il negozio è chiuso quel giorno.' }, lines: {} },
			},
		],
		[
			'429 in Italian',
			429,
			{ error: 'Troppe richieste: riprova tra un minuto.' },
			{ kind: 'failed', reason: 'Troppe richieste: riprova tra un minuto.', errors: null },
		],
		[
			'502 of a proxy',
			502,
			'Bad Gateway',
			{ kind: 'failed', reason: '502: Bad Gateway', errors: null },
		],
	])('%s', (_name, status, body, expected) => {
		expect(classifyPickupAnswer(answer(status), body, ITEMS)).toEqual(expected);
	});
});

describe('sendPickup', () => {
	it('posts the body as JSON to /api/prenotazioni', async () => {
		const calls: [string, RequestInit][] = [];
		const fetch: ContactFetch = (url, init) => {
			calls.push([url, init]);
			return Promise.resolve(new Response(JSON.stringify(accepted), { status: 201 }));
		};
		await expect(sendPickup(BODY, { fetch, isOffline: () => false })).resolves.toEqual({
			kind: 'sent',
			accepted,
		});
		expect(calls[0]?.[0]).toBe('/api/prenotazioni');
		const body = calls[0]?.[1].body;
		expect(typeof body === 'string' ? JSON.parse(body) : null).toEqual(BODY);
	});

	it.each<[boolean, PickupSendOutcome]>([
		[true, { kind: 'offline' }],
		[false, { kind: 'failed', reason: NETWORK_ERROR, errors: null }],
	])('a request with no answer, offline %s', async (offline, expected) => {
		const fetch: ContactFetch = () => Promise.reject(new TypeError('Failed to fetch'));
		await expect(sendPickup(BODY, { fetch, isOffline: () => offline })).resolves.toEqual(expected);
	});
});

describe('pickupWorkerOutcome', () => {
	it.each<[string, unknown, unknown]>([
		[
			'sent with a code',
			{ type: 'PICKUP_SENT', ok: true, body: accepted },
			{ kind: 'sent', value: accepted },
		],
		[
			'refused',
			{ type: 'PICKUP_SENT', ok: false, body: { error: 'Il negozio è chiuso quel giorno.' } },
			{ kind: 'failed', reason: 'Il negozio è chiuso quel giorno.' },
		],
		[
			'sent without a code',
			{ type: 'PICKUP_SENT', ok: true, body: null },
			{ kind: 'failed', reason: NO_CODE_ERROR },
		],
		['a contact message', { type: 'CONTACT_SENT', ok: true, body: {} }, null],
		['something else', 'ciao', null],
	])('%s', (_name, data, expected) => {
		expect(pickupWorkerOutcome(data)).toEqual(expected);
	});
});
