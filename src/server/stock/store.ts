/**
 * The stock ledger in the submissions database (tables in migrations.ts): a movement and on hand
 * are written together in one transaction (`recordMovement` for one, inside the caller's
 * transaction; batch.ts for a stocktake or an import), so on hand is always the sum of the
 * movements; the rest reads. The arithmetic is src/lib/stock/ledger.ts.
 *
 * Committed pieces are not stored: they are the pieces of the reservations still held now,
 * which the reservations' side reads (src/server/reservations/hold-store.ts `heldPieces`) and hands
 * in, so a reservation's end or a change of state never has to update two tables. What the
 * ledger does for reservations is collections.ts; many movements at once, batch.ts.
 */
import type Database from 'better-sqlite3';
import {
	applyMovement,
	STOCK_REASONS,
	type AppliedMovement,
	type MovementRefusal,
	type StockActor,
	type StockReason,
} from '../../lib/stock/ledger';

/** A variant at a shop. */
export interface StockRef {
	shopId: string;
	productId: string;
	variantId: string;
}

/** The ledger's figures of a variant at a shop. */
export interface StockLevel {
	onHand: number;
	minimum: number;
	/** +1 at each movement: a count names the version it was made from. */
	version: number;
}

/** A member of staff, as a movement records them. */
export interface StockStaff {
	id: number;
	name: string;
}

/** A movement to record. */
export interface MovementInput extends StockRef {
	reason: StockReason;
	pieces: number;
	/** Who: staff (with `staff`), a reservation (with `reservationId`) or the system. */
	actor: StockActor;
	staff?: StockStaff | undefined;
	reservationId?: number | undefined;
	note?: string | null | undefined;
	at: Date;
	/**
	 * For a count: the version of the row the page showed. When the row moved since, the count
	 * is refused as a conflict (someone else's movement would be silently overwritten).
	 */
	fromVersion?: number | undefined;
}

/** A recorded movement, as the history shows it. */
export interface StockMovement extends StockRef {
	id: number;
	/** ISO time. */
	at: string;
	reason: StockReason;
	change: number;
	counted: number | null;
	onHandAfter: number;
	actor: StockActor;
	staffId: number | null;
	staffName: string | null;
	reservationId: number | null;
	note: string | null;
}

/** What recording a movement did. */
export type RecordResult =
	| ({ outcome: 'recorded'; movement: StockMovement; version: number } & AppliedMovement)
	| ({ outcome: 'refused' } & MovementRefusal)
	| { outcome: 'conflict'; level: StockLevel; last: StockMovement | null };

/** A row of `stock_movements`. */
export interface MovementRow {
	id: number;
	shop_id: string;
	product_id: string;
	variant_id: string;
	at: string;
	reason: StockReason;
	change: number;
	counted: number | null;
	on_hand_after: number;
	actor: StockActor;
	staff_id: number | null;
	staff_name: string | null;
	reservation_id: number | null;
	note: string | null;
}

export function movementOf(row: MovementRow): StockMovement {
	return {
		id: row.id,
		shopId: row.shop_id,
		productId: row.product_id,
		variantId: row.variant_id,
		at: row.at,
		reason: row.reason,
		change: row.change,
		counted: row.counted,
		onHandAfter: row.on_hand_after,
		actor: row.actor,
		staffId: row.staff_id,
		staffName: row.staff_name,
		reservationId: row.reservation_id,
		note: row.note,
	};
}

/** The key of a variant at a shop in the maps below. */
export function stockKey(shopId: string, productId: string, variantId: string): string {
	return `${shopId}\n${productId}\n${variantId}`;
}

/** The figures of one variant at one shop (0 for one that never moved). */
export function stockLevel(db: Database.Database, ref: StockRef): StockLevel {
	const row = db
		.prepare(
			`SELECT on_hand AS onHand, minimum, version FROM stock_levels
			 WHERE shop_id = ? AND product_id = ? AND variant_id = ?`,
		)
		.get(ref.shopId, ref.productId, ref.variantId) as StockLevel | undefined;
	return row ?? { onHand: 0, minimum: 0, version: 0 };
}

/** Every stored row of these shops, by stockKey. */
export function stockLevels(
	db: Database.Database,
	shopIds: readonly string[],
): Map<string, StockLevel> {
	if (shopIds.length === 0) return new Map();
	const rows = db
		.prepare(
			`SELECT shop_id, product_id, variant_id, on_hand AS onHand, minimum, version
			 FROM stock_levels WHERE shop_id IN (${shopIds.map(() => '?').join(', ')})`,
		)
		.all(...shopIds) as (StockLevel & {
		shop_id: string;
		product_id: string;
		variant_id: string;
	})[];
	return new Map(
		rows.map((row) => [
			stockKey(row.shop_id, row.product_id, row.variant_id),
			{ onHand: row.onHand, minimum: row.minimum, version: row.version },
		]),
	);
}

/** On hand of these variants at one shop, by `${productId}\n${variantId}`. */
export function onHandAt(
	db: Database.Database,
	shopId: string,
	productIds: readonly string[],
): Map<string, number> {
	if (productIds.length === 0) return new Map();
	const rows = db
		.prepare(
			`SELECT product_id, variant_id, on_hand FROM stock_levels
			 WHERE shop_id = ? AND product_id IN (${productIds.map(() => '?').join(', ')})`,
		)
		.all(shopId, ...productIds) as { product_id: string; variant_id: string; on_hand: number }[];
	return new Map(rows.map((row) => [`${row.product_id}\n${row.variant_id}`, row.on_hand]));
}

/** The latest movement of a variant at a shop, if any. */
export function lastMovement(db: Database.Database, ref: StockRef): StockMovement | null {
	const row = db
		.prepare(
			`SELECT * FROM stock_movements WHERE shop_id = ? AND product_id = ? AND variant_id = ?
			 ORDER BY id DESC LIMIT 1`,
		)
		.get(ref.shopId, ref.productId, ref.variantId) as MovementRow | undefined;
	return row ? movementOf(row) : null;
}

/**
 * Records one movement and the new on hand (inside the caller's IMMEDIATE transaction): refused
 * by the ledger's rules, a conflict for a count made from a version no longer current, or
 * recorded.
 */
export function recordMovement(db: Database.Database, input: MovementInput): RecordResult {
	const level = stockLevel(db, input);
	const { effect } = STOCK_REASONS[input.reason];
	if (
		effect === 'count' &&
		input.fromVersion !== undefined &&
		input.fromVersion !== level.version
	) {
		return { outcome: 'conflict', level, last: lastMovement(db, input) };
	}
	const applied = applyMovement(level.onHand, { reason: input.reason, pieces: input.pieces });
	if ('error' in applied) return { outcome: 'refused', ...applied };
	const at = input.at.toISOString();
	const staff = input.actor === 'staff' ? (input.staff ?? null) : null;
	if (input.actor === 'staff' && !staff) throw new Error('A movement by staff names who.');
	const note = input.note?.trim() ? input.note.trim() : null;
	const id = Number(
		db
			.prepare(
				`INSERT INTO stock_movements (shop_id, product_id, variant_id, at, reason, change,
					counted, on_hand_after, actor, staff_id, staff_name, reservation_id, note)
				 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			)
			.run(
				input.shopId,
				input.productId,
				input.variantId,
				at,
				input.reason,
				applied.change,
				applied.counted,
				applied.onHandAfter,
				input.actor,
				staff?.id ?? null,
				staff?.name ?? null,
				input.reservationId ?? null,
				note,
			).lastInsertRowid,
	);
	db.prepare(
		`INSERT INTO stock_levels (shop_id, product_id, variant_id, on_hand, version)
		 VALUES (?, ?, ?, ?, 1)
		 ON CONFLICT (shop_id, product_id, variant_id)
		 DO UPDATE SET on_hand = excluded.on_hand, version = version + 1`,
	).run(input.shopId, input.productId, input.variantId, applied.onHandAfter);
	const movement: StockMovement = {
		id,
		shopId: input.shopId,
		productId: input.productId,
		variantId: input.variantId,
		at,
		reason: input.reason,
		change: applied.change,
		counted: applied.counted,
		onHandAfter: applied.onHandAfter,
		actor: input.actor,
		staffId: staff?.id ?? null,
		staffName: staff?.name ?? null,
		reservationId: input.reservationId ?? null,
		note,
	};
	return { outcome: 'recorded', movement, version: level.version + 1, ...applied };
}

/** Records one movement in its own IMMEDIATE transaction. */
export function adjustStock(db: Database.Database, input: MovementInput): RecordResult {
	return db.transaction(() => recordMovement(db, input)).immediate();
}

/** A variant's movements, newest first. */
export function stockHistory(db: Database.Database, ref: StockRef, limit = 50): StockMovement[] {
	return (
		db
			.prepare(
				`SELECT * FROM stock_movements WHERE shop_id = ? AND product_id = ? AND variant_id = ?
				 ORDER BY id DESC LIMIT ?`,
			)
			.all(ref.shopId, ref.productId, ref.variantId, limit) as MovementRow[]
	).map(movementOf);
}

/** Sets a variant's minimum at a shop (its scorta minima); no movement, no change of version. */
export function setStockMinimum(db: Database.Database, ref: StockRef, minimum: number): void {
	db.prepare(
		`INSERT INTO stock_levels (shop_id, product_id, variant_id, minimum) VALUES (?, ?, ?, ?)
		 ON CONFLICT (shop_id, product_id, variant_id) DO UPDATE SET minimum = excluded.minimum`,
	).run(ref.shopId, ref.productId, ref.variantId, minimum);
}

/** Whether the ledger has no movement at all (a new database). */
export function ledgerIsEmpty(db: Database.Database): boolean {
	return !db.prepare('SELECT 1 FROM stock_movements LIMIT 1').get();
}

/**
 * The variants whose stored on hand differs from the sum of their movements: none, unless
 * something wrote around recordMovement. For the tests and the health of a restored copy.
 */
export function ledgerMismatches(
	db: Database.Database,
): { ref: StockRef; onHand: number; sum: number }[] {
	const rows = db
		.prepare(
			`SELECT level.shop_id, level.product_id, level.variant_id, level.on_hand,
				COALESCE((SELECT SUM(change) FROM stock_movements AS movement
					WHERE movement.shop_id = level.shop_id AND movement.product_id = level.product_id
					AND movement.variant_id = level.variant_id), 0) AS total
			 FROM stock_levels AS level WHERE level.on_hand != total`,
		)
		.all() as {
		shop_id: string;
		product_id: string;
		variant_id: string;
		on_hand: number;
		total: number;
	}[];
	return rows.map((row) => ({
		ref: { shopId: row.shop_id, productId: row.product_id, variantId: row.variant_id },
		onHand: row.on_hand,
		sum: row.total,
	}));
}
