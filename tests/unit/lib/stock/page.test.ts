import { describe, expect, it } from 'vitest';
import {
	movementWords,
	parseCount,
	parseStockPageFilter,
	reviewStocktake,
	signedPieces,
	stockKey,
} from '../../../../src/lib/stock/page';

describe('the stock page filters', () => {
	it.each([
		['esauriti', 'esauriti'],
		['sotto-scorta', 'sotto-scorta'],
		['prenotati', 'prenotati'],
		['', null],
		[null, null],
		['ESAURITI', null],
		['<script>', null],
	])('%s → %s', (value, expected) => {
		expect(parseStockPageFilter(value)).toBe(expected);
	});
});

describe('the wording of a movement', () => {
	const base = { counted: null, onHandAfter: 9, staffName: null, reservationId: null } as const;
	it.each([
		[
			{ ...base, reason: 'arrival', change: 6, actor: 'staff', staffName: 'Sara' },
			'Arrivo merce',
			'+6',
			'Sara',
		],
		[
			{ ...base, reason: 'counter_sale', change: -1, actor: 'staff', staffName: 'Luca' },
			'Vendita al banco',
			'−1',
			'Luca',
		],
		[
			{ ...base, reason: 'count', change: -2, counted: 9, actor: 'staff', staffName: 'Sara' },
			'Conteggio',
			'contati 9 (−2)',
			'Sara',
		],
		[
			{ ...base, reason: 'count', change: 0, counted: 9, actor: 'staff' },
			'Conteggio',
			'contati 9 (0)',
			'Staff',
		],
		[
			{ ...base, reason: 'collection', change: -1, actor: 'reservation', reservationId: 41 },
			'Ritiro prenotazione',
			'−1',
			'Prenotazione n. 41',
		],
		[
			{ ...base, reason: 'initial_count', change: 12, counted: 12, actor: 'system' },
			'Conteggio iniziale',
			'contati 12 (+12)',
			'Sistema',
		],
	] as const)('%j', (movement, why, change, who) => {
		const words = movementWords(movement);
		expect(words).toEqual({ why, change, who, after: 'In negozio dopo: 9' });
	});
	it.each([
		[3, '+3'],
		[-4, '−4'],
		[0, '0'],
	])('signedPieces(%d) = %s', (value, text) => expect(signedPieces(value)).toBe(text));
});

describe('a stocktake before confirmation', () => {
	it.each([
		['', null],
		['  ', null],
		['0', 0],
		[' 12 ', 12],
		['100000', 100000],
		['100001', 'wrong'],
		['-1', 'wrong'],
		['1,5', 'wrong'],
		['1e3', 'wrong'],
		['dodici', 'wrong'],
	] as const)('parseCount(%j) = %j', (text, expected) => expect(parseCount(text)).toBe(expected));

	const rows = [
		{ key: 'torino/a/1', name: 'A 1', onHand: 5 },
		{ key: 'torino/a/2', name: 'A 2', onHand: 0 },
		{ key: 'torino/b/1', name: 'B 1', onHand: 7 },
		{ key: 'torino/b/2', name: 'B 2', onHand: 3 },
	];
	it.each([
		[{}, 0, 0, 0, []],
		[{ 'torino/a/1': '5' }, 0, 1, 0, []],
		[{ 'torino/a/1': '3', 'torino/a/2': '4', 'torino/b/1': '' }, 2, 0, 0, ['−2', '+4']],
		[{ 'torino/a/1': '3', 'torino/b/1': 'x', 'torino/b/2': '3' }, 1, 1, 1, ['−2']],
	] as const)('%j', (typed, differences, same, errors, changes) => {
		const review = reviewStocktake(rows, typed);
		expect(review.differences).toHaveLength(differences);
		expect(review.same).toBe(same);
		expect(review.errors).toHaveLength(errors);
		expect(review.differences.map((difference) => difference.change)).toEqual(changes);
		expect(review.counts).toHaveLength(differences + same);
	});
	it('names the wrong row', () => {
		expect(reviewStocktake(rows, { 'torino/b/1': '2.5' }).errors[0]?.message).toMatch(/^B 1: /);
	});
	it('keys a variant at a shop', () => {
		expect(stockKey({ shopId: 'aosta', productId: 'p', variantId: 'v' })).toBe('aosta/p/v');
	});
});
