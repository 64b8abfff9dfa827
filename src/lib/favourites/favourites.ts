import type { CatalogueEntry } from '../catalogue/api';
import { productPath } from '../catalogue/paths';
import type { ProductView } from '../catalogue/view';
import type { PickupChoice } from '../reservations/choices';
import { parseStoredList, storedRecord } from '../stored-list';

/**
 * Favourites kept in the visitor's browser (docs/favourites.md). Pure rules
 * over a list of entries; the store in src/stores/favourites.ts persists them.
 */

/** One saved product, as stored. */
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

/**
 * What a heart saves of a product, from its view. The favourites read the catalogue and never
 * the other way round: the view model knows nothing of favourites.
 */
export function favouriteInput(
	view: Pick<ProductView<unknown>, 'slug' | 'name' | 'brand' | 'category' | 'lowestPriceCents'>,
): FavouriteInput {
	return {
		id: view.slug,
		slug: view.slug,
		name: view.name,
		brandName: view.brand,
		categoryName: view.category.name,
		categorySlug: view.category.slug,
		minPriceCents: view.lowestPriceCents,
	};
}

/** The favourites' toast messages (docs/favourites.md). */
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

/** The category used when an entry has none. */
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

/**
 * Limits on what is read back from storage: the list is cut after MAX_FAVOURITES entries, an id
 * or slug longer than MAX_ID_LENGTH drops its entry, and a longer name is shortened.
 */
export const MAX_FAVOURITES = 200;
export const MAX_ID_LENGTH = 200;
export const MAX_TEXT_LENGTH = 200;
/** Highest believable price: above it (a million euros) a stored price is dropped. */
const MAX_PRICE_CENTS = 100_000_000;
/** The saving time given to an entry stored without a readable one: it is listed last. */
export const UNKNOWN_ADDED_AT = new Date(0).toISOString();

/** A slug that is safe in a path: letters, digits, '-' and '_'. */
const SLUG = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** A non-empty string of at most `max` characters, or null. */
function textOf(value: unknown, max: number): string | null {
	return typeof value === 'string' && value.trim() !== '' && value.length <= max ? value : null;
}

/** A text shown on a card: a string, shortened past MAX_TEXT_LENGTH; anything else is ''. */
function labelOf(value: unknown): string {
	if (typeof value !== 'string') return '';
	if (value.length <= MAX_TEXT_LENGTH) return value;
	return `${value.slice(0, MAX_TEXT_LENGTH - 1).replace(/[\uD800-\uDBFF]$/, '')}…`;
}

/** An id: a string, or a whole number as the old site stored some (made a string). */
function idOf(value: unknown): string | null {
	if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
	return textOf(value, MAX_ID_LENGTH);
}

/** A positive finite number (or a string that is one, such as "29.90"), or undefined. */
function positiveNumber(value: unknown): number | undefined {
	const number =
		typeof value === 'number'
			? value
			: typeof value === 'string' && /^\s*\d+(?:\.\d+)?\s*$/.test(value)
				? Number(value)
				: NaN;
	return Number.isFinite(number) && number > 0 ? number : undefined;
}

/** A stored saving time when it is a readable date, else UNKNOWN_ADDED_AT. */
function addedAtOf(value: unknown): string {
	return typeof value === 'string' && value.length <= 40 && !Number.isNaN(Date.parse(value))
		? value
		: UNKNOWN_ADDED_AT;
}

/**
 * One stored value as an entry, or null when it cannot be one. Every field is checked:
 * id, slug and name are needed (an entry without them is dropped); the rest is repaired: texts
 * that are not strings become '', a slug that is not safe in a path becomes the default
 * category, a price that is not a positive number is left out, an unreadable saving time
 * becomes UNKNOWN_ADDED_AT. Unknown fields are not kept. Never throws.
 */
export function toFavouriteEntry(value: unknown): FavouriteEntry | null {
	const stored = storedRecord(value);
	if (!stored) return null;
	const id = idOf(stored['id']);
	const slug = textOf(stored['slug'], MAX_ID_LENGTH);
	const name = textOf(stored['name'], Number.MAX_SAFE_INTEGER);
	if (id === null || slug === null || !SLUG.test(slug) || name === null) return null;
	const category = textOf(stored['categorySlug'], MAX_ID_LENGTH);
	const basePrice = positiveNumber(stored['basePrice']);
	const cents = positiveNumber(stored['minPriceCents']);
	const minPriceCents = cents === undefined ? undefined : Math.round(cents);
	return {
		id,
		slug,
		name: labelOf(name),
		brandName: labelOf(stored['brandName']),
		categoryName: labelOf(stored['categoryName']),
		categorySlug: category !== null && SLUG.test(category) ? category : DEFAULT_CATEGORY_SLUG,
		...(basePrice !== undefined && basePrice * 100 <= MAX_PRICE_CENTS ? { basePrice } : {}),
		...(minPriceCents !== undefined && minPriceCents > 0 && minPriceCents <= MAX_PRICE_CENTS
			? { minPriceCents }
			: {}),
		addedAt: addedAtOf(stored['addedAt']),
	};
}

/**
 * Reads the stored text: anything unreadable counts as an empty list, every entry is
 * checked and repaired or dropped (`toFavouriteEntry`), repeated ids are kept once, and at most
 * MAX_FAVOURITES entries are read. Never throws, whatever is stored.
 */
export function parseFavourites(text: string | null | undefined): FavouriteEntry[] {
	return parseStoredList(text, toFavouriteEntry, (entry) => entry.id, MAX_FAVOURITES);
}

/**
 * The price to show for a stored entry, in cents: minPriceCents; else basePrice (taken
 * as cents when above 100, as the old site stored them either way); null when there is none.
 */
export function entryPriceCents(
	entry: Pick<FavouriteEntry, 'basePrice' | 'minPriceCents'>,
): number | null {
	const cents = entry.minPriceCents;
	if (typeof cents === 'number' && Number.isFinite(cents) && cents > 0) return Math.round(cents);
	const base = entry.basePrice;
	if (typeof base !== 'number' || !Number.isFinite(base) || base <= 0) return null;
	return base > 100 ? Math.round(base) : Math.round(base * 100);
}

/** "1 prodotto salvato" / "N prodotti salvati". */
export function savedCountText(count: number): string {
	return count === 1 ? '1 prodotto salvato' : `${count} prodotti salvati`;
}

/** What the favourites page reads of an entry of /api/catalogue.json. */
export type CatalogueItem = Omit<CatalogueEntry, 'id'> & {
	/** The only variant of a single-variant product (the pickup list's button). */
	pickup?: PickupChoice | null | undefined;
};

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
	/** What 'Aggiungi alla lista ritiro' adds: a current single-variant product. */
	pickup: PickupChoice | null;
	/** The entry as saved, for the heart on the card. */
	entry: FavouriteEntry;
}

/** When an entry was saved, in milliseconds; 0 when that cannot be read. */
function savedTime(entry: FavouriteEntry): number {
	const time = typeof entry.addedAt === 'string' ? Date.parse(entry.addedAt) : NaN;
	return Number.isNaN(time) ? 0 : time;
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
		.sort((a, b) => savedTime(b) - savedTime(a))
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
					pickup: current.pickup ?? null,
					entry,
				};
			}
			return {
				id: entry.id,
				name: entry.name,
				brand: entry.brandName,
				href: productPath(entry.categorySlug || DEFAULT_CATEGORY_SLUG, entry.slug),
				priceCents: entryPriceCents(entry),
				imageUrl: null,
				description: null,
				isNew: false,
				status: catalogue ? ('gone' as const) : ('stored' as const),
				pickup: null,
				entry,
			};
		});
}
