import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import {
	addFavourite,
	parseFavourites,
	removeFavourite,
	type FavouriteEntry,
	type FavouriteInput,
} from '../lib/favourites/favourites';
import { STORAGE_PREFIX } from '../site';
import { trySet } from './save';

/** The localStorage key of the favourites list. */
export const FAVOURITES_KEY = `${STORAGE_PREFIX}:preferiti`;

/**
 * The saved products, kept in one localStorage key and followed across open tabs (the storage
 * event). Unreadable stored data counts as an empty list.
 */
export const $favourites = persistentAtom<FavouriteEntry[]>(FAVOURITES_KEY, [], {
	encode: (entries) => JSON.stringify(entries),
	decode: parseFavourites,
});

/** How many products are saved, for the header's heart. */
export const $favouriteCount = computed($favourites, (entries) => entries.length);

/** The outcome of an action, for the caller's toast. */
export type FavouriteOutcome =
	| { ok: true; state: 'added' | 'removed' | 'cleared' }
	| { ok: false; reason: 'duplicate' | 'missing' | 'storage' };

/** Writes the list; false when the browser refuses (private mode, full storage). */
function save(entries: FavouriteEntry[]): boolean {
	return trySet($favourites, entries);
}

/** Saves a product: refused when already saved or without its data. */
export function addToFavourites(product: FavouriteInput | null | undefined): FavouriteOutcome {
	const result = addFavourite($favourites.get(), product, new Date());
	if (!result.ok) return { ok: false, reason: result.error };
	return save(result.entries) ? { ok: true, state: 'added' } : { ok: false, reason: 'storage' };
}

/** Removes a saved product. */
export function removeFromFavourites(id: string): FavouriteOutcome {
	return save(removeFavourite($favourites.get(), id))
		? { ok: true, state: 'removed' }
		: { ok: false, reason: 'storage' };
}

/** Removes it if saved, else saves it. */
export function toggleFavourite(product: FavouriteInput): FavouriteOutcome {
	const saved = $favourites.get().some((entry) => entry.id === product.id);
	return saved ? removeFromFavourites(product.id) : addToFavourites(product);
}

/** Empties the list ('Rimuovi Tutti'). */
export function clearFavourites(): FavouriteOutcome {
	return save([]) ? { ok: true, state: 'cleared' } : { ok: false, reason: 'storage' };
}
