import { describe, expect, it } from 'vitest';
import { CONTACT_ERRORS, type ContactInput } from '../../../../src/lib/messages/message-schema';
import {
	CONTACT_SENT,
	NETWORK_ERROR,
	TIMEOUT_ERROR,
	type EmailStatus,
} from '../../../../src/lib/messages/outcome';
import {
	classifyAnswer,
	CONTACT_ENDPOINT,
	contactBody,
	readFieldErrors,
	sendContact,
	workerOutcome,
	type ContactFetch,
	type SendOutcome,
} from '../../../../src/lib/messages/send';

const input: ContactInput = {
	name: 'Mario Rossi',
	email: 'mario.rossi@example.it',
	phone: '+39 011 123 4567',
	message: 'Vorrei sapere se avete la whey al biscotto.',
	privacy: true,
};
const request = { input, trap: '', submissionKey: 'b6f1c2a4-9d3e-4f5a-8b7c-0123456789ab' };

const status = (adminNotified: boolean, userConfirmationSent: boolean): EmailStatus => ({
	adminNotified,
	userConfirmationSent,
	simulationMode: false,
});
const nothingSent = status(false, false);

/** A fetch that answers with this body and status, as the server (or a proxy) would. */
const answering =
	(body: string, init: ResponseInit = {}): ContactFetch =>
	() =>
		Promise.resolve(new Response(body, init));

const json = (value: unknown) => JSON.stringify(value);

describe('sendContact: what an answer means', () => {
	it.each<[string, ContactFetch, SendOutcome]>([
		[
			'200 with both e-mails sent',
			answering(json({ ok: true, emailStatus: status(true, true) })),
			{ kind: 'sent', status: status(true, true) },
		],
		[
			'200 answered before the mail server',
			answering(json({ emailStatus: { adminNotified: false, emailsPending: true } })),
			{ kind: 'sent', status: { ...nothingSent, emailsPending: true } },
		],
		['200 without a status', answering(json({ ok: true })), { kind: 'sent', status: nothingSent }],
		['200 that is not JSON', answering('OK'), { kind: 'sent', status: nothingSent }],
		[
			"202 from the service worker's queue",
			answering(json({ queued: true }), { status: 202 }),
			{ kind: 'queued' },
		],
		[
			'202 without queued',
			answering(json({}), { status: 202 }),
			{ kind: 'sent', status: nothingSent },
		],
		[
			'422 with field errors',
			answering(
				json({
					error: 'Controlla i campi evidenziati.',
					fields: { email: CONTACT_ERRORS.email, other: 'x', phone: 5 },
				}),
				{ status: 422, statusText: 'Unprocessable Entity' },
			),
			{
				kind: 'failed',
				reason: 'Controlla i campi evidenziati.',
				fields: { email: CONTACT_ERRORS.email },
			},
		],
		[
			'429 with the server’s Italian error',
			answering(json({ error: 'Troppi messaggi, riprova tra qualche minuto.' }), {
				status: 429,
			}),
			{ kind: 'failed', reason: 'Troppi messaggi, riprova tra qualche minuto.', fields: null },
		],
		[
			"502 with a proxy's page",
			answering('  Bad gateway  ', { status: 502, statusText: 'Bad Gateway' }),
			{ kind: 'failed', reason: '502: Bad gateway', fields: null },
		],
		[
			'500 with an empty body',
			answering('', { status: 500, statusText: 'Internal Server Error' }),
			{ kind: 'failed', reason: '500: Internal Server Error', fields: null },
		],
		[
			'500 with neither body nor status text',
			answering('', { status: 500 }),
			{ kind: 'failed', reason: '500', fields: null },
		],
		[
			'500 whose body cannot be read',
			() =>
				Promise.resolve({
					ok: false,
					status: 500,
					statusText: 'Internal Server Error',
					text: () => Promise.reject(new TypeError('body stream already read')),
				}),
			{ kind: 'failed', reason: '500: Internal Server Error', fields: null },
		],
		[
			'no answer at all, online',
			() => Promise.reject(new TypeError('Failed to fetch')),
			{ kind: 'failed', reason: NETWORK_ERROR, fields: null },
		],
		[
			'no answer in time',
			() => Promise.reject(new DOMException('signal timed out', 'TimeoutError')),
			{ kind: 'failed', reason: TIMEOUT_ERROR, fields: null },
		],
	])('%s', async (_case, fetch, outcome) => {
		expect(await sendContact(request, { fetch, isOffline: () => false })).toEqual(outcome);
	});

	it.each<[string, boolean, SendOutcome]>([
		['offline: sent again once online', true, { kind: 'offline' }],
		['online: the network error', false, { kind: 'failed', reason: NETWORK_ERROR, fields: null }],
	])('a failed request, %s', async (_case, offline, outcome) => {
		const fetch: ContactFetch = () => Promise.reject(new TypeError('Failed to fetch'));
		expect(await sendContact(request, { fetch, isOffline: () => offline })).toEqual(outcome);
	});

	it('asks whether the phone is offline only after a failed request', async () => {
		let asked = 0;
		const isOffline = () => {
			asked += 1;
			return true;
		};
		await sendContact(request, { fetch: answering(json({ ok: true })), isOffline });
		expect(asked).toBe(0);
	});
});

describe('sendContact: the request', () => {
	it('posts the JSON body to the endpoint with a timeout, calling fetch as a plain function', async () => {
		const calls: { url: string; init: RequestInit; self: unknown }[] = [];
		const fetch: ContactFetch = function (this: unknown, url, init) {
			calls.push({ url, init, self: this });
			return Promise.resolve(new Response(json({ ok: true })));
		};
		await sendContact(request, { fetch, isOffline: () => false });
		expect(calls).toHaveLength(1);
		const [{ url, init, self }] = calls as [(typeof calls)[number]];
		// window.fetch throws "Illegal invocation" when called as a method of another object.
		expect(self).toBeUndefined();
		expect(url).toBe(CONTACT_ENDPOINT);
		expect(init.method).toBe('POST');
		expect(init.headers).toEqual({
			'Content-Type': 'application/json',
			Accept: 'application/json',
		});
		expect(init.signal).toBeInstanceOf(AbortSignal);
		expect(init.body).toBe(contactBody(request));
	});

	it('gives up after timeoutMs with the timeout error', async () => {
		// A server that never answers: the request ends when its signal does, as fetch's would.
		const fetch: ContactFetch = (_url, init) =>
			new Promise((_resolve, reject) => {
				const { signal } = init;
				signal?.addEventListener('abort', () =>
					reject(signal.reason instanceof Error ? signal.reason : new Error('aborted')),
				);
			});
		expect(await sendContact(request, { fetch, isOffline: () => false, timeoutMs: 5 })).toEqual({
			kind: 'failed',
			reason: TIMEOUT_ERROR,
			fields: null,
		});
	});

	it.each([
		[request, { ...input, extra_info: '', submissionKey: request.submissionKey }],
		[
			{ ...request, trap: 'https://spam.example' },
			{ ...input, extra_info: 'https://spam.example', submissionKey: request.submissionKey },
		],
	])('contactBody(%j)', (sent, expected) => {
		expect(JSON.parse(contactBody(sent))).toEqual(expected);
	});
});

describe('readFieldErrors', () => {
	it.each([
		[undefined, null],
		['fields', null],
		[{}, null],
		[{ fields: null }, null],
		[{ fields: 'name' }, null],
		[{ fields: { unknown: 'x' } }, null],
		[{ fields: { name: 1 } }, null],
		[{ fields: { name: 'Troppo corto.' } }, { name: 'Troppo corto.' }],
		[
			{ fields: { privacy: CONTACT_ERRORS.privacy, message: CONTACT_ERRORS.message } },
			{ privacy: CONTACT_ERRORS.privacy, message: CONTACT_ERRORS.message },
		],
	])('%j -> %j', (body, expected) => {
		expect(readFieldErrors(body)).toEqual(expected);
	});
});

describe('classifyAnswer', () => {
	it.each<[boolean, number, unknown, SendOutcome['kind']]>([
		[true, 200, { ok: true }, 'sent'],
		[true, 201, '', 'sent'],
		[true, 202, { queued: true }, 'queued'],
		[true, 202, { queued: 'true' }, 'sent'],
		[false, 400, { queued: true }, 'failed'],
		[false, 503, '', 'failed'],
	])('ok=%s %i %j -> %s', (ok, code, body, kind) => {
		expect(classifyAnswer({ ok, status: code, statusText: '' }, body).kind).toBe(kind);
	});
});

describe("workerOutcome: the service worker's report of a queued message", () => {
	it.each<[unknown, SendOutcome | null]>([
		[null, null],
		['CONTACT_SENT', null],
		[{ type: 'OTHER', ok: true }, null],
		[
			{ type: CONTACT_SENT, ok: true, body: { emailStatus: status(true, true) } },
			{ kind: 'sent', status: status(true, true) },
		],
		[
			{ type: CONTACT_SENT, ok: true },
			{ kind: 'sent', status: nothingSent },
		],
		[
			{ type: CONTACT_SENT, ok: false, body: { error: 'Messaggio non valido.' } },
			{ kind: 'failed', reason: 'Messaggio non valido.', fields: null },
		],
		[
			{ type: CONTACT_SENT, ok: false, body: 'Bad gateway' },
			{ kind: 'failed', reason: '0: Bad gateway', fields: null },
		],
		[{ type: CONTACT_SENT }, { kind: 'failed', reason: '0', fields: null }],
	])('%j -> %j', (data, outcome) => {
		expect(workerOutcome(data)).toEqual(outcome);
	});
});
