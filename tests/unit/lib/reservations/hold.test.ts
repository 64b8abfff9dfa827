import { describe, expect, it } from 'vitest';
import {
	heldThrough,
	isHolding,
	type ReservationStatus,
} from '../../../../src/lib/reservations/hold';

describe('heldThrough: the pickup day plus the hold days', () => {
	it.each([
		['2026-12-10', 0, '2026-12-10'],
		['2026-12-10', 2, '2026-12-12'],
		// Across a month, a year, a leap day and a common year's February.
		['2026-11-29', 3, '2026-12-02'],
		['2026-12-30', 3, '2027-01-02'],
		['2028-02-27', 2, '2028-02-29'],
		['2027-02-27', 2, '2027-03-01'],
		// Across both summer-time changes in Rome: still calendar days.
		['2027-03-27', 2, '2027-03-29'],
		['2026-10-24', 2, '2026-10-26'],
		['2026-12-10', 30, '2027-01-09'],
	])('%s with %i hold days: held through %s', (day, holdDays, expected) => {
		expect(heldThrough(day, holdDays)).toBe(expected);
	});

	it.each([
		['2026-02-30', 2],
		['10/12/2026', 2],
		['2026-12-10', -1],
		['2026-12-10', 1.5],
	])('refuses %s with %s hold days', (day, holdDays) => {
		expect(() => heldThrough(day, holdDays)).toThrow(RangeError);
	});
});

describe('isHolding: held until the midnight (Rome) that ends the last held day', () => {
	it.each<[ReservationStatus, string, string, boolean]>([
		// Held through 12 December: 23:59 in Rome on the 12th (UTC+1) still holds.
		['held', '2026-12-12', '2026-12-12T22:59:59Z', true],
		// Midnight in Rome: the 13th has begun, the pieces are free.
		['held', '2026-12-12', '2026-12-12T23:00:00Z', false],
		// Stored days before the pickup day: held from the start.
		['held', '2026-12-12', '2026-12-01T08:00:00Z', true],
		// Summer time (UTC+2): 22:00 UTC on 30 June is already 1 July in Rome.
		['held', '2026-06-30', '2026-06-30T21:59:59Z', true],
		['held', '2026-06-30', '2026-06-30T22:00:00Z', false],
		// Ready for pickup holds the same way.
		['ready', '2026-12-12', '2026-12-12T22:59:59Z', true],
		['ready', '2026-12-12', '2026-12-12T23:00:00Z', false],
		// Collected, cancelled or not collected: nothing is held, whatever the day.
		['collected', '2026-12-12', '2026-12-01T08:00:00Z', false],
		['cancelled', '2026-12-12', '2026-12-01T08:00:00Z', false],
		['not_collected', '2026-12-12', '2026-12-01T08:00:00Z', false],
	])('%s through %s at %s: %s', (status, through, now, expected) => {
		expect(isHolding(status, through, new Date(now))).toBe(expected);
	});
});
