import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
	applyMovement,
	availablePieces,
	isStaffReason,
	ledgerSum,
	MAX_PIECES,
	missingPieces,
	parsePieces,
	refusalText,
	STOCK_REASONS,
	type StockReason,
} from '../../../../src/lib/stock/ledger';

describe('applyMovement', () => {
	it.each([
		// reason, on hand, pieces, change, on hand after
		['arrival', 4, 6, 6, 10],
		['return', 0, 1, 1, 1],
		['counter_sale', 4, 4, -4, 0],
		['damaged', 3, 1, -1, 2],
		['count', 47, 46, -1, 46],
		['count', 2, 9, 7, 9],
		['count', 5, 0, -5, 0],
		['count', 5, 5, 0, 5],
		['initial_count', 0, 12, 12, 12],
		['correction', 5, -2, -2, 3],
		['correction', 5, 3, 3, 8],
		['collection', 5, 2, -2, 3],
	] as [StockReason, number, number, number, number][])(
		'%s on %i with %i: change %i, on hand %i',
		(reason, onHand, pieces, change, after) => {
			expect(applyMovement(onHand, { reason, pieces })).toMatchObject({
				change,
				onHandAfter: after,
			});
		},
	);

	it('records the count itself for a stocktake, nothing for other reasons', () => {
		expect(applyMovement(3, { reason: 'count', pieces: 8 })).toMatchObject({ counted: 8 });
		expect(applyMovement(3, { reason: 'arrival', pieces: 8 })).toMatchObject({ counted: null });
	});

	it('stops a collection at 0 and says how many pieces the ledger lacked', () => {
		expect(applyMovement(1, { reason: 'collection', pieces: 3 })).toEqual({
			change: -1,
			onHandAfter: 0,
			counted: null,
			missing: 2,
		});
	});

	it.each([
		['counter_sale', 2, 3, 'below-zero'],
		['damaged', 0, 1, 'below-zero'],
		['correction', 2, -3, 'below-zero'],
		['arrival', 2, 0, 'zero'],
		['correction', 2, 0, 'zero'],
		['arrival', 2, -1, 'not-a-number'],
		['count', 2, -1, 'not-a-number'],
		['arrival', 2, 1.5, 'not-a-number'],
		['count', 2, Number.NaN, 'not-a-number'],
		['arrival', 2, MAX_PIECES + 1, 'too-large'],
	] as [StockReason, number, number, string][])(
		'refuses %s on %i with %s: %s',
		(reason, onHand, pieces, error) => {
			const result = applyMovement(onHand, { reason, pieces });
			expect(result).toMatchObject({ error });
			if ('error' in result) expect(refusalText(result)).toMatch(/[a-z]/);
		},
	);

	it('never takes on hand below 0, whatever the movements (random work)', () => {
		const reasons = Object.keys(STOCK_REASONS) as StockReason[];
		fc.assert(
			fc.property(
				fc.array(
					fc.record({
						reason: fc.constantFrom(...reasons),
						pieces: fc.integer({ min: -50, max: 50 }),
					}),
				),
				(moves) => {
					let onHand = 0;
					const changes: number[] = [];
					for (const move of moves) {
						const result = applyMovement(onHand, move);
						if ('error' in result) continue;
						changes.push(result.change);
						onHand = result.onHandAfter;
						expect(onHand).toBeGreaterThanOrEqual(0);
					}
					expect(ledgerSum(changes)).toBe(onHand);
				},
			),
		);
	});
});

describe('availablePieces', () => {
	it.each([
		[47, 1, 46],
		[3, 3, 0],
		[2, 5, 0],
		[0, 0, 0],
		[4, -1, 4],
	])('on hand %i, committed %i: %i available', (onHand, committed, available) => {
		expect(availablePieces(onHand, committed)).toBe(available);
	});
});

describe('missingPieces', () => {
	it.each([
		['all covered', 5, [2, 3], []],
		['the last one short', 4, [2, 3], [[2, 1]]],
		[
			'nothing on hand',
			0,
			[1, 2],
			[
				[1, 1],
				[2, 2],
			],
		],
		[
			'the first served first',
			2,
			[2, 1, 1],
			[
				[2, 1],
				[3, 1],
			],
		],
	] as [string, number, number[], [number, number][]][])('%s', (_name, onHand, pieces, missing) => {
		const holds = pieces.map((p, index) => ({ reservationId: index + 1, pieces: p }));
		expect([...missingPieces(onHand, holds)]).toEqual(missing);
	});
});

describe('parsePieces', () => {
	it.each([
		['12', 12],
		[' 7 ', 7],
		['0', 0],
		['-3', -3],
		[5, 5],
		['1,5', null],
		['1.000', null],
		['2e3', null],
		['=1+1', null],
		['', null],
		['12 pezzi', null],
		[1.5, null],
		[null, null],
	])('%j is %j', (value, expected) => {
		expect(parsePieces(value)).toBe(expected);
	});
});

describe('reasons', () => {
	it('lets staff record their reasons by hand, never a collection or the first count', () => {
		expect(isStaffReason('arrival')).toBe(true);
		expect(isStaffReason('count')).toBe(true);
		expect(isStaffReason('collection')).toBe(false);
		expect(isStaffReason('initial_count')).toBe(false);
		expect(isStaffReason('toString')).toBe(false);
	});

	it('names every reason in Italian', () => {
		expect(Object.values(STOCK_REASONS).map((reason) => reason.label)).toEqual([
			'Arrivo merce',
			'Conteggio',
			'Vendita al banco',
			'Reso',
			'Danneggiato o scaduto',
			'Correzione',
			'Ritiro prenotazione',
			'Conteggio iniziale',
		]);
	});
});
