/**
 * The pieces reservations hold, read from the submissions database (tables `reservations` and
 * `reservation_items`): what a shop's open reservations hold per variant, for the pieces still
 * available and for the stock ledger's 'Pezzi mancanti' (src/server/stock/), and the lines of
 * one reservation as its collection lowers on hand. A hold lasts while the reservation is 'held'
 * or 'ready' and its last held day has not passed (src/lib/reservations/hold.ts).
 */
import type Database from 'better-sqlite3';
import { romeToday } from '../../lib/reservations/days';
import { HOLDING_STATUSES_SQL } from '../../lib/reservations/status';
import type { OpenHold } from '../stock';

/** The key of a variant in heldPieces' map. */
export function variantKey(productId: string, variantId: string): string {
	return `${productId}\n${variantId}`;
}

/**
 * Pieces held at a shop on `now`'s Rome day, by variant (variantKey): those of the reservations
 * still 'held' or 'ready' whose last held day has not passed (src/lib/reservations/hold.ts), even
 * before the background pass has marked them 'not_collected'. Spam holds nothing: the shop
 * never prepares it.
 */
export function heldPieces(db: Database.Database, shopId: string, now: Date): Map<string, number> {
	const rows = db
		.prepare(
			`SELECT item.product_id, item.variant_id, SUM(item.quantity) AS held
			 FROM reservation_items AS item JOIN reservations ON reservations.id = item.reservation_id
			 WHERE reservations.shop_id = ? AND reservations.status IN ${HOLDING_STATUSES_SQL}
				AND reservations.held_through >= ? AND reservations.spam = 0
			 GROUP BY item.product_id, item.variant_id`,
		)
		.all(shopId, romeToday(now)) as { product_id: string; variant_id: string; held: number }[];
	return new Map(rows.map((row) => [variantKey(row.product_id, row.variant_id), row.held]));
}

/**
 * The lines of the open reservations of these shops (held or ready, hold not ended, not spam),
 * oldest reservation first: what the ledger shares on hand out to ('Pezzi mancanti').
 */
export function openHolds(
	db: Database.Database,
	shopIds: readonly string[],
	now: Date,
): OpenHold[] {
	if (shopIds.length === 0) return [];
	return db
		.prepare(
			`SELECT reservations.id AS reservationId, reservations.shop_id AS shopId,
				item.product_id AS productId, item.variant_id AS variantId, SUM(item.quantity) AS pieces
			 FROM reservation_items AS item JOIN reservations ON reservations.id = item.reservation_id
			 WHERE reservations.shop_id IN (${shopIds.map(() => '?').join(', ')})
				AND reservations.status IN ${HOLDING_STATUSES_SQL} AND reservations.held_through >= ?
				AND reservations.spam = 0
			 GROUP BY reservations.id, item.product_id, item.variant_id
			 ORDER BY reservations.id`,
		)
		.all(...shopIds, romeToday(now)) as OpenHold[];
}

/** The lines of one reservation by variant, as a collection lowers on hand. */
export function reservationLines(
	db: Database.Database,
	reservationId: number,
): { productId: string; variantId: string; pieces: number }[] {
	return db
		.prepare(
			`SELECT product_id AS productId, variant_id AS variantId, SUM(quantity) AS pieces
			 FROM reservation_items WHERE reservation_id = ?
			 GROUP BY product_id, variant_id ORDER BY MIN(position)`,
		)
		.all(reservationId) as { productId: string; variantId: string; pieces: number }[];
}
