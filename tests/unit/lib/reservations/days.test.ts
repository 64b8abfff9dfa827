import { describe, expect, it } from 'vitest';
import {
	PICKUP_DAY_ERRORS,
	PICKUP_HORIZON_DAYS,
	pickupDayError,
	pickupDayHours,
	pickupDayLabel,
	pickupDays,
	romeToday,
} from '../../../../src/lib/reservations/days';
import { TORINO_HOURS } from '../../../fixtures/shops';

/** Aosta-like hours: closed on Monday and Sunday. */
const CLOSED_MONDAY = { ...TORINO_HOURS, lunedi: [] };
/** The Torino shop with no closures of its own: national holidays still close it. */
const TORINO = { hours: TORINO_HOURS };
/** Torino closed for the summer, open on the Immacolata and on a Sunday before Christmas. */
const TORINO_CALENDAR = {
	hours: TORINO_HOURS,
	closures: [
		{ from: '2026-08-10', to: '2026-08-23', note: 'Chiuso per ferie' },
		{ from: '2026-12-24', to: '2026-12-24' },
	],
	openings: [{ date: '2026-12-08' }, { date: '2026-12-20', hours: ['10:00-13:00'] }],
};

describe('romeToday', () => {
	it.each([
		// 23:30 UTC on 26 November is already 27 November in Rome (UTC+1 in winter).
		['2026-11-26T23:30:00Z', '2026-11-27'],
		['2026-11-26T22:59:00Z', '2026-11-26'],
		// Summer time: UTC+2.
		['2026-06-30T22:30:00Z', '2026-07-01'],
		['2026-06-30T21:59:00Z', '2026-06-30'],
	])('%s is %s in Rome', (now, expected) => {
		expect(romeToday(new Date(now))).toBe(expected);
	});
});

describe('pickupDays', () => {
	it.each([
		{
			name: 'Thursday: from Friday, skipping Sunday',
			now: '2026-11-26T10:00:00Z',
			hours: TORINO_HOURS,
			count: 4,
			dates: ['2026-11-27', '2026-11-28', '2026-11-30', '2026-12-01'],
		},
		{
			name: 'Saturday: Sunday closed, from Monday',
			now: '2026-11-28T08:00:00Z',
			hours: TORINO_HOURS,
			count: 2,
			dates: ['2026-11-30', '2026-12-01'],
		},
		{
			name: 'Saturday, shop closed on Monday too: from Tuesday',
			now: '2026-11-28T08:00:00Z',
			hours: CLOSED_MONDAY,
			count: 2,
			dates: ['2026-12-01', '2026-12-02'],
		},
		{
			name: 'late on Friday in UTC, already Saturday in Rome: from Monday',
			now: '2026-11-27T23:30:00Z',
			hours: TORINO_HOURS,
			count: 1,
			dates: ['2026-11-30'],
		},
		{
			name: 'across the change to summer time (29 March 2026)',
			now: '2026-03-27T12:00:00Z',
			hours: TORINO_HOURS,
			count: 3,
			dates: ['2026-03-28', '2026-03-30', '2026-03-31'],
		},
		{
			name: 'across the year end, skipping New Year’s Day',
			now: '2026-12-30T12:00:00Z',
			hours: TORINO_HOURS,
			count: 3,
			dates: ['2026-12-31', '2027-01-02', '2027-01-04'],
		},
		{
			name: 'a shop that never opens: none',
			now: '2026-11-26T10:00:00Z',
			hours: {},
			count: 5,
			dates: [],
		},
	])('$name', ({ now, hours, count, dates }) => {
		expect(pickupDays({ hours }, new Date(now), count).map((day) => day.date)).toEqual(dates);
	});

	it('gives each day its weekday, Italian label and hours', () => {
		const [friday, saturday] = pickupDays(TORINO, new Date('2026-11-26T10:00:00Z'), 2);
		expect(friday).toEqual({
			date: '2026-11-27',
			weekday: 'venerdi',
			label: 'venerdì 27 novembre',
			hours: ['09:30-12:30', '15:30-19:30'],
		});
		expect(saturday?.hours).toEqual(['09:30-12:30']);
	});

	it('never goes beyond the horizon', () => {
		const onlySunday = { domenica: ['10:00-12:00'] };
		const days = pickupDays({ hours: onlySunday }, new Date('2026-11-26T10:00:00Z'), 50);
		// 27 December is 31 days after Thursday 26 November.
		expect(PICKUP_HORIZON_DAYS).toBe(30);
		expect(days.map((day) => day.date)).toEqual([
			'2026-11-29',
			'2026-12-06',
			'2026-12-13',
			'2026-12-20',
		]);
	});
});

describe('pickupDayError', () => {
	const now = new Date('2026-11-26T10:00:00Z'); // Thursday
	it.each([
		['2026-11-27', undefined],
		['2026-11-26', undefined], // today: a reservation queued offline may arrive late
		['2026-11-29', PICKUP_DAY_ERRORS.closed], // Sunday
		['2026-11-25', PICKUP_DAY_ERRORS.past],
		['2026-12-19', undefined], // Saturday, 23 days ahead
		['2026-12-28', PICKUP_DAY_ERRORS.tooFar],
		['2026-02-30', PICKUP_DAY_ERRORS.invalid],
		['27/11/2026', PICKUP_DAY_ERRORS.invalid],
		['', PICKUP_DAY_ERRORS.invalid],
		['2026-11-27T00:00', PICKUP_DAY_ERRORS.invalid],
	])('%s: %s', (date, error) => {
		expect(pickupDayError(TORINO, now, date)).toBe(error);
	});
});

describe('pickupDayLabel', () => {
	it.each([
		['2026-11-27', 'venerdì 27 novembre'],
		['2027-01-01', 'venerdì 1 gennaio'],
		['nope', ''],
	])('%s is «%s»', (date, label) => {
		expect(pickupDayLabel(date)).toBe(label);
	});
});

describe('pickupDayHours', () => {
	it.each([
		['2026-11-27', ['09:30-12:30', '15:30-19:30']],
		['2026-11-28', ['09:30-12:30']],
		['2026-11-29', []],
		['2026-02-30', []],
		['domani', []],
	])('%s: %j', (date, expected) => {
		expect(pickupDayHours(TORINO, date)).toEqual(expected);
	});
});

describe('closures and national holidays: no pickup', () => {
	it.each([
		{
			name: 'Christmas week: 24 December closed by the shop, 25 and 26 by the holidays',
			now: '2026-12-22T10:00:00Z',
			shop: TORINO_CALENDAR,
			dates: ['2026-12-23', '2026-12-28', '2026-12-29'],
		},
		{
			name: 'the same week without the shop’s closure: 24 December open',
			now: '2026-12-22T10:00:00Z',
			shop: TORINO,
			dates: ['2026-12-23', '2026-12-24', '2026-12-28'],
		},
		{
			name: 'the Immacolata opened by the shop, a Sunday with its own hours',
			now: '2026-12-06T10:00:00Z',
			shop: TORINO_CALENDAR,
			dates: ['2026-12-07', '2026-12-08', '2026-12-09'],
		},
		{
			name: 'the Immacolata of a shop that does not open it',
			now: '2026-12-06T10:00:00Z',
			shop: TORINO,
			dates: ['2026-12-07', '2026-12-09', '2026-12-10'],
		},
		{
			name: 'a summer closure: from the day after it',
			now: '2026-08-08T10:00:00Z',
			shop: TORINO_CALENDAR,
			dates: ['2026-08-24', '2026-08-25', '2026-08-26'],
		},
		{
			name: 'Easter Monday 2027 (29 March)',
			now: '2027-03-26T10:00:00Z',
			shop: TORINO,
			dates: ['2027-03-27', '2027-03-30', '2027-03-31'],
		},
	])('$name', ({ now, shop, dates }) => {
		expect(pickupDays(shop, new Date(now), 3).map((day) => day.date)).toEqual(dates);
	});

	it('a Sunday opening has its own hours', () => {
		const days = pickupDays(TORINO_CALENDAR, new Date('2026-12-18T10:00:00Z'), 3);
		expect(days.map((day) => [day.date, day.hours])).toEqual([
			['2026-12-19', ['09:30-12:30']],
			['2026-12-20', ['10:00-13:00']],
			['2026-12-21', ['09:30-12:30', '15:30-19:30']],
		]);
	});

	it.each([
		['2026-12-24', 'Chiuso il 24 dicembre 2026. Scegli un altro giorno di ritiro.'],
		[
			'2026-12-25',
			'Il negozio è chiuso il 25 dicembre (Natale): scegli un altro giorno di ritiro.',
		],
		[
			'2026-12-26',
			'Il negozio è chiuso il 26 dicembre (Santo Stefano): scegli un altro giorno di ritiro.',
		],
		['2026-12-08', undefined],
		['2026-12-20', undefined],
		['2026-12-27', PICKUP_DAY_ERRORS.closed],
	])('the server refuses %s: %s', (date, error) => {
		expect(pickupDayError(TORINO_CALENDAR, new Date('2026-12-01T10:00:00Z'), date)).toBe(error);
	});

	it('names the note of a closure', () => {
		expect(pickupDayError(TORINO_CALENDAR, new Date('2026-08-01T10:00:00Z'), '2026-08-12')).toBe(
			'Chiuso dal 10 al 23 agosto 2026: Chiuso per ferie. Scegli un altro giorno di ritiro.',
		);
	});

	it("says l'8 dicembre with its article", () => {
		expect(pickupDayError(TORINO, new Date('2026-12-01T10:00:00Z'), '2026-12-08')).toBe(
			"Il negozio è chiuso l'8 dicembre (Immacolata Concezione): scegli un altro giorno di ritiro.",
		);
	});
});
