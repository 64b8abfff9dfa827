import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../../src/lib/catalogue/sort-filter';
import { isOwnKey, ownValue } from '../../../src/lib/own-key';
import { readConfirmation } from '../../../src/lib/reservations/confirmation';
import { pickDoneOf } from '../../../src/lib/reservations/pick-list';
import { PARAMS, parseSearch } from '../../../src/lib/search/address';
import { parseStockPageFilter } from '../../../src/lib/stock/page';

/**
 * Look-ups of keys from outside (a query, a body, the browser's storage) in tables kept as plain
 * objects: every name an object inherits reads as absent, never as a function or a prototype.
 */

const NOTICES: Readonly<Record<string, string>> = Object.freeze({
	movimento: 'Movimento registrato.',
	conteggio: 'Conteggio registrato.',
});
const INHERITED = Object.getOwnPropertyNames(Object.prototype);

describe('own keys only', () => {
	it.each<[string, string | null | undefined, string | undefined, boolean]>([
		['a key of the table', 'movimento', 'Movimento registrato.', true],
		['another key of the table', 'conteggio', 'Conteggio registrato.', true],
		['an unknown key', 'scorta', undefined, false],
		['the empty key', '', undefined, false],
		['no key (a missing query parameter)', null, undefined, false],
		['undefined', undefined, undefined, false],
	])('%s', (_name, key, value, own) => {
		expect(ownValue(NOTICES, key)).toBe(value);
		expect(isOwnKey(NOTICES, key)).toBe(own);
	});

	it.each(INHERITED)('the inherited name %s reads as absent', (name) => {
		expect(ownValue(NOTICES, name)).toBeUndefined();
		expect(isOwnKey(NOTICES, name)).toBe(false);
		expect(ownValue({}, name)).toBeUndefined();
	});

	it('finds an own key named like an inherited one, and its falsy values', () => {
		const table: Record<string, number> = Object.fromEntries([
			['constructor', 0],
			['__proto__', 2],
		]);
		expect(ownValue(table, 'constructor')).toBe(0);
		expect(ownValue(table, '__proto__')).toBe(2);
		expect(isOwnKey(table, 'toString')).toBe(false);
	});

	it('refuses keys that are not text', () => {
		expect(isOwnKey(NOTICES, 1)).toBe(false);
		expect(isOwnKey(NOTICES, Symbol.iterator)).toBe(false);
		expect(isOwnKey(NOTICES, { toString: () => 'movimento' })).toBe(false);
	});
});

// The static pages read their address in the browser; none may take an inherited name for one
// of its choices.
describe('the addresses the pages read', () => {
	const brands = ['Nordika Nutrition'];
	it.each(INHERITED)('%s is no choice of a page', (name) => {
		const all = (params: readonly string[]) =>
			new URLSearchParams(params.map((param) => [param, name])).toString();
		expect(parseQuery(all(['ordina', 'marca', 'prezzo']), brands)).toEqual(parseQuery('', brands));
		const known = { categories: ['proteine'], brands };
		expect(parseSearch(all(Object.values(PARAMS).filter((p) => p !== PARAMS.q)), known)).toEqual(
			parseSearch('', known),
		);
		expect(
			readConfirmation(`codice=K7M2QX&${all(['negozio', 'giorno', 'email'])}`, ['torino']),
		).toEqual({ code: 'K7M2QX', shopId: '', day: '', email: 'non-inviata' });
		expect(pickDoneOf(new URLSearchParams(all(['fatto', 'id'])))).toBeNull();
		expect(parseStockPageFilter(name)).toBeNull();
	});
});
