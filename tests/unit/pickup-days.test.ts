import { describe, expect, it } from 'vitest';
import {
	PICKUP_DAY_ERRORS,
	PICKUP_HORIZON_DAYS,
	pickupDayError,
	pickupDayHours,
	pickupDayLabel,
	pickupDays,
	romeToday,
} from '../../src/lib/pickup/days';
import { TORINO_HOURS } from '../fixtures/shops';

/** Aosta-like hours: closed on Monday and Sunday. */
const CLOSED_MONDAY = { ...TORINO_HOURS, lunedi: [] };

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
			name: 'across the year end',
			now: '2026-12-30T12:00:00Z',
			hours: TORINO_HOURS,
			count: 3,
			dates: ['2026-12-31', '2027-01-01', '2027-01-02'],
		},
		{
			name: 'a shop that never opens: none',
			now: '2026-11-26T10:00:00Z',
			hours: {},
			count: 5,
			dates: [],
		},
	])('$name', ({ now, hours, count, dates }) => {
		expect(pickupDays(hours, new Date(now), count).map((day) => day.date)).toEqual(dates);
	});

	it('gives each day its weekday, Italian label and hours', () => {
		const [friday, saturday] = pickupDays(TORINO_HOURS, new Date('2026-11-26T10:00:00Z'), 2);
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
		const days = pickupDays(onlySunday, new Date('2026-11-26T10:00:00Z'), 50);
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
		['2026-12-26', undefined], // Saturday, 30 days ahead
		['2026-12-28', PICKUP_DAY_ERRORS.tooFar],
		['2026-02-30', PICKUP_DAY_ERRORS.invalid],
		['27/11/2026', PICKUP_DAY_ERRORS.invalid],
		['', PICKUP_DAY_ERRORS.invalid],
		['2026-11-27T00:00', PICKUP_DAY_ERRORS.invalid],
	])('%s: %s', (date, error) => {
		expect(pickupDayError(TORINO_HOURS, now, date)).toBe(error);
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
		expect(pickupDayHours(TORINO_HOURS, date)).toEqual(expected);
	});
});
