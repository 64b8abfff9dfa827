import { describe, expect, it } from 'vitest';
import { startServer } from '../../../scripts/start-server.mjs';
import { CONTACT_ERRORS } from '../../../src/lib/messages/message-schema';
import {
	countMessages,
	postJson,
	rawRequest,
	readDatabase,
	tempDatabase,
	useSimulationServer,
	VALID_MESSAGE,
	type RawResponse,
} from '../helpers/contact';

/**
 * POST /api/contact on the real built server (simulation mode, a real SQLite file): every kind
 * of refusal answers its 4xx with an Italian error and stores nothing; valid messages are
 * stored before the 2xx.
 */

const SITE_ORIGIN = 'https://www.vigorsport.it';
const server = useSimulationServer();

const json = (value: unknown) => JSON.stringify(value);
const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json' };

interface Case {
	name: string;
	headers: Record<string, string>;
	body?: string | Uint8Array;
	chunked?: boolean;
	status: number;
	error: RegExp;
}

const BIG = 'x'.repeat(33 * 1024);

const REFUSALS: Case[] = [
	{
		name: 'malformed JSON',
		headers: JSON_HEADERS,
		body: '{"name": "Mario",',
		status: 400,
		error: /non è un JSON valido/,
	},
	{
		name: 'JSON that is not an object',
		headers: JSON_HEADERS,
		body: json([VALID_MESSAGE]),
		status: 400,
		error: /oggetto JSON/,
	},
	{ name: 'empty JSON body', headers: JSON_HEADERS, body: '', status: 400, error: /JSON/ },
	{
		name: 'bytes that are not UTF-8',
		headers: JSON_HEADERS,
		body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
		status: 400,
		error: /UTF-8/,
	},
	{
		name: 'text/plain',
		headers: { 'Content-Type': 'text/plain', Accept: 'application/json' },
		body: json(VALID_MESSAGE),
		status: 415,
		error: /Formato non supportato/,
	},
	{
		name: 'no Content-Type',
		headers: { Accept: 'application/json' },
		body: json(VALID_MESSAGE),
		status: 415,
		error: /Formato non supportato/,
	},
	{
		name: 'multipart/form-data',
		headers: { 'Content-Type': 'multipart/form-data; boundary=x', Accept: 'application/json' },
		body: '--x--',
		status: 415,
		error: /Formato non supportato/,
	},
	{
		name: 'JSON in Latin-1',
		headers: { 'Content-Type': 'application/json; charset=iso-8859-1' },
		body: json(VALID_MESSAGE),
		status: 415,
		error: /UTF-8/,
	},
	{
		name: 'a body over 32 KB with Content-Length',
		headers: JSON_HEADERS,
		body: json({ ...VALID_MESSAGE, message: BIG }),
		status: 413,
		error: /32 KB/,
	},
	{
		name: 'a body over 32 KB, chunked without Content-Length',
		headers: JSON_HEADERS,
		body: json({ ...VALID_MESSAGE, message: BIG }),
		chunked: true,
		status: 413,
		error: /32 KB/,
	},
	{
		name: 'a cross-site Origin',
		headers: { ...JSON_HEADERS, Origin: 'https://attacco.example' },
		body: json(VALID_MESSAGE),
		status: 403,
		error: /solo da questo sito/,
	},
	{
		name: 'an opaque Origin',
		headers: { ...JSON_HEADERS, Origin: 'null' },
		body: json(VALID_MESSAGE),
		status: 403,
		error: /solo da questo sito/,
	},
	{
		name: 'a cross-site form post without Origin',
		headers: {
			'Content-Type': 'application/x-www-form-urlencoded',
			'Sec-Fetch-Site': 'cross-site',
		},
		body: 'name=Mario',
		status: 403,
		error: /solo da questo sito/,
	},
];

/** The Italian error of a JSON refusal; and no trace of the code behind it. */
function expectItalianError(response: RawResponse, error: RegExp) {
	expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
	const body = JSON.parse(response.body) as { error?: string };
	expect(body.error).toMatch(error);
	expect(response.body).not.toMatch(/\bat \S+:\d+|Error:|node_modules|\/src\//);
}

describe('refusals store nothing', () => {
	for (const refusal of REFUSALS) {
		it(`${refusal.name}: ${refusal.status}`, async () => {
			const before = countMessages(server.dbPath);
			const response = await rawRequest(`${server.url}/api/contact`, {
				headers: refusal.headers,
				...(refusal.body === undefined ? {} : { body: refusal.body }),
				...(refusal.chunked ? { chunked: true } : {}),
			});
			expect(response.status).toBe(refusal.status);
			expectItalianError(response, refusal.error);
			expect(countMessages(server.dbPath)).toBe(before);
		});
	}

	it('422 names each broken rule with its exact Italian message', async () => {
		const before = countMessages(server.dbPath);
		const { status, json: body } = await postJson(server.url, {
			name: 'Al',
			email: 'mario@',
			phone: '12',
			message: 'Breve',
			privacy: false,
		});
		expect(status).toBe(422);
		expect(body).toEqual({
			error: 'Alcuni campi non sono validi: correggili e riprova.',
			fields: CONTACT_ERRORS,
		});
		const partial = await postJson(server.url, { ...VALID_MESSAGE, privacy: 'no' });
		expect(partial.json['fields']).toEqual({ privacy: CONTACT_ERRORS.privacy });
		expect(countMessages(server.dbPath)).toBe(before);
	});

	it('other methods: 405 with Allow: POST', async () => {
		const response = await rawRequest(`${server.url}/api/contact`, {
			method: 'GET',
			headers: { Accept: 'application/json' },
		});
		expect(response.status).toBe(405);
		expect(response.headers['allow']).toBe('POST');
		expectItalianError(response, /solo POST/);
	});
});

describe('accepted messages', () => {
	it('are stored before the 201, in simulation mode without SMTP', async () => {
		const { status, json: body } = await postJson(server.url, VALID_MESSAGE);
		expect(status).toBe(201);
		expect(body).toEqual({
			ok: true,
			id: expect.any(Number) as unknown,
			emailStatus: { adminNotified: false, userConfirmationSent: false, simulationMode: true },
		});
		const stored = readDatabase(server.dbPath).messages.find((row) => row.id === body['id']);
		expect(stored).toMatchObject({
			name: VALID_MESSAGE.name,
			email: VALID_MESSAGE.email,
			message: VALID_MESSAGE.message,
			spam: 0,
			delivery: 'simulation',
		});
		expect(readDatabase(server.dbPath).emails).toEqual([]);
	});

	it.each([
		['its own origin', () => server.url],
		['the public site', () => SITE_ORIGIN],
	])('come from %s', async (_, origin) => {
		const { status } = await postJson(server.url, VALID_MESSAGE, { Origin: origin() });
		expect(status).toBe(201);
	});

	it('sent again with the same submission key are stored once', async () => {
		const before = countMessages(server.dbPath);
		const withKey = { ...VALID_MESSAGE, submissionKey: '6f1d2c3b-aaaa-4bbb-8ccc-0123456789ab' };
		const first = await postJson(server.url, withKey);
		const again = await postJson(server.url, withKey);
		expect([first.status, again.status]).toEqual([201, 200]);
		expect(again.json).toEqual(first.json);
		const other = await postJson(server.url, {
			...withKey,
			submissionKey: '6f1d2c3b-aaaa-4bbb-8ccc-0123456789ac',
		});
		expect(other.status).toBe(201);
		expect(other.json['id']).not.toBe(first.json['id']);
		expect(countMessages(server.dbPath)).toBe(before + 2);
	});

	it('with the hidden field filled are answered as usual and stored as spam', async () => {
		const { status, json: body } = await postJson(server.url, {
			...VALID_MESSAGE,
			extra_info: 'https://spam.example',
		});
		expect(status).toBe(201);
		expect(body['ok']).toBe(true);
		const stored = readDatabase(server.dbPath).messages.find((row) => row.id === body['id']);
		expect(stored).toMatchObject({ spam: 1, delivery: 'none' });
	});
});

describe('the form without JavaScript', () => {
	const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
	const FORM_HEADERS = {
		'Content-Type': 'application/x-www-form-urlencoded',
		Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
	};

	it('is redirected to the thank-you page once stored', async () => {
		const before = countMessages(server.dbPath);
		const response = await rawRequest(`${server.url}/api/contact`, {
			headers: { ...FORM_HEADERS, Origin: server.url },
			body: form({ ...VALID_MESSAGE, privacy: 'true', extra_info: '' }),
		});
		expect(response.status).toBe(303);
		expect(response.headers['location']).toBe('/contatti/inviato');
		expect(countMessages(server.dbPath)).toBe(before + 1);
		const page = await rawRequest(`${server.url}/contatti/inviato`, { method: 'GET' });
		expect(page.status).toBe(200);
		expect(page.body).toContain('Grazie, messaggio ricevuto');
	});

	it('gets an accessible page listing the errors, and nothing is stored', async () => {
		const before = countMessages(server.dbPath);
		const response = await rawRequest(`${server.url}/api/contact`, {
			headers: FORM_HEADERS,
			body: form({ name: 'Mario Rossi', email: 'mario@localhost', phone: '', message: '' }),
		});
		expect(response.status).toBe(422);
		expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
		expect(response.body).toContain('<html lang="it">');
		expect(response.body).toContain('<h1>Il messaggio non è stato inviato</h1>');
		for (const field of ['email', 'phone', 'message', 'privacy'] as const) {
			expect(response.body).toContain(CONTACT_ERRORS[field]);
		}
		expect(response.body).not.toContain(CONTACT_ERRORS.name);
		expect(response.body).toContain('<a href="/contatti#modulo">Torna al modulo di contatto</a>');
		expect(countMessages(server.dbPath)).toBe(before);
	});
});

describe('rate limit', () => {
	it('answers 429 with Retry-After beyond the limit, and stores only what it accepted', async () => {
		const limited = tempDatabase();
		const strict = await startServer({
			env: { CONTACT_DB_PATH: limited.dbPath, CONTACT_RATE_LIMIT: '2', SMTP_HOST: '' },
		});
		try {
			const statuses = [];
			for (let i = 0; i < 3; i++) statuses.push((await postJson(strict.url, VALID_MESSAGE)).status);
			expect(statuses).toEqual([201, 201, 429]);
			const response = await rawRequest(`${strict.url}/api/contact`, {
				headers: JSON_HEADERS,
				body: json(VALID_MESSAGE),
			});
			expect(response.status).toBe(429);
			expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
			expectItalianError(response, /troppi messaggi/);
			// Invalid messages count too: past the limit they get the 429 as well.
			expect((await postJson(strict.url, { ...VALID_MESSAGE, name: '' })).status).toBe(429);
			expect(countMessages(limited.dbPath)).toBe(2);
		} finally {
			await strict.stop();
			limited.remove();
		}
	}, 60_000);
});
