/**
 * The stock ledger's tables, one migration appended at the end of the one list
 * (src/server/services/registry.ts). They live in the submissions database since a collected
 * reservation lowers on hand in the same transaction as its change of state, and a transaction
 * spans one database.
 *
 * - `stock_movements`: every movement, append-only (triggers refuse an UPDATE or a DELETE): the
 *   change of on hand, the count for a stocktake, the reason, the actor (staff with id and name
 *   as they were, a reservation with its id, or the system), the time, an optional note, and on
 *   hand after it. A reservation's id is a plain number, not a reference: retention may delete
 *   the reservation, the movement stays.
 * - `stock_levels`: one row per shop and variant that has ever moved or has a minimum: on hand
 *   (kept equal to the sum of its movements by the one function that writes both), the minimum,
 *   and a version (+1 at each movement) that a count made from a stale page is checked against.
 */
export const STOCK_MIGRATION = `CREATE TABLE stock_levels (
		shop_id TEXT NOT NULL,
		product_id TEXT NOT NULL,
		variant_id TEXT NOT NULL,
		on_hand INTEGER NOT NULL DEFAULT 0,
		minimum INTEGER NOT NULL DEFAULT 0 CHECK (minimum >= 0),
		version INTEGER NOT NULL DEFAULT 0,
		PRIMARY KEY (shop_id, product_id, variant_id)
	);
	CREATE TABLE stock_movements (
		id INTEGER PRIMARY KEY AUTOINCREMENT,
		shop_id TEXT NOT NULL,
		product_id TEXT NOT NULL,
		variant_id TEXT NOT NULL,
		at TEXT NOT NULL,
		reason TEXT NOT NULL CHECK (reason IN ('arrival', 'count', 'counter_sale', 'return',
			'damaged', 'correction', 'collection', 'initial_count')),
		change INTEGER NOT NULL,
		counted INTEGER CHECK (counted IS NULL OR counted >= 0),
		on_hand_after INTEGER NOT NULL,
		actor TEXT NOT NULL CHECK (actor IN ('staff', 'reservation', 'system')),
		staff_id INTEGER,
		staff_name TEXT,
		reservation_id INTEGER,
		note TEXT
	);
	CREATE INDEX stock_movements_variant ON stock_movements (shop_id, product_id, variant_id, id);
	CREATE TRIGGER stock_movements_append_only_update BEFORE UPDATE ON stock_movements
	BEGIN SELECT RAISE(ABORT, 'stock_movements is append-only'); END;
	CREATE TRIGGER stock_movements_append_only_delete BEFORE DELETE ON stock_movements
	BEGIN SELECT RAISE(ABORT, 'stock_movements is append-only'); END;`;
