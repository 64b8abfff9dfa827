import { describe, expect, it } from 'vitest';
import {
	activeFilterCount,
	cleanQuery,
	countText,
	EMPTY_SEARCH,
	hasFilters,
	MAX_QUERY_LENGTH,
	parseSearch,
	serializeSearch,
	type SearchState,
} from '../../../../src/lib/search/address';

const known = {
	categories: ['proteine', 'alimenti-fit'],
	brands: ['Nordika Nutrition', 'Alpen Fuel'],
};

describe('parseSearch', () => {
	it.each<[string, Partial<SearchState>]>([
		['', {}],
		['?q=creatina', { q: 'creatina' }],
		['q=%20%20whey%20%20cioccolato%20', { q: 'whey cioccolato' }],
		['?q=caff%C3%A8', { q: 'caffè' }],
		['?categoria=proteine', { category: 'proteine' }],
		['?categoria=sconosciuta', {}],
		['?marca=Nordika+Nutrition', { brand: 'Nordika Nutrition' }],
		['?marca=nordika', {}],
		['?prezzo=25-50', { band: '25-50' }],
		['?prezzo=100%2B', { band: '100+' }],
		['?prezzo=7-8', {}],
		['?ordina=prezzo-crescente', { sort: 'prezzo-crescente' }],
		['?ordina=nome-az', {}],
		[
			'?q=bar&categoria=alimenti-fit&marca=Alpen+Fuel&prezzo=0-25&ordina=prezzo-decrescente',
			{
				q: 'bar',
				category: 'alimenti-fit',
				brand: 'Alpen Fuel',
				band: '0-25',
				sort: 'prezzo-decrescente',
			},
		],
	])('%s', (search, expected) => {
		expect(parseSearch(search, known)).toEqual({ ...EMPTY_SEARCH, ...expected });
	});

	it('cuts a very long query', () => {
		expect(parseSearch(`?q=${'a'.repeat(500)}`, known).q).toHaveLength(MAX_QUERY_LENGTH);
	});
});

describe('serializeSearch', () => {
	it.each<[Partial<SearchState>, string]>([
		[{}, ''],
		[{ q: '  ' }, ''],
		[{ q: 'whey  cioccolato' }, '?q=whey+cioccolato'],
		[{ q: 'caffè' }, '?q=caff%C3%A8'],
		[{ category: 'proteine', band: '100+' }, '?categoria=proteine&prezzo=100%2B'],
		[
			{ brand: 'Alpen Fuel', sort: 'prezzo-crescente' },
			'?marca=Alpen+Fuel&ordina=prezzo-crescente',
		],
	])('%o → %s', (partial, expected) => {
		expect(serializeSearch({ ...EMPTY_SEARCH, ...partial })).toBe(expected);
	});

	it('round-trips through the address', () => {
		const state: SearchState = {
			q: 'whey & co',
			category: 'proteine',
			brand: 'Nordika Nutrition',
			band: '50-100',
			sort: 'prezzo-decrescente',
		};
		expect(parseSearch(serializeSearch(state), known)).toEqual(state);
	});
});

describe('helpers', () => {
	it.each([
		['  a   b ', 'a b'],
		['\tcreatina\n', 'creatina'],
		['', ''],
	])('cleanQuery(%j) = %j', (text, expected) => {
		expect(cleanQuery(text)).toBe(expected);
	});

	it.each([
		[0, '0 prodotti'],
		[1, '1 prodotto'],
		[12, '12 prodotti'],
	])('countText(%i) = %s', (count, expected) => {
		expect(countText(count)).toBe(expected);
	});

	it.each<[Partial<SearchState>, boolean]>([
		[{}, false],
		[{ q: 'x', sort: 'prezzo-crescente' }, false],
		[{ category: 'proteine' }, true],
		[{ brand: 'Alpen Fuel' }, true],
		[{ band: '0-25' }, true],
	])('hasFilters(%o) = %s', (partial, expected) => {
		expect(hasFilters({ ...EMPTY_SEARCH, ...partial })).toBe(expected);
	});

	it.each<[Partial<SearchState>, number]>([
		[{}, 0],
		[{ q: 'x', sort: 'prezzo-decrescente' }, 0],
		[{ category: 'proteine' }, 1],
		[{ brand: 'Alpen Fuel', band: '0-25' }, 2],
		[{ category: 'proteine', brand: 'Alpen Fuel', band: '0-25', sort: 'prezzo-crescente' }, 3],
	])('activeFilterCount(%o) = %i', (partial, expected) => {
		expect(activeFilterCount({ ...EMPTY_SEARCH, ...partial })).toBe(expected);
	});
});
