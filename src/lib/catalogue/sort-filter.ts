/**
 * Sorting and filtering of a category's products (docs/catalogue.md). Shared by the build, which
 * renders the default order, and by the filter island, which re-sorts in the browser.
 */

/** What the category grid needs of a product to sort and filter it. */
export interface SortableProduct {
	name: string;
	brand: string;
	/** Lowest variant price in cents; null when the product has no price. */
	minPriceCents: number | null;
}

/** The sort orders, with the value used in the address (?ordina=…). */
export const SORT_OPTIONS = [
	{ value: 'nome-az', label: 'Nome (A-Z)' },
	{ value: 'nome-za', label: 'Nome (Z-A)' },
	{ value: 'prezzo-crescente', label: 'Prezzo crescente' },
	{ value: 'prezzo-decrescente', label: 'Prezzo decrescente' },
] as const;
export type SortKey = (typeof SORT_OPTIONS)[number]['value'];
export const DEFAULT_SORT: SortKey = 'nome-az';

/** Price bands in cents, bounds inclusive. */
export const PRICE_BANDS = [
	{ value: 'tutti', label: 'Tutti i prezzi', min: null, max: null },
	{ value: '0-25', label: 'Fino a 25 €', min: 0, max: 2500 },
	{ value: '25-50', label: 'Da 25 € a 50 €', min: 2500, max: 5000 },
	{ value: '50-100', label: 'Da 50 € a 100 €', min: 5000, max: 10000 },
	{ value: '100+', label: 'Oltre 100 €', min: 10000, max: null },
] as const;
export type PriceBand = (typeof PRICE_BANDS)[number]['value'];

/** Value of the brand filter that lets every brand through. */
export const ALL_BRANDS = 'tutte';

/** The visitor's choices on a category page. */
export interface CatalogueQuery {
	sort: SortKey;
	brand: string;
	band: PriceBand;
}

export const DEFAULT_QUERY: CatalogueQuery = {
	sort: DEFAULT_SORT,
	brand: ALL_BRANDS,
	band: 'tutti',
};

const collator = new Intl.Collator('it', { sensitivity: 'base', numeric: true });

/** Distinct brands, alphabetically. */
export function brandsOf(products: readonly SortableProduct[]): string[] {
	return [...new Set(products.map((product) => product.brand))].sort(collator.compare);
}

/** Whether a price falls in a band; a product without price passes every band. */
export function inPriceBand(priceCents: number | null, band: PriceBand): boolean {
	const spec = PRICE_BANDS.find((candidate) => candidate.value === band);
	if (!spec || priceCents === null) return true;
	if (spec.min !== null && priceCents < spec.min) return false;
	if (spec.max !== null && priceCents > spec.max) return false;
	return true;
}

/**
 * The one band a price is filed under for search filters: the first band that holds it (bounds
 * are inclusive, so 25 € is 'Fino a 25 €'); null for a product without price.
 */
export function priceBandOf(priceCents: number | null): Exclude<PriceBand, 'tutti'> | null {
	if (priceCents === null) return null;
	for (const band of PRICE_BANDS) {
		if (band.value !== 'tutti' && inPriceBand(priceCents, band.value)) return band.value;
	}
	return null;
}

/** A new array in the requested order; a product without price counts as 0. */
export function sortProducts<T extends SortableProduct>(
	products: readonly T[],
	sort: SortKey,
): T[] {
	const byName = (a: T, b: T) => collator.compare(a.name, b.name);
	const price = (product: T) => product.minPriceCents ?? 0;
	const sorted = [...products];
	switch (sort) {
		case 'nome-az':
			return sorted.sort(byName);
		case 'nome-za':
			return sorted.sort((a, b) => byName(b, a));
		case 'prezzo-crescente':
			return sorted.sort((a, b) => price(a) - price(b) || byName(a, b));
		case 'prezzo-decrescente':
			return sorted.sort((a, b) => price(b) - price(a) || byName(a, b));
	}
}

/** The products matching the brand and price band, in the requested order. */
export function applyQuery<T extends SortableProduct>(
	products: readonly T[],
	query: CatalogueQuery,
): T[] {
	const matching = products.filter(
		(product) =>
			(query.brand === ALL_BRANDS || product.brand === query.brand) &&
			inPriceBand(product.minPriceCents, query.band),
	);
	return sortProducts(matching, query.sort);
}

/** Reads the choices from an address query (?ordina=&marca=&prezzo=), ignoring unknown values. */
export function parseQuery(
	search: string | URLSearchParams,
	brands: readonly string[],
): CatalogueQuery {
	const params = typeof search === 'string' ? new URLSearchParams(search) : search;
	const sort = params.get('ordina');
	const brand = params.get('marca');
	const band = params.get('prezzo');
	return {
		sort: SORT_OPTIONS.some((option) => option.value === sort) ? (sort as SortKey) : DEFAULT_SORT,
		brand: brand !== null && brands.includes(brand) ? brand : ALL_BRANDS,
		band: PRICE_BANDS.some((option) => option.value === band) ? (band as PriceBand) : 'tutti',
	};
}

/** The address query for the choices; defaults are left out, so a clean page has no query. */
export function serializeQuery(query: CatalogueQuery): string {
	const params = new URLSearchParams();
	if (query.sort !== DEFAULT_SORT) params.set('ordina', query.sort);
	if (query.brand !== ALL_BRANDS) params.set('marca', query.brand);
	if (query.band !== 'tutti') params.set('prezzo', query.band);
	const text = params.toString();
	return text ? `?${text}` : '';
}

/**
 * The fewest moves that show `wanted` in this order among `current` (the cards as they stand);
 * every other card stays where it is. Each move is [card, the card it goes before, or null for the
 * end]. Moving a card takes it off the page for an instant, and a tap in progress on it (pointer
 * down before, up after) never becomes a click: a first tap on a heart that also wakes the sort
 * controls must find its card where it was. So the longest run of cards already in the wanted
 * order stays, and only the others move.
 */
export function movesToArrange<T>(current: readonly T[], wanted: readonly T[]): [T, T | null][] {
	const rank = new Map(wanted.map((item, index) => [item, index]));
	// The wanted cards in their current order, as ranks; the longest increasing run stays.
	const ranks = current.flatMap((item) => rank.get(item) ?? []);
	const longest = ranks.map(() => 1);
	const previous = ranks.map(() => -1);
	let end = -1;
	for (let i = 0; i < ranks.length; i++) {
		for (let j = 0; j < i; j++) {
			if ((ranks[j] ?? 0) < (ranks[i] ?? 0) && (longest[j] ?? 0) + 1 > (longest[i] ?? 0)) {
				longest[i] = (longest[j] ?? 0) + 1;
				previous[i] = j;
			}
		}
		if (end === -1 || (longest[i] ?? 0) > (longest[end] ?? 0)) end = i;
	}
	const stays = new Set<number>();
	for (let i = end; i !== -1; i = previous[i] ?? -1) stays.add(ranks[i] ?? -1);
	// From the last wanted card back: each card out of place goes just before the one after it.
	const moves: [T, T | null][] = [];
	for (let index = wanted.length - 1; index >= 0; index--) {
		if (stays.has(index) || !rank.has(wanted[index] as T)) continue;
		moves.push([wanted[index] as T, wanted[index + 1] ?? null]);
	}
	return moves;
}
