/**
 * What the ledger does for reservations, which ask it through its face: a collected
 * reservation's pieces leave on hand (and come back when the collection is undone), and
 * 'Pezzi mancanti' shares on hand out to the open holds the reservations' side hands in. The
 * ledger reads no reservation table: reservations use the ledger, the ledger knows nothing of
 * them.
 */
import type Database from 'better-sqlite3';
import { missingPieces, type Hold } from '../../lib/stock/ledger';
import { recordMovement, stockKey, stockLevel, type StockRef } from './store';

/** A line of a reservation, as the ledger sees it. */
export interface ReservedLine {
	productId: string;
	variantId: string;
	pieces: number;
}

/**
 * Lowers on hand by the lines of a reservation being collected (inside the caller's
 * transaction, the one that stores 'collected'): one 'collection' movement per line, by the
 * reservation.
 */
export function recordCollection(
	db: Database.Database,
	collected: { reservationId: number; shopId: string; lines: readonly ReservedLine[] },
	now: Date,
): void {
	for (const line of collected.lines) {
		const result = recordMovement(db, {
			shopId: collected.shopId,
			productId: line.productId,
			variantId: line.variantId,
			reason: 'collection',
			pieces: line.pieces,
			actor: 'reservation',
			reservationId: collected.reservationId,
			at: now,
		});
		if (result.outcome !== 'recorded') {
			throw new Error(`A collection could not be recorded: ${JSON.stringify(result)}`);
		}
	}
}

/**
 * Puts back the pieces of a collection undone at the counter (inside the caller's transaction,
 * the one that takes the reservation back from 'collected'): one 'correction' movement per line,
 * by the reservation, adding what its collection took. The ledger is never rewritten: the
 * collection and its correction both stay in the history.
 */
export function recordCollectionUndone(
	db: Database.Database,
	reservationId: number,
	now: Date,
): void {
	const taken = db
		.prepare(
			`SELECT shop_id, product_id, variant_id, -SUM(change) AS pieces FROM stock_movements
			 WHERE reservation_id = ? GROUP BY shop_id, product_id, variant_id ORDER BY MIN(id)`,
		)
		.all(reservationId) as {
		shop_id: string;
		product_id: string;
		variant_id: string;
		pieces: number;
	}[];
	for (const line of taken) {
		if (line.pieces <= 0) continue;
		const result = recordMovement(db, {
			shopId: line.shop_id,
			productId: line.product_id,
			variantId: line.variant_id,
			reason: 'correction',
			pieces: line.pieces,
			actor: 'reservation',
			reservationId,
			note: 'Ritiro annullato',
			at: now,
		});
		if (result.outcome !== 'recorded') {
			throw new Error(`An undone collection could not be recorded: ${JSON.stringify(result)}`);
		}
	}
}

/** An open reservation's hold on a variant at its shop. */
export interface OpenHold extends ReservedLine {
	reservationId: number;
	shopId: string;
}

/** A line of an open reservation a shop can no longer serve in full. */
export interface MissingLine {
	productId: string;
	variantId: string;
	/** Pieces the reservation holds on this variant. */
	held: number;
	/** Pieces of those not on the shelf. */
	missing: number;
}

/**
 * 'Pezzi mancanti': of these open holds (in the order the reservations were made), the
 * reservations that on hand can no longer serve in full, by reservation id. Derived at each
 * read from on hand and the holds of now, sharing on hand out first come, first served;
 * nothing is stored, so a new count or an arrival clears the mark at once.
 */
export function reservationsMissingPieces(
	db: Database.Database,
	holds: readonly OpenHold[],
): Map<number, MissingLine[]> {
	const result = new Map<number, MissingLine[]>();
	const byVariant = new Map<string, { ref: StockRef; holds: Hold[] }>();
	for (const hold of holds) {
		const key = stockKey(hold.shopId, hold.productId, hold.variantId);
		const entry = byVariant.get(key) ?? { ref: hold, holds: [] };
		entry.holds.push({ reservationId: hold.reservationId, pieces: hold.pieces });
		byVariant.set(key, entry);
	}
	for (const entry of byVariant.values()) {
		const { onHand } = stockLevel(db, entry.ref);
		for (const [reservationId, missing] of missingPieces(onHand, entry.holds)) {
			const held = entry.holds
				.filter((hold) => hold.reservationId === reservationId)
				.reduce((sum, hold) => sum + hold.pieces, 0);
			const lines = result.get(reservationId) ?? [];
			lines.push({ productId: entry.ref.productId, variantId: entry.ref.variantId, held, missing });
			result.set(reservationId, lines);
		}
	}
	return result;
}
