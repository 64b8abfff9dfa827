import { setPersistentEngine, type PersistentListener } from '@nanostores/persistent';
import { cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lineKey, type PickupItemData } from '../../../../src/lib/reservations/list';

/**
 * The pickup list's store over an in-memory storage (the test double of @nanostores/persistent):
 * add, quantities, remove, clear, the badge's count, a write the browser refuses, another tab.
 */

const storage: Record<string, string> = {};
const listeners: PersistentListener[] = [];
setPersistentEngine(storage, {
	addEventListener: (_key, listener) => listeners.push(listener),
	removeEventListener: () => {},
	perKey: false,
});

const {
	$pickupList,
	$pickupCount,
	addToPickupList,
	changePickupQuantity,
	clearPickupList,
	PICKUP_LIST_KEY,
	removeFromPickupList,
} = await import('../../../../src/stores/pickup-list');

const BAR: PickupItemData = {
	productId: 'barretta-crunchy',
	url: '/prodotti/alimenti-fit/barretta-crunchy',
	name: 'Barretta Crunchy',
	brand: 'Vigor Sport',
	variantId: 'cioccolato-45-g',
	variantLabel: 'Cioccolato – 45 g',
	imageUrl: '/_astro/barretta.webp',
	priceCents: 250,
};

beforeEach(() => {
	for (const key of Object.keys(storage)) delete storage[key];
	$pickupList.set([]);
	keepMount($pickupList);
	keepMount($pickupCount);
});

afterEach(() => {
	cleanStores($pickupList, $pickupCount);
});

describe('pickup list store', () => {
	it('adds, adds again to the same line, changes, removes and counts pieces', () => {
		expect(addToPickupList(BAR, 2, 10)).toEqual({ ok: true, quantity: 2, capped: false });
		expect(addToPickupList(BAR, 3, 10)).toEqual({ ok: true, quantity: 5, capped: false });
		expect($pickupCount.get()).toBe(5);
		expect(JSON.parse(storage[PICKUP_LIST_KEY] ?? '[]')).toEqual([{ ...BAR, quantity: 5 }]);
		expect(changePickupQuantity(lineKey(BAR), 1)).toBe(true);
		expect($pickupCount.get()).toBe(1);
		expect(removeFromPickupList(lineKey(BAR))).toBe(true);
		expect($pickupCount.get()).toBe(0);
	});

	it('caps a line at the limit and refuses more once there', () => {
		expect(addToPickupList(BAR, 5, 3)).toEqual({ ok: true, quantity: 3, capped: true });
		expect(addToPickupList(BAR, 1, 3)).toEqual({ ok: false, reason: 'atLimit' });
	});

	it('empties the list', () => {
		addToPickupList(BAR, 1);
		expect(clearPickupList()).toBe(true);
		expect($pickupList.get()).toEqual([]);
	});

	it('reports a write the browser refuses and keeps the list as it was', () => {
		addToPickupList(BAR, 1);
		Object.defineProperty(storage, PICKUP_LIST_KEY, {
			configurable: true,
			get: () => JSON.stringify([{ ...BAR, quantity: 1 }]),
			set: () => {
				throw new DOMException('Quota exceeded', 'QuotaExceededError');
			},
		});
		try {
			expect(addToPickupList(BAR, 1)).toEqual({ ok: false, reason: 'storage' });
			expect(changePickupQuantity(lineKey(BAR), 4)).toBe(false);
			expect(clearPickupList()).toBe(false);
			expect($pickupCount.get()).toBe(1);
		} finally {
			Object.defineProperty(storage, PICKUP_LIST_KEY, {
				configurable: true,
				writable: true,
				value: '[]',
			});
		}
	});

	it('follows another tab and reads what it cannot parse as an empty list', () => {
		storage[PICKUP_LIST_KEY] = JSON.stringify([{ ...BAR, quantity: 2 }]);
		for (const listener of listeners)
			listener({ key: PICKUP_LIST_KEY, newValue: storage[PICKUP_LIST_KEY] });
		expect($pickupCount.get()).toBe(2);
		storage[PICKUP_LIST_KEY] = '{"rotto": tru';
		for (const listener of listeners)
			listener({ key: PICKUP_LIST_KEY, newValue: storage[PICKUP_LIST_KEY] });
		expect($pickupList.get()).toEqual([]);
	});
});
