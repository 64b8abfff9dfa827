import { describe, expect, it } from 'vitest';
import {
	applyQuery,
	brandsOf,
	DEFAULT_QUERY,
	inPriceBand,
	movesToArrange,
	parseQuery,
	priceBandOf,
	serializeQuery,
	sortProducts,
	type PriceBand,
	type SortableProduct,
	type SortKey,
} from '../../../../src/lib/catalogue/sort-filter';

const p = (name: string, brand: string, minPriceCents: number | null): SortableProduct => ({
	name,
	brand,
	minPriceCents,
});

const products = [
	p('Whey Isolate', 'Nordika', 3990),
	p('Caseina Notte', 'Alpen Fuel', 4490),
	p('barretta Crunch', 'Nordika', 250),
	p('Gainer Massa', 'Vettore', 10000),
	p('Shaker', 'Alpen Fuel', null),
	p('Àcqua Sali', 'Vettore', 2500),
];
const names = (list: SortableProduct[]) => list.map((item) => item.name);

describe('sortProducts', () => {
	it.each<[SortKey, string[]]>([
		[
			'nome-az',
			['Àcqua Sali', 'barretta Crunch', 'Caseina Notte', 'Gainer Massa', 'Shaker', 'Whey Isolate'],
		],
		[
			'nome-za',
			['Whey Isolate', 'Shaker', 'Gainer Massa', 'Caseina Notte', 'barretta Crunch', 'Àcqua Sali'],
		],
		[
			'prezzo-crescente',
			['Shaker', 'barretta Crunch', 'Àcqua Sali', 'Whey Isolate', 'Caseina Notte', 'Gainer Massa'],
		],
		[
			'prezzo-decrescente',
			['Gainer Massa', 'Caseina Notte', 'Whey Isolate', 'Àcqua Sali', 'barretta Crunch', 'Shaker'],
		],
	])('%s', (sort, expected) => {
		expect(names(sortProducts(products, sort))).toEqual(expected);
	});

	it('does not change the input', () => {
		const copy = [...products];
		sortProducts(products, 'nome-za');
		expect(products).toEqual(copy);
	});
});

describe('inPriceBand', () => {
	it.each<[number | null, PriceBand, boolean]>([
		[0, '0-25', true],
		[2500, '0-25', true],
		[2501, '0-25', false],
		[2500, '25-50', true],
		[5000, '25-50', true],
		[5001, '25-50', false],
		[5000, '50-100', true],
		[10000, '50-100', true],
		[10001, '50-100', false],
		[10000, '100+', true],
		[9999, '100+', false],
		[null, '0-25', true],
		[null, '100+', true],
		[123456, 'tutti', true],
	])('%s cents in %s: %s', (price, band, expected) => {
		expect(inPriceBand(price, band)).toBe(expected);
	});
});

describe('brandsOf', () => {
	it('lists distinct brands alphabetically', () => {
		expect(brandsOf(products)).toEqual(['Alpen Fuel', 'Nordika', 'Vettore']);
	});
});

describe('applyQuery', () => {
	it.each([
		[{ brand: 'Nordika' }, ['barretta Crunch', 'Whey Isolate']],
		[{ band: '25-50' as const }, ['Àcqua Sali', 'Caseina Notte', 'Shaker', 'Whey Isolate']],
		[{ brand: 'Vettore', band: '100+' as const }, ['Gainer Massa']],
		[{ brand: 'Vettore', band: '0-25' as const, sort: 'nome-za' as const }, ['Àcqua Sali']],
		[{ brand: 'Nessuno' }, []],
		[{}, names(sortProducts(products, 'nome-az'))],
	])('%o', (choices, expected) => {
		expect(names(applyQuery(products, { ...DEFAULT_QUERY, ...choices }))).toEqual(expected);
	});
});

describe('query string', () => {
	const brands = brandsOf(products);

	it.each([
		['', DEFAULT_QUERY],
		['?ordina=prezzo-crescente', { ...DEFAULT_QUERY, sort: 'prezzo-crescente' }],
		['?marca=Alpen+Fuel&prezzo=50-100', { ...DEFAULT_QUERY, brand: 'Alpen Fuel', band: '50-100' }],
		['?ordina=casuale&marca=Sconosciuta&prezzo=1-2', DEFAULT_QUERY],
	])('parses %s', (search, expected) => {
		expect(parseQuery(search, brands)).toEqual(expected);
	});

	it('leaves defaults out', () => {
		expect(serializeQuery(DEFAULT_QUERY)).toBe('');
	});

	it('round-trips every choice', () => {
		const query = { sort: 'nome-za', brand: 'Alpen Fuel', band: '100+' } as const;
		expect(parseQuery(serializeQuery(query), brands)).toEqual(query);
	});
});

describe('priceBandOf', () => {
	it.each<[number | null, string | null]>([
		[null, null],
		[0, '0-25'],
		[1990, '0-25'],
		[2500, '0-25'],
		[2501, '25-50'],
		[5000, '25-50'],
		[5001, '50-100'],
		[10000, '50-100'],
		[10001, '100+'],
		[250000, '100+'],
	])('%s cents → %s', (cents, band) => {
		expect(priceBandOf(cents)).toBe(band);
	});

	it('files every price in a band that lets it through', () => {
		for (const cents of [0, 999, 2500, 4999, 7500, 10000, 12345]) {
			const band = priceBandOf(cents);
			expect(band).not.toBeNull();
			expect(inPriceBand(cents, band as PriceBand)).toBe(true);
		}
	});
});

/** `current` after the moves, as the grid would stand. */
function arranged(current: string[], wanted: string[]): { order: string; moved: number } {
	const order = [...current];
	const moves = movesToArrange(current, wanted);
	for (const [item, before] of moves) {
		order.splice(order.indexOf(item), 1);
		order.splice(before === null ? order.length : order.indexOf(before), 0, item);
	}
	return { order: order.join(''), moved: moves.length };
}

describe('movesToArrange: the wanted cards in order, with the fewest moves', () => {
	it.each([
		{
			why: 'already in order: nothing moves',
			current: 'abcd',
			wanted: 'abcd',
			order: 'abcd',
			moved: 0,
		},
		{ why: 'nothing wanted', current: 'abc', wanted: '', order: 'abc', moved: 0 },
		{ why: 'reversed', current: 'abcd', wanted: 'dcba', order: 'dcba', moved: 3 },
		{ why: 'one card to the front', current: 'abcd', wanted: 'dabc', order: 'dabc', moved: 1 },
		{ why: 'one card to the end', current: 'abcd', wanted: 'bcda', order: 'bcda', moved: 1 },
		{
			why: 'hidden cards stay where they are',
			current: 'abcd',
			wanted: 'bd',
			order: 'abcd',
			moved: 0,
		},
		{
			why: 'shown cards reordered around a hidden one',
			current: 'abc',
			wanted: 'ca',
			order: 'cab',
			moved: 1,
		},
		{ why: 'a swap in the middle', current: 'abcde', wanted: 'adcbe', order: 'adcbe', moved: 2 },
		{
			why: 'the last card moved before a hidden one',
			current: 'abc',
			wanted: 'cb',
			order: 'acb',
			moved: 1,
		},
	])('$why', ({ current, wanted, order, moved }) => {
		expect(arranged([...current], [...wanted])).toEqual({ order, moved });
	});

	it('puts 60 shuffled cards in order and keeps the longest run in place', () => {
		const wanted = Array.from({ length: 60 }, (_, index) => `c${index}`);
		// Each card at 7 × its place, modulo 60 (7 and 60 share no factor): a fixed shuffle.
		const current = wanted.map((_, index) => wanted[(index * 7) % 60] ?? '');
		const order = [...current];
		const moves = movesToArrange(current, wanted);
		for (const [item, before] of moves) {
			order.splice(order.indexOf(item), 1);
			order.splice(before === null ? order.length : order.indexOf(before), 0, item);
		}
		expect(order).toEqual(wanted);
		expect(moves.length).toBeLessThan(wanted.length);
	});
});
