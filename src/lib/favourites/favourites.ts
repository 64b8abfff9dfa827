import type { CatalogueEntry } from '../catalogue/api';

/**
 * Favourites kept in the visitor's browser (SPEC §3 'Favourite entry', §4, §8, §9). Pure rules
 * over a list of entries; the store in src/stores/favourites.ts persists them.
 */

/** One saved product, as stored (SPEC §3). */
export interface FavouriteEntry {
	id: string;
	slug: string;
	name: string;
	brandName: string;
	categoryName: string;
	categorySlug: string;
	/** Lowest price in euros, when the product has one. */
	basePrice?: number | undefined;
	/** basePrice × 100 rounded; absent without basePrice. */
	minPriceCents?: number | undefined;
	/** When it was saved, ISO 8601. */
	addedAt: string;
}

/** What a favourite button knows of its product. */
export type FavouriteInput = Omit<FavouriteEntry, 'addedAt' | 'basePrice' | 'minPriceCents'> & {
	minPriceCents: number | null;
};

/** Messages of SPEC §8. */
export const FAVOURITE_MESSAGES = {
	added: 'Aggiunto ai preferiti ✨',
	removed: 'Rimosso dai preferiti',
	cleared: 'Preferiti cancellati',
	duplicate: 'Prodotto già nei preferiti',
	missing: 'Dati prodotto necessari per aggiungere ai preferiti',
	addFailed: 'Errore durante l’aggiunta ai preferiti',
	removeFailed: 'Errore durante la rimozione dai preferiti',
	clearFailed: 'Errore durante la cancellazione dei preferiti',
} as const;

/** The category used when an entry has none (SPEC §9). */
export const DEFAULT_CATEGORY_SLUG = 'proteine';

export type AddResult =
	{ ok: true; entries: FavouriteEntry[] } | { ok: false; error: 'duplicate' | 'missing' };

/** Whether a product is in the list. */
export function isFavourite(entries: readonly FavouriteEntry[], id: string): boolean {
	return entries.some((entry) => entry.id === id);
}

/** Adds a product; refuses a duplicate or a product without id, slug or name. */
export function addFavourite(
	entries: readonly FavouriteEntry[],
	product: Partial<FavouriteInput> | null | undefined,
	now: Date,
): AddResult {
	if (!product?.id || !product.slug || !product.name) return { ok: false, error: 'missing' };
	if (isFavourite(entries, product.id)) return { ok: false, error: 'duplicate' };
	const cents = product.minPriceCents ?? null;
	const entry: FavouriteEntry = {
		id: product.id,
		slug: product.slug,
		name: product.name,
		brandName: product.brandName ?? '',
		categoryName: product.categoryName ?? '',
		categorySlug: product.categorySlug || DEFAULT_CATEGORY_SLUG,
		...(cents !== null && cents > 0 ? { basePrice: cents / 100, minPriceCents: cents } : {}),
		addedAt: now.toISOString(),
	};
	return { ok: true, entries: [...entries, entry] };
}

/** The list without the product. */
export function removeFavourite(entries: readonly FavouriteEntry[], id: string): FavouriteEntry[] {
	return entries.filter((entry) => entry.id !== id);
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** Whether a stored value has the fields an entry needs. */
function isEntry(value: unknown): value is FavouriteEntry {
	if (!value || typeof value !== 'object') return false;
	const entry = value as Record<string, unknown>;
	return isText(entry['id']) && isText(entry['slug']) && isText(entry['name']);
}

/**
 * Reads the stored text: anything unreadable counts as an empty list (SPEC §8), broken entries
 * are dropped, and repeated ids kept once.
 */
export function parseFavourites(text: string | null | undefined): FavouriteEntry[] {
	if (!text) return [];
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		return [];
	}
	if (!Array.isArray(value)) return [];
	const seen = new Set<string>();
	return value.filter((item): item is FavouriteEntry => {
		if (!isEntry(item) || seen.has(item.id)) return false;
		seen.add(item.id);
		return true;
	});
}

/**
 * The price to show for a stored entry, in cents (SPEC §9): minPriceCents; else basePrice (taken
 * as cents when above 100, as the old site stored them either way); null when there is none.
 */
export function entryPriceCents(
	entry: Pick<FavouriteEntry, 'basePrice' | 'minPriceCents'>,
): number | null {
	if (entry.minPriceCents !== undefined && entry.minPriceCents > 0) return entry.minPriceCents;
	const base = entry.basePrice;
	if (base === undefined || base <= 0) return null;
	return base > 100 ? Math.round(base) : Math.round(base * 100);
}

/** "1 prodotto salvato" / "N prodotti salvati". */
export function savedCountText(count: number): string {
	return count === 1 ? '1 prodotto salvato' : `${count} prodotti salvati`;
}

/** What the favourites page reads of an entry of /api/catalogue.json. */
export type CatalogueItem = Omit<CatalogueEntry, 'id'>;

/** A card of the favourites page. */
export interface FavouriteCard {
	id: string;
	name: string;
	brand: string;
	href: string;
	priceCents: number | null;
	imageUrl: string | null;
	description: string | null;
	isNew: boolean;
	/** current: refreshed from the catalogue; stored: catalogue unreachable; gone: no longer sold. */
	status: 'current' | 'stored' | 'gone';
	/** The entry as saved, for the heart on the card. */
	entry: FavouriteEntry;
}

/**
 * Cards for the saved entries, newest first: current name, price and photo from the catalogue
 * when it could be read (null: offline), the stored fields otherwise; a product missing from a
 * readable catalogue is marked as no longer sold.
 */
export function favouriteCards(
	entries: readonly FavouriteEntry[],
	catalogue: readonly CatalogueItem[] | null,
): FavouriteCard[] {
	const bySlug = new Map(catalogue?.map((item) => [item.slug, item]));
	return [...entries]
		.sort((a, b) => b.addedAt.localeCompare(a.addedAt))
		.map((entry) => {
			const current = bySlug.get(entry.slug);
			if (current) {
				return {
					id: entry.id,
					name: current.name,
					brand: current.brand,
					href: current.url,
					priceCents: current.minPriceCents,
					imageUrl: current.imageUrl,
					description: current.description,
					isNew: current.isNew,
					status: 'current' as const,
					entry,
				};
			}
			return {
				id: entry.id,
				name: entry.name,
				brand: entry.brandName,
				href: `/prodotti/${entry.categorySlug || DEFAULT_CATEGORY_SLUG}/${entry.slug}`,
				priceCents: entryPriceCents(entry),
				imageUrl: null,
				description: null,
				isNew: false,
				status: catalogue ? ('gone' as const) : ('stored' as const),
				entry,
			};
		});
}
