import { PRICE_BANDS, type PriceBand } from '../catalogue/sort-filter';

/**
 * The state of the search page (/cerca) and its address: ?q=…&categoria=…&marca=…&prezzo=…
 * &ordina=…. The address is the only state, so back, forward and a shared link show the same
 * results. Pure; unknown or malformed values fall back to the defaults.
 */

/** The orders of the results, with the value used in the address (?ordina=…). */
export const SEARCH_SORTS = [
	{ value: 'rilevanza', label: 'Più pertinenti' },
	{ value: 'prezzo-crescente', label: 'Prezzo crescente' },
	{ value: 'prezzo-decrescente', label: 'Prezzo decrescente' },
] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number]['value'];

/** Value of the category and brand filters that lets everything through. */
export const ANY = '';

/** Longest query kept from the address (characters). */
export const MAX_QUERY_LENGTH = 100;

export interface SearchState {
	/** The words typed, trimmed; '' when none. */
	q: string;
	/** Category slug, or ANY. */
	category: string;
	/** Brand name, or ANY. */
	brand: string;
	band: PriceBand;
	sort: SearchSort;
}

export const EMPTY_SEARCH: SearchState = {
	q: '',
	category: ANY,
	brand: ANY,
	band: 'tutti',
	sort: 'rilevanza',
};

/** The address parameters, in the order they are written. */
export const PARAMS = {
	q: 'q',
	category: 'categoria',
	brand: 'marca',
	band: 'prezzo',
	sort: 'ordina',
} as const;

/** What the address may name: the categories' slugs and the brands the catalogue has. */
export interface KnownValues {
	categories: readonly string[];
	brands: readonly string[];
}

/** Collapses runs of white space and trims; cuts at MAX_QUERY_LENGTH. */
export function cleanQuery(text: string): string {
	return text.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH).trim();
}

/** Reads the state from an address query string (with or without '?'). */
export function parseSearch(search: string | URLSearchParams, known: KnownValues): SearchState {
	const params = typeof search === 'string' ? new URLSearchParams(search) : search;
	const category = params.get(PARAMS.category) ?? ANY;
	const brand = params.get(PARAMS.brand) ?? ANY;
	const band = params.get(PARAMS.band);
	const sort = params.get(PARAMS.sort);
	return {
		q: cleanQuery(params.get(PARAMS.q) ?? ''),
		category: known.categories.includes(category) ? category : ANY,
		brand: known.brands.includes(brand) ? brand : ANY,
		band: PRICE_BANDS.some((option) => option.value === band) ? (band as PriceBand) : 'tutti',
		sort: SEARCH_SORTS.some((option) => option.value === sort) ? (sort as SearchSort) : 'rilevanza',
	};
}

/** The address query for a state ('' for the empty state); defaults are left out. */
export function serializeSearch(state: SearchState): string {
	const params = new URLSearchParams();
	const q = cleanQuery(state.q);
	if (q) params.set(PARAMS.q, q);
	if (state.category !== ANY) params.set(PARAMS.category, state.category);
	if (state.brand !== ANY) params.set(PARAMS.brand, state.brand);
	if (state.band !== 'tutti') params.set(PARAMS.band, state.band);
	if (state.sort !== 'rilevanza') params.set(PARAMS.sort, state.sort);
	const text = params.toString();
	return text ? `?${text}` : '';
}

/** True when any filter (not the words, not the order) narrows the results. */
export function hasFilters(state: SearchState): boolean {
	return activeFilterCount(state) > 0;
}

/** How many of the filters (category, brand, price) are set: the number on 'Filtri'. */
export function activeFilterCount(state: SearchState): number {
	return [state.category !== ANY, state.brand !== ANY, state.band !== 'tutti'].filter(Boolean)
		.length;
}

/** '1 prodotto', '12 prodotti'. */
export function countText(count: number): string {
	return count === 1 ? '1 prodotto' : `${count} prodotti`;
}
