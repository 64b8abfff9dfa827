import { describe, expect, it } from 'vitest';
import {
	dayIndexer,
	lastWeeks,
	mondayOf,
	parsePeriod,
	rangeText,
	romeMidnight,
} from '../../../../src/lib/reports/period';

/** The periods of l'andamento in Rome's calendar, weeks from Monday. */
describe('Rome weeks', () => {
	it.each([
		['2026-11-23', '2026-11-23'], // a Monday
		['2026-11-29', '2026-11-23'], // the Sunday after
		['2026-11-24', '2026-11-23'],
		['2027-01-01', '2026-12-28'], // across the year
	])('the Monday of %s is %s', (date, monday) => {
		expect(mondayOf(date)).toBe(monday);
	});

	it.each([
		// winter: UTC+1, midnight at 23:00 UTC the day before
		['2026-11-23', '2026-11-22T23:00:00.000Z'],
		// summer: UTC+2
		['2026-07-06', '2026-07-05T22:00:00.000Z'],
		// the day the clocks go forward (29 March 2026): its midnight is still UTC+1
		['2026-03-29', '2026-03-28T23:00:00.000Z'],
		['2026-03-30', '2026-03-29T22:00:00.000Z'],
		// the day they go back (25 October 2026): its midnight is still UTC+2
		['2026-10-25', '2026-10-24T22:00:00.000Z'],
		['2026-10-26', '2026-10-25T23:00:00.000Z'],
	])('midnight of %s in Rome is %s', (date, iso) => {
		expect(new Date(romeMidnight(date)).toISOString()).toBe(iso);
	});

	// Sunday 29 November 2026, 10:00 in Rome.
	const now = new Date('2026-11-29T09:00:00Z');

	it.each([
		[{}, '2026-11-23', '2026-11-29', 'settimana'],
		[{ periodo: 'scorsa' }, '2026-11-16', '2026-11-22', 'scorsa'],
		[{ periodo: '4settimane' }, '2026-11-02', '2026-11-29', '4settimane'],
		[{ da: '2026-10-01', a: '2026-10-31' }, '2026-10-01', '2026-10-31', 'intervallo'],
		// a range into the future stops today
		[{ da: '2026-11-20', a: '2026-12-31' }, '2026-11-20', '2026-11-29', 'intervallo'],
	] as const)('%j covers %s to %s', (params, from, to, choice) => {
		const answer = parsePeriod(params, now);
		if (!('period' in answer)) throw new Error(answer.error);
		expect(answer.period).toMatchObject({ from, to, choice });
		expect(answer.period.startIso).toBe(new Date(romeMidnight(from)).toISOString());
		// This week ends now, not at Sunday's midnight.
		expect(answer.period.endIso <= now.toISOString()).toBe(true);
	});

	it.each([
		[{ da: '2026-02-30' }, 'Scegli le date nel formato AAAA-MM-GG, per esempio 2026-11-02.'],
		[
			{ da: '2026-11-10', a: '2026-11-01' },
			'La data di inizio deve venire prima di quella di fine.',
		],
		[{ da: '2026-12-10', a: '2026-12-11' }, 'La data di inizio non può essere nel futuro.'],
		[{ da: '2020-01-01', a: '2026-11-01' }, 'Scegli un intervallo di al massimo due anni.'],
	] as const)('%j is refused: %s', (params, error) => {
		expect(parsePeriod(params, now)).toEqual({ error });
	});

	it('the last 12 weeks end with this one', () => {
		const weeks = lastWeeks(now, 12);
		expect(weeks).toHaveLength(12);
		expect(weeks.at(-1)).toBe('2026-11-23');
		expect(weeks[0]).toBe('2026-09-07');
	});

	it.each([
		['2026-11-16', '2026-11-22', 'dal 16 al 22 novembre 2026'],
		['2026-10-26', '2026-11-01', 'dal 26 ottobre al 1 novembre 2026'],
		['2026-12-28', '2027-01-03', 'dal 28 dicembre 2026 al 3 gennaio 2027'],
		['2026-05-05', '2026-05-05', 'il 5 maggio 2026'],
	])('%s to %s reads %s', (from, to, text) => {
		expect(rangeText(from, to)).toBe(text);
	});

	it('places stored times on Rome days', () => {
		const index = dayIndexer('2026-10-24', 3);
		expect(index('2026-10-23T21:59:59.999Z')).toBe(-1);
		expect(index('2026-10-23T22:00:00.000Z')).toBe(0); // midnight of the 24th, UTC+2
		expect(index('2026-10-24T22:30:00.000Z')).toBe(1); // 25th at 00:30, still UTC+2
		expect(index('2026-10-25T22:59:00.000Z')).toBe(1); // 25th at 23:59, now UTC+1
		expect(index('2026-10-25T23:00:00.000Z')).toBe(2);
		expect(index('2026-10-27T12:00:00.000Z')).toBe(3); // after the three days
	});
});
