import { describe, expect, it } from 'vitest';
import {
	coverText,
	daysOfCover,
	durationText,
	median,
	needsReorder,
	noShowRate,
	reorderPoint,
	salesDays,
	salesRate,
	sellThrough,
	suggestedQuantity,
	type ReorderInput,
} from '../../../../src/lib/reports/formulas';

/**
 * Every figure of l'andamento on small hand-made ledgers; the expected figure of each row is
 * worked out by hand in its comment.
 */
describe('sellThrough', () => {
	it.each([
		// sold, on hand at start, received, expected: the working
		[8, 10, 0, 80], // 8 ÷ (10 + 0) = 0.8
		[6, 4, 11, 40], // 6 ÷ (4 + 11) = 0.4
		[1, 2, 1, 33], // 1 ÷ 3 = 0.333… → 33
		[2, 0, 3, 67], // 2 ÷ 3 = 0.666… → 67
		[0, 5, 5, 0], // nothing sold of 10
		[12, 0, 12, 100], // all of an arrival sold
		[0, 0, 0, null], // nothing had: no figure, not 0 %
	] as const)('%i sold of %i + %i: %s %%', (sold, start, received, expected) => {
		expect(sellThrough(sold, start, received)).toBe(expected);
	});
});

describe('salesDays and salesRate: days out of stock left out', () => {
	it('a variant empty for 10 of 30 days sold 40 pieces: 2 a day, not 1.33', () => {
		// On hand 0 for days 0–9; 60 arrive on day 10; 40 sold over days 10–29 (2 a day).
		const movements = [
			{ day: 10, change: 60, onHandAfter: 60, sale: false },
			...Array.from({ length: 20 }, (_, index) => ({
				day: 10 + index,
				change: -2,
				onHandAfter: 58 - 2 * index,
				sale: true,
			})),
		];
		const days = salesDays(0, movements);
		expect(days.filter((day) => day.outOfStock)).toHaveLength(10);
		// 40 pieces ÷ (30 − 10) days = 2.
		expect(salesRate(days)).toBe(2);
	});

	it('a sale on a day that starts at 0 (an arrival, then a sale) is no out-of-stock day', () => {
		const days = salesDays(0, [
			{ day: 0, change: 5, onHandAfter: 5, sale: false },
			{ day: 0, change: -5, onHandAfter: 0, sale: true },
		]);
		// Day 0 sold 5; days 1–29 sit at 0: out of stock. 5 ÷ 1 = 5.
		expect(days[0]).toEqual({ sold: 5, outOfStock: false });
		expect(days.slice(1).every((day) => day.outOfStock)).toBe(true);
		expect(salesRate(days)).toBe(5);
	});

	it('a variant on the shelf all month that sold 3: 0.1 a day', () => {
		const days = salesDays(10, [
			{ day: 4, change: -1, onHandAfter: 9, sale: true },
			{ day: 12, change: -2, onHandAfter: 7, sale: true },
			// A write-off is no sale.
			{ day: 20, change: -1, onHandAfter: 6, sale: false },
		]);
		// 3 pieces ÷ 30 days = 0.1.
		expect(salesRate(days)).toBeCloseTo(0.1, 10);
	});

	it('out of stock every day: no rate', () => {
		expect(salesRate(salesDays(0, []))).toBeNull();
	});

	it('the last piece sold leaves the day a selling day, the next ones are out of stock', () => {
		const days = salesDays(1, [{ day: 27, change: -1, onHandAfter: 0, sale: true }]);
		// Days 0–27 selling (28 days), 28–29 out of stock: 1 ÷ 28.
		expect(days.filter((day) => day.outOfStock)).toHaveLength(2);
		expect(salesRate(days)).toBeCloseTo(1 / 28, 10);
	});
});

describe('daysOfCover', () => {
	it.each([
		// available, rate, expected, text
		[20, 2, { days: 10 }, '10 giorni'], // 20 ÷ 2
		[7, 2, { days: 3 }, '3 giorni'], // 3.5 rounded down
		[1, 1, { days: 1 }, '1 giorno'],
		[5, null, 'none', 'n/d (nessuna vendita)'], // no sales
		[5, 0, 'none', 'n/d (nessuna vendita)'],
		[0, 2, { days: 0 }, '0 giorni'], // nothing available
		[-3, 2, { days: 0 }, '0 giorni'], // negative: never below 0
		[0, null, { days: 0 }, '0 giorni'],
		[400, 1, 'cap', '365+ giorni'], // 400 days
		[73, 0.2, 'cap', '365+ giorni'], // 73 ÷ 0.2 = 365: capped
		[72, 0.2, { days: 360 }, '360 giorni'], // 72 ÷ 0.2 = 360
		[0.7, 0.1, { days: 7 }, '7 giorni'], // 0.7 ÷ 0.1 = 6.999… in floating point: 7
	] as const)('%i available at %s a day: %j', (available, rate, expected, text) => {
		const cover = daysOfCover(available, rate);
		if (typeof expected === 'string') expect(cover).toBe(expected);
		else expect(cover).toEqual(expected);
		expect(coverText(cover)).toBe(text);
	});
});

describe('reorder point and suggested quantity', () => {
	const base: ReorderInput = {
		available: 0,
		rate: null,
		minimum: 0,
		leadDays: 7,
		coverDays: 14,
		waiting: 0,
	};

	it.each([
		// rate, lead, minimum, reorder point: rate × lead + minimum
		[2, 7, 3, 17], // 2 × 7 + 3
		[0.5, 10, 0, 5], // 0.5 × 10
		[null, 7, 4, 4], // no sales: the minimum
		[1.5, 0, 2, 2],
	] as const)('at %s a day, %i days, minimum %i: %i', (rate, lead, minimum, point) => {
		expect(reorderPoint(rate, lead, minimum)).toBe(point);
	});

	it.each([
		// fields, listed, suggested: the working
		// 2 a day, 10 available, minimum 3, lead 7: point 17 > 10, listed;
		// up to 2 × (7 + 14) + 3 = 45, less 10 = 35.
		[{ rate: 2, available: 10, minimum: 3 }, true, 35],
		// 0.5 a day, 20 available: point 3.5 + 0 < 20, not listed; up to 10.5 − 20 < 0 → 0.
		[{ rate: 0.5, available: 20 }, false, 0],
		// 0.3 a day, 2 available, lead 5, cover 10: point 1.5, not listed;
		// up to 0.3 × 15 = 4.5 − 2 = 2.5 → 3.
		[{ rate: 0.3, available: 2, leadDays: 5, coverDays: 10 }, false, 3],
		// No sales, minimum 4, 1 available: point 4 > 1, listed; up to 4 − 1 = 3.
		[{ available: 1, minimum: 4 }, true, 3],
		// No sales, nothing: nothing to order, not listed.
		[{}, false, 0],
		// Nobody buys it but two visitors wait for it: listed, 2 to order.
		[{ waiting: 2 }, true, 2],
		// 1 a day, 8 available, 3 waiting: 8 − 3 = 5 < 7, listed; 21 − 8 = 13, + 3 = 16.
		[{ rate: 1, available: 8, waiting: 3 }, true, 16],
		// 0.1 a day over 30 days (7 + 23): exactly 3, less 0 = 3, not 4.
		[{ rate: 0.1, coverDays: 23 }, true, 3],
	] as [Partial<ReorderInput>, boolean, number][])(
		'%j: listed %s, %i to order',
		(fields, listed, quantity) => {
			const input = { ...base, ...fields };
			expect(needsReorder(input)).toBe(listed);
			expect(suggestedQuantity(input)).toBe(quantity);
		},
	);
});

describe('noShowRate', () => {
	it.each([
		[9, 1, 10], // 1 ÷ 10
		[3, 1, 25], // 1 ÷ 4
		[2, 1, 33], // 1 ÷ 3 = 33.3…
		[0, 4, 100],
		[5, 0, 0],
		[0, 0, null], // no reservation ended: no figure
	] as const)('%i collected, %i not: %s %%', (collected, notCollected, rate) => {
		expect(noShowRate(collected, notCollected)).toBe(rate);
	});
});

describe('median and durations', () => {
	it.each([
		[[], null],
		[[5], 5],
		[[30, 10, 20], 20],
		[[40, 10, 30, 20], 25], // (20 + 30) ÷ 2
	] as [number[], number | null][])('median of %j is %s', (values, expected) => {
		expect(median(values)).toBe(expected);
	});

	it.each([
		[null, 'n/d'],
		[45 * 60_000, '45 min'],
		[3 * 3_600_000, '3 h'],
		[(3 * 60 + 20) * 60_000, '3 h 20 min'],
		[2 * 86_400_000, '2 g'],
		[(2 * 24 + 4) * 3_600_000, '2 g 4 h'],
	] as [number | null, string][])('%s ms reads %s', (ms, text) => {
		expect(durationText(ms)).toBe(text);
	});
});
