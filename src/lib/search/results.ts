import type { SearchState } from './address';
import { ANY } from './address';

/**
 * Between the product pages' search record (src/components/product/SearchRecord.astro) and the
 * search page (src/components/islands/SearchPage.tsx): the names of Pagefind's metadata, filters
 * and sort key, the options of a query, and a result turned into what the page shows. Pure.
 */

/** Metadata, filter and sort names written into the index by the product pages. */
export const SEARCH_FIELDS = {
	url: 'indirizzo',
	brand: 'marca',
	category: 'categoria',
	price: 'prezzo',
	band: 'fascia',
} as const;

/** What Pagefind gives back for one result (the part of its `data()` this site reads). */
export interface PagefindData {
	url: string;
	meta: Record<string, string | undefined>;
}

/** A result as the search page shows it. */
export interface SearchHit {
	url: string;
	name: string;
	brand: string;
	category: string;
	/** Lowest price in cents; null when unknown. */
	priceCents: number | null;
	image: string | null;
	imageAlt: string;
}

/** The page's address: the product's own meta, else Pagefind's URL without ".html". */
function pageUrl(data: PagefindData): string {
	const url = data.meta[SEARCH_FIELDS.url] ?? data.url.replace(/\.html$/, '');
	return url.startsWith('/') ? url : `/${url}`;
}

/** A Pagefind result as the page shows it. */
export function toHit(data: PagefindData): SearchHit {
	const price = Number.parseInt(data.meta[SEARCH_FIELDS.price] ?? '', 10);
	return {
		url: pageUrl(data),
		name: data.meta.title ?? '',
		brand: data.meta[SEARCH_FIELDS.brand] ?? '',
		category: data.meta[SEARCH_FIELDS.category] ?? '',
		priceCents: Number.isSafeInteger(price) && price >= 0 ? price : null,
		image: data.meta.image ?? null,
		imageAlt: data.meta.image_alt ?? '',
	};
}

/** Pagefind's search options: { filters, sort }. */
export interface PagefindOptions {
	filters: Record<string, string>;
	sort?: Record<string, 'asc' | 'desc'>;
}

/** The filters and order of a state, as Pagefind takes them. */
export function searchOptions(state: SearchState): PagefindOptions {
	const filters: Record<string, string> = {};
	if (state.category !== ANY) filters[SEARCH_FIELDS.category] = state.category;
	if (state.brand !== ANY) filters[SEARCH_FIELDS.brand] = state.brand;
	if (state.band !== 'tutti') filters[SEARCH_FIELDS.band] = state.band;
	if (state.sort === 'rilevanza') return { filters };
	return {
		filters,
		sort: { [SEARCH_FIELDS.price]: state.sort === 'prezzo-crescente' ? 'asc' : 'desc' },
	};
}
