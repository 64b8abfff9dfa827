import { describe, expect, it } from 'vitest';
import {
	cameraErrorText,
	scannedValueOf,
	scanOutcomeOf,
	SCAN_TEXTS,
} from '../../../../src/lib/reservations/scan';

describe('scannedValueOf', () => {
	it.each([
		['K7M2QX', 'K7M2QX'],
		['k7m2qx', 'K7M2QX'],
		['  K7M2QX\n', 'K7M2QX'],
		// Not from the alphabet: 0, O, 1, I, L, U, V are never drawn.
		['K7M2Q0', null],
		['K7M2QO', null],
		['K7M2QU', null],
		['K7M2Q', null],
		['K7M2QXX', null],
		['https://www.vigorsport.it/prenotazione/abc', null],
		['8001234567890', null],
		['', null],
	])('%j → %j', (raw, code) => {
		const value = scannedValueOf(raw);
		expect(value.kind === 'code' ? value.code : null).toBe(code);
	});
});

describe('scanOutcomeOf', () => {
	it.each([
		[200, { id: 7, href: '/gestione/prenotazioni/7' }, 'open /gestione/prenotazioni/7'],
		[
			404,
			{ error: 'x' },
			'say Nessuna prenotazione dei tuoi negozi con il codice K7M2QX. Controlla il codice e riprova.',
		],
		[401, { error: 'x' }, `say ${SCAN_TEXTS.signedOut}`],
		[403, null, `say ${SCAN_TEXTS.signedOut}`],
		[500, null, `say ${SCAN_TEXTS.failed}`],
		[0, null, `say ${SCAN_TEXTS.failed}`],
		// Only the desk's own addresses are opened.
		[200, { href: 'https://esempio.example/' }, `say ${SCAN_TEXTS.failed}`],
		[200, { href: '/gestione/prenotazioni/7?x' }, `say ${SCAN_TEXTS.failed}`],
		[200, 'testo', `say ${SCAN_TEXTS.failed}`],
	])('%d %j → %s', (status, body, expected) => {
		const outcome = scanOutcomeOf('K7M2QX', status, body);
		expect(outcome.kind === 'open' ? `open ${outcome.href}` : `say ${outcome.text}`).toBe(expected);
	});
});

describe('cameraErrorText', () => {
	it.each([
		['NotAllowedError', SCAN_TEXTS.denied],
		['SecurityError', SCAN_TEXTS.denied],
		['NotFoundError', SCAN_TEXTS.noCamera],
		['OverconstrainedError', SCAN_TEXTS.noCamera],
		['NotReadableError', SCAN_TEXTS.cameraFailed],
		[undefined, SCAN_TEXTS.cameraFailed],
	])('%s', (name, text) => {
		expect(cameraErrorText(name)).toBe(text);
	});
});
