import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import {
	addItem,
	parsePickupList,
	pieceCount,
	removeLine,
	setQuantity,
	type PickupItemData,
	type PickupLine,
} from '../lib/reservations/list';
import { STORAGE_PREFIX } from '../site';
import { trySet } from './save';

/** The localStorage key of the pickup list. */
export const PICKUP_LIST_KEY = `${STORAGE_PREFIX}:lista-ritiro`;

/**
 * The pickup list (docs/reservations.md), kept in one localStorage key and followed across open tabs (the
 * storage event). Unreadable stored data counts as an empty list.
 */
export const $pickupList = persistentAtom<PickupLine[]>(PICKUP_LIST_KEY, [], {
	encode: (lines) => JSON.stringify(lines),
	decode: parsePickupList,
});

/** Pieces in the list, for the header's badge. */
export const $pickupCount = computed($pickupList, pieceCount);

/** The outcome of an action, for the caller's toast. */
export type PickupOutcome =
	| { ok: true; quantity: number; capped: boolean }
	| { ok: false; reason: 'atLimit' | 'full' | 'storage' };

/** Writes the list; false when the browser refuses (private mode, full storage). */
function save(entries: PickupLine[]): boolean {
	return trySet($pickupList, entries);
}

/** Adds pieces of a variant, up to `limit` on its line (lib/reservations/list.ts `addItem`). */
export function addToPickupList(
	item: PickupItemData,
	quantity: number,
	limit?: number,
): PickupOutcome {
	const result = addItem($pickupList.get(), item, quantity, limit);
	if (!result.ok) return { ok: false, reason: result.error };
	return save(result.lines)
		? { ok: true, quantity: result.quantity, capped: result.capped }
		: { ok: false, reason: 'storage' };
}

/** Sets a line's pieces; false when the browser refuses the write. */
export function changePickupQuantity(key: string, quantity: number): boolean {
	return save(setQuantity($pickupList.get(), key, quantity));
}

/** Removes a line; false when the browser refuses the write. */
export function removeFromPickupList(key: string): boolean {
	return save(removeLine($pickupList.get(), key));
}

/** Empties the list (after a confirmed reservation); false when the browser refuses. */
export function clearPickupList(): boolean {
	return save([]);
}
