import { setPersistentEngine, type PersistentListener } from '@nanostores/persistent';
import { cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FavouriteInput } from '../../../../src/lib/favourites/favourites';

/**
 * The store over an in-memory storage (the test double that @nanostores/persistent provides for
 * exactly this): add, duplicate refused, remove, clear, a refused write, corrupted data.
 */

const storage: Record<string, string> = {};
const listeners: PersistentListener[] = [];
setPersistentEngine(storage, {
	addEventListener: (_key, listener) => listeners.push(listener),
	removeEventListener: () => {},
	perKey: false,
});

const {
	$favourites,
	$favouriteCount,
	addToFavourites,
	clearFavourites,
	FAVOURITES_KEY,
	removeFromFavourites,
	toggleFavourite,
} = await import('../../../../src/stores/favourites');

const whey: FavouriteInput = {
	id: 'whey-80',
	slug: 'whey-80',
	name: 'Whey 80',
	brandName: 'Nordika Nutrition',
	categoryName: 'Proteine',
	categorySlug: 'proteine',
	minPriceCents: 2990,
};

beforeEach(() => {
	for (const key of Object.keys(storage)) delete storage[key];
	$favourites.set([]);
	keepMount($favourites);
});

afterEach(() => {
	cleanStores($favourites, $favouriteCount);
});

describe('favourites store', () => {
	it('adds, refuses a duplicate, removes and counts', () => {
		expect(addToFavourites(whey)).toEqual({ ok: true, state: 'added' });
		expect($favouriteCount.get()).toBe(1);
		expect(JSON.parse(storage[FAVOURITES_KEY] ?? '[]')).toHaveLength(1);
		expect(addToFavourites(whey)).toEqual({ ok: false, reason: 'duplicate' });
		expect(removeFromFavourites('whey-80')).toEqual({ ok: true, state: 'removed' });
		expect($favouriteCount.get()).toBe(0);
	});

	it('refuses a product without data', () => {
		expect(addToFavourites(null)).toEqual({ ok: false, reason: 'missing' });
		expect($favourites.get()).toEqual([]);
	});

	it('toggles and clears', () => {
		expect(toggleFavourite(whey)).toMatchObject({ state: 'added' });
		expect(toggleFavourite(whey)).toMatchObject({ state: 'removed' });
		toggleFavourite(whey);
		toggleFavourite({ ...whey, id: 'b', slug: 'b' });
		expect(clearFavourites()).toEqual({ ok: true, state: 'cleared' });
		expect($favourites.get()).toEqual([]);
	});

	it('reports a write the browser refuses and keeps the list as it was', () => {
		addToFavourites(whey);
		Object.defineProperty(storage, FAVOURITES_KEY, {
			configurable: true,
			get: () => '[]',
			set: () => {
				throw new DOMException('Quota exceeded', 'QuotaExceededError');
			},
		});
		expect(removeFromFavourites('whey-80')).toEqual({ ok: false, reason: 'storage' });
		expect($favouriteCount.get()).toBe(1);
		delete storage[FAVOURITES_KEY];
	});

	it('reads corrupted data from another tab as an empty list', () => {
		addToFavourites(whey);
		for (const listener of listeners) listener({ key: FAVOURITES_KEY, newValue: '{not json' });
		expect($favourites.get()).toEqual([]);
	});
});
