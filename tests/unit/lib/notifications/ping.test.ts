import { describe, expect, it } from 'vitest';
import {
	parsePing,
	pingDay,
	pingTitle,
	piecesText,
	pingTarget,
	reservationPath,
} from '../../../../src/lib/notifications/ping';

/** The ping of a new reservation: its day in words, its title, and what a push may carry. */

describe('pingDay', () => {
	it.each([
		['2026-11-28', '2026-11-28', 'oggi'],
		['2026-11-29', '2026-11-28', 'domani'],
		['2026-11-27', '2026-11-28', 'ieri'],
		['2026-11-30', '2026-11-28', 'lunedì 30 novembre'],
		['2026-12-05', '2026-11-28', 'sabato 5 dicembre'],
		// Across a month and a year.
		['2026-12-01', '2026-11-30', 'domani'],
		['2027-01-01', '2026-12-31', 'domani'],
		// The night summer time ends (25 October 2026) still counts one day.
		['2026-10-26', '2026-10-25', 'domani'],
		['2027-03-01', '2027-02-28', 'domani'],
		['not-a-day', '2026-11-28', 'not-a-day'],
	])('%s seen on %s → %s', (day, today, expected) => {
		expect(pingDay(day, today)).toBe(expected);
	});
});

describe('pingTitle', () => {
	const ping = { code: 'K7M2QX', day: '2026-11-29', pieces: 3, url: reservationPath(12) };
	it.each([
		// 23:30 in Rome on the 28th is 22:30 UTC: tomorrow is the 29th.
		['2026-11-28T22:30:00Z', 'Nuova prenotazione K7M2QX · domani · 3 pezzi'],
		// 00:30 in Rome on the 29th is still the 28th in UTC: the day is today already.
		['2026-11-28T23:30:00Z', 'Nuova prenotazione K7M2QX · oggi · 3 pezzi'],
		['2026-11-26T09:00:00Z', 'Nuova prenotazione K7M2QX · domenica 29 novembre · 3 pezzi'],
	])('at %s → %s', (now, expected) => {
		expect(pingTitle(ping, new Date(now))).toBe(expected);
	});

	it.each([
		[1, '1 pezzo'],
		[2, '2 pezzi'],
		[12, '12 pezzi'],
	])('%i → %s', (pieces, expected) => {
		expect(piecesText(pieces)).toBe(expected);
	});
});

describe('parsePing', () => {
	const good = { code: 'K7M2QX', day: '2026-11-29', pieces: 3, url: '/gestione/prenotazioni/12' };
	it('reads a reservation’s ping and drops anything else it carries', () => {
		expect(parsePing({ ...good, name: 'Mario' })).toEqual(good);
	});
	it.each([
		[null],
		['K7M2QX'],
		[{ ...good, code: 'k7m2qx' }],
		[{ ...good, day: '29/11/2026' }],
		[{ ...good, pieces: 0 }],
		[{ ...good, pieces: 1.5 }],
		[{ ...good, url: 'https://example.com/gestione/prenotazioni/12' }],
		[{ ...good, url: '/gestione/prenotazioni/12/../../x' }],
	])('refuses %j', (value) => {
		expect(parsePing(value)).toBeNull();
	});
});

describe('pingTarget', () => {
	it.each([
		[{ url: '/gestione/prenotazioni/12' }, '/gestione/prenotazioni/12'],
		[{ url: 'https://evil.example/gestione/prenotazioni/12' }, '/gestione'],
		[{ url: '//evil.example/x' }, '/gestione'],
		[{ url: '/gestione/prenotazioni/12/../../../admin' }, '/gestione'],
		[{}, '/gestione'],
		[null, '/gestione'],
	])('a tap on %j opens %s', (data, expected) => {
		expect(pingTarget(data)).toBe(expected);
	});
});
