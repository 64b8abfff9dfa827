import { describe, expect, it } from 'vitest';
import {
	failureDescription,
	failureReason,
	NETWORK_ERROR,
	readEmailStatus,
	requestFailure,
	TIMEOUT_ERROR,
	successToast,
	type EmailStatus,
	isQueuedAnswer,
} from '../../../../src/lib/messages/outcome';

const status = (
	adminNotified: boolean,
	userConfirmationSent: boolean,
	simulationMode: boolean,
): EmailStatus => ({ adminNotified, userConfirmationSent, simulationMode });
/** The same status, answered before the mail server did. */
const pending = (emailStatus: EmailStatus): EmailStatus => ({
	...emailStatus,
	emailsPending: true,
});

describe('successToast', () => {
	it.each([
		[status(false, false, true), 'Messaggio ricevuto in modalità simulazione'],
		[status(true, true, true), 'Messaggio ricevuto in modalità simulazione'],
		[status(true, true, false), 'Messaggio inviato con successo!'],
		[status(true, false, false), 'Messaggio ricevuto'],
		[status(false, true, false), 'Messaggio salvato'],
		[status(false, false, false), 'Messaggio salvato'],
		[pending(status(false, false, false)), 'Messaggio ricevuto'],
		[pending(status(true, false, false)), 'Messaggio ricevuto'],
		[pending(status(true, true, false)), 'Messaggio inviato con successo!'],
		[pending(status(false, false, true)), 'Messaggio ricevuto in modalità simulazione'],
	])('%j -> %s', (emailStatus, title) => {
		expect(successToast(emailStatus).title).toBe(title);
	});

	it('explains each case', () => {
		expect(successToast(status(false, false, true)).description).toContain('non vengono inviate');
		expect(successToast(status(true, true, false)).description).toContain('conferma');
		expect(successToast(status(true, false, false)).description).toContain('problema');
		expect(successToast(status(false, false, false)).description).toContain('contatteremo');
		expect(successToast(pending(status(false, false, false))).description).toContain('a breve');
	});
});

describe('readEmailStatus', () => {
	it.each([
		[undefined, status(false, false, false)],
		[null, status(false, false, false)],
		['sì', status(false, false, false)],
		[{}, status(false, false, false)],
		[{ adminNotified: 'true', simulationMode: 1 }, status(false, false, false)],
		[{ adminNotified: true }, status(true, false, false)],
		[
			{ adminNotified: true, userConfirmationSent: true, simulationMode: false },
			status(true, true, false),
		],
		[{ emailsPending: true }, pending(status(false, false, false))],
		[{ emailsPending: 'yes' }, status(false, false, false)],
	])('%j -> %j (missing counts as false)', (value, expected) => {
		expect(readEmailStatus(value)).toEqual(expected);
	});
});

describe('failure toast', () => {
	it('reads "Si è verificato un errore: {message}"', () => {
		expect(failureDescription('rete assente')).toBe('Si è verificato un errore: rete assente');
	});

	it.each([
		[429, 'Too Many Requests', { error: 'Troppi messaggi.' }, 'Troppi messaggi.'],
		[500, 'Internal Server Error', { error: '' }, '500: Internal Server Error'],
		[502, 'Bad Gateway', '<html>proxy</html>', '502: <html>proxy</html>'],
		[503, 'Service Unavailable', '', '503: Service Unavailable'],
		[504, '', null, '504'],
	])('%i %s %j -> %s', (code, text, body, expected) => {
		expect(failureReason(code, text, body)).toBe(expected);
	});
});

describe('isQueuedAnswer', () => {
	it.each([
		[202, { queued: true }, true],
		[202, { queued: false }, false],
		[201, { queued: true }, false],
		[202, 'queued', false],
		[202, null, false],
	])('%i %o → %s', (status, body, expected) => {
		expect(isQueuedAnswer(status, body)).toBe(expected);
	});
});

describe('requestFailure', () => {
	it.each([
		[new DOMException('signal timed out', 'TimeoutError'), TIMEOUT_ERROR],
		[new DOMException('aborted', 'AbortError'), NETWORK_ERROR],
		[new TypeError('Failed to fetch'), NETWORK_ERROR],
		['x', NETWORK_ERROR],
	])('%s -> its message', (error, message) => {
		expect(requestFailure(error)).toBe(message);
	});
});
