/**
 * What l'andamento (src/server/reports/) reads of the ledger: sums of the movements of a span of
 * time by variant, and the movements of the last days in order. Read-only; the indexes these
 * reads use are the reports' migration's (src/server/reports/migrations.ts).
 */
import type Database from 'better-sqlite3';

/** The sums of one variant's movements at one shop over a span of time. */
export interface MovementTotals {
	shopId: string;
	productId: string;
	variantId: string;
	/** Pieces out by counter sales. */
	counterSales: number;
	/** Pieces out by collected reservations. */
	collections: number;
	/** Pieces in by arrivals. */
	received: number;
	/** The sum of every change (on hand at the end less on hand at the start). */
	net: number;
}

/**
 * One movement, as the sales rate reads it: [shop, product, variant, at, change, on hand after,
 * reason]. A tuple, not an object: the window holds tens of thousands of them, and rows read as
 * arrays cost a fraction of rows read as objects.
 */
export type ReportMovement = [
	shopId: string,
	productId: string,
	variantId: string,
	at: string,
	change: number,
	onHandAfter: number,
	reason: string,
];

const placeholders = (count: number) => Array.from({ length: count }, () => '?').join(', ');

/**
 * The sums of the movements at these shops from `fromIso` (included) to `toIso` (excluded), one
 * row per variant that moved.
 */
export function movementTotals(
	db: Database.Database,
	shopIds: readonly string[],
	fromIso: string,
	toIso: string,
): MovementTotals[] {
	if (shopIds.length === 0) return [];
	return db
		.prepare(
			`SELECT shop_id AS shopId, product_id AS productId, variant_id AS variantId,
				-TOTAL(CASE WHEN reason = 'counter_sale' THEN change END) AS counterSales,
				-TOTAL(CASE WHEN reason = 'collection' THEN change END) AS collections,
				TOTAL(CASE WHEN reason = 'arrival' THEN change END) AS received,
				TOTAL(change) AS net
			 FROM stock_movements INDEXED BY stock_movements_shop_time
			 WHERE shop_id IN (${placeholders(shopIds.length)}) AND at >= ? AND at < ?
			 GROUP BY shop_id, product_id, variant_id`,
		)
		.all(...shopIds, fromIso, toIso) as MovementTotals[];
}

/**
 * The movements at these shops from `fromIso` on, oldest first (movements of the same instant
 * in the index's order: only a stocktake writes several at once, one per variant).
 */
export function movementsSince(
	db: Database.Database,
	shopIds: readonly string[],
	fromIso: string,
): ReportMovement[] {
	if (shopIds.length === 0) return [];
	return db
		.prepare(
			`SELECT shop_id, product_id, variant_id, at, change, on_hand_after, reason
			 FROM stock_movements INDEXED BY stock_movements_shop_time
			 WHERE shop_id IN (${placeholders(shopIds.length)}) AND at >= ?
			 ORDER BY at`,
		)
		.raw(true)
		.all(...shopIds, fromIso) as ReportMovement[];
}
