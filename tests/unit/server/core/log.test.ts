import { describe, expect, it } from 'vitest';
import { createJsonLog, REDACTED } from '../../../../src/server/core/log';
import { maskAddresses, scrubPath, scrubText } from '../../../../src/lib/http/scrub';

/** The customer's link of the tests: 32 characters of base64url, as the server makes them. */
const TOKEN = 'Qk9vX2ZhbHNvLXRva2VuLWZvci10ZXN0';

describe('scrubPath: what the log shows of a request target', () => {
	it.each([
		['/cerca?q=whey', '/cerca'],
		['/lista-ritiro/confermata?codice=ABC123#x', '/lista-ritiro/confermata'],
		[undefined, '/'],
		['', '/'],
		['?q=1', '/'],
		[`/${'a'.repeat(300)}`, `/${'a'.repeat(199)}…`],
		// The customer's link is a key: never its token, whatever follows it or however spelt.
		[`/prenotazione/${TOKEN}`, '/prenotazione/…'],
		[`/prenotazione/${TOKEN}?annulla`, '/prenotazione/…'],
		[`/prenotazione/${TOKEN}/`, '/prenotazione/…'],
		[`/Prenotazione/${TOKEN}`, '/Prenotazione/…'],
		[`//prenotazione//${TOKEN}`, '//prenotazione//…'],
		[`/%70renotazione/${TOKEN}`, '/prenotazione/…'],
		[`/prenotazione%2F${TOKEN}`, '/prenotazione/…'],
		['/prenotazione/', '/prenotazione/'],
		// The editor's GitHub sign-in: `code` and `state` are in the query, never logged.
		['/api/auth/callback?code=0123abcd&state=s3cr3t', '/api/auth/callback'],
		// A staff link's token is in the fragment, which browsers never send; were one sent, it
		// would go the same way.
		[`/gestione/attiva#${TOKEN}`, '/gestione/attiva'],
		['/api/gestione/prenotazioni/12', '/api/gestione/prenotazioni/12'],
	])('%s → %s', (url, path) => {
		expect(scrubPath(url)).toBe(path);
	});
});

describe('scrubText: free text that may quote a path or an address', () => {
	it.each([
		[
			'Errore 550 <mario.rossi@example.it>: utente sconosciuto',
			'Errore 550 <[indirizzo]>: utente sconosciuto',
		],
		['per a.b+c@sub.example.co.uk, ok', 'per [indirizzo], ok'],
		['nessun indirizzo qui @ nulla', 'nessun indirizzo qui @ nulla'],
		[
			`GET http://127.0.0.1/prenotazione/${TOKEN}?annulla: 500`,
			'GET http://127.0.0.1/prenotazione/…?annulla: 500',
		],
		['/api/auth/callback?code=abc123&state=xyz failed', '/api/auth/callback?code=…&state=… failed'],
		['nothing secret here', 'nothing secret here'],
	])('%s', (text, scrubbed) => {
		expect(scrubText(text)).toBe(scrubbed);
	});

	it('masks addresses alone too', () => {
		expect(maskAddresses('scrivi a x@y.it')).toBe('scrivi a [indirizzo]');
	});
});

/** A log whose lines are kept in an array. */
function keptLog() {
	const lines: string[] = [];
	const log = createJsonLog({ write: (line: string) => void lines.push(line) });
	const events = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
	return { log, lines, events };
}

describe('the JSON log', () => {
	it('writes e-mail attempts and console-like texts as one JSON line each, scrubbed', () => {
		const { log, lines, events } = keptLog();
		log.emailAttempt({
			emailId: 7,
			kind: 'confirmation',
			about: 'reservation',
			attempt: 2,
			outcome: 'retry',
			authFailure: false,
			durationMs: 12,
		});
		log.consoleLog.warn('Contact: rifiutata per', 'x@example.it');
		expect(
			lines.every((line) => line.endsWith('\n') && line.indexOf('\n') === line.length - 1),
		).toBe(true);
		const [attempt, text] = events();
		expect(attempt).toMatchObject({
			level: 'info',
			type: 'email',
			emailId: 7,
			kind: 'confirmation',
			about: 'reservation',
			attempt: 2,
			outcome: 'retry',
			authFailure: false,
			durationMs: 12,
		});
		expect(attempt?.['time']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
		expect(text).toMatchObject({
			level: 'warn',
			type: 'log',
			message: 'Contact: rifiutata per [indirizzo]',
		});
	});

	it('keeps an error on one line, its stack a field, scrubbed', () => {
		const { log, lines, events } = keptLog();
		const error = new Error(`no /prenotazione/${TOKEN} for mario@example.it`);
		log.consoleLog.error('Error answering GET', `/prenotazione/${TOKEN}:`, error);
		expect(lines).toHaveLength(1);
		expect(lines[0]?.trimEnd()).not.toContain('\n');
		const [event] = events();
		const err = event?.['err'] as Record<string, string>;
		expect(event?.['message']).toBe('Error answering GET /prenotazione/…:');
		expect(err['type']).toBe('Error');
		expect(err['message']).toBe('no /prenotazione/… for [indirizzo]');
		expect(err['stack']).toMatch(/^Error: no \/prenotazione\/… for \[indirizzo\]\n\s+at /);
		expect(lines[0]).not.toContain(TOKEN);
	});

	it('sends the console through the log', () => {
		const { log, events } = keptLog();
		const quiet = (..._parts: unknown[]): void => undefined;
		const target = { log: quiet, info: quiet, warn: quiet, error: quiet, debug: quiet };
		log.routeConsole(target);
		target.log('Server listening on http://127.0.0.1:4321');
		target.error(new TypeError('boom'));
		const [listening, failure] = events();
		expect(listening).toMatchObject({
			level: 'info',
			message: 'Server listening on http://127.0.0.1:4321',
		});
		expect(failure).toMatchObject({ level: 'error', err: { type: 'TypeError', message: 'boom' } });
	});

	it('hides fields named as secrets or personal details', () => {
		const { log, lines, events } = keptLog();
		log.logger.info({
			token: TOKEN,
			code: 'oauth-code',
			state: 'oauth-state',
			request: { cookie: '__Host-gestione=abc', headers: { authorization: 'Bearer x' } },
			visitor: { email: 'a@b.it', phone: '+39 333' },
			err: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }),
		});
		const [event] = events();
		expect(event).toMatchObject({
			token: REDACTED,
			code: REDACTED,
			state: REDACTED,
			request: { cookie: REDACTED, headers: REDACTED },
			visitor: { email: REDACTED, phone: REDACTED },
			err: { code: 'ECONNREFUSED' },
		});
		for (const secret of [
			TOKEN,
			'oauth-code',
			'oauth-state',
			'__Host',
			'Bearer',
			'a@b.it',
			'333',
		]) {
			expect(lines[0]).not.toContain(secret);
		}
	});
});
