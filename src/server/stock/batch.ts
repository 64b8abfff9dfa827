/**
 * Many counts or arrivals recorded at once (a stocktake from the page, an import): all of them
 * in one IMMEDIATE transaction, or none. The server answers every request on one thread, and
 * better-sqlite3 holds that thread while a statement runs, so the transaction is kept as short
 * as the rows allow: the rows are first staged in a TEMP table (per connection, never in the
 * database file, gone with the process) in slices that hand the thread back between them
 * (timeSlices), and the transaction is then a few set-based statements over the staged rows:
 *
 *   1. the rows that moved since the page or the preview showed them (a version, or a movement
 *      after the ledger's last movement then): if any, nothing is written and they are named;
 *   2. one INSERT … SELECT of the movements, the change worked out from on hand at that moment;
 *   3. one upsert of on hand from the movements just written, so on hand stays the sum of the
 *      ledger.
 *
 * The arithmetic is src/lib/stock/ledger.ts's for a count and an arrival (a count sets on hand,
 * an arrival adds), written in SQL; the rows come checked (whole pieces, 0 to MAX_PIECES, one
 * row per variant and shop), so neither can be refused here, only found stale.
 */
import type Database from 'better-sqlite3';
import { timeSlices } from '../core/slices';
import {
	movementOf,
	type MovementRow,
	type StockMovement,
	type StockRef,
	type StockStaff,
} from './store';

/** A row of a batch: a count (pieces counted) or an arrival (pieces received, at least 1). */
export interface BatchRow extends StockRef {
	pieces: number;
	/** The version of the row the page showed: moved since, the batch is refused. */
	fromVersion?: number | undefined;
}

/** A batch to record. */
export interface BatchInput {
	reason: 'count' | 'arrival';
	/** One per variant and shop (the caller refuses duplicates). */
	rows: readonly BatchRow[];
	/** Record a count equal to on hand too (a stocktake confirms it); an import skips it. */
	keepUnchanged: boolean;
	/** Refuse the rows with a movement after this one (the ledger the preview read). */
	movedAfter?: number | undefined;
	/** Read the movements written back (the import shows them); a stocktake reads its rows. */
	withMovements?: boolean | undefined;
	staff?: StockStaff | undefined;
	note: string | null;
	at: Date;
}

/**
 * What recording a batch did: how many movements it wrote (and, asked for, the movements in the
 * order of the rows), or the positions of the stale rows.
 */
export type BatchResult =
	| { outcome: 'recorded'; written: number; movements: StockMovement[] }
	| { outcome: 'conflict'; indexes: number[] };

/** Rows staged per slice (a few milliseconds of inserts into memory). */
const STAGE_CHUNK = 250;

let lastBatch = 0;

function stagingTable(db: Database.Database): void {
	db.exec(`CREATE TEMP TABLE IF NOT EXISTS stock_batch_rows (
		batch INTEGER NOT NULL,
		n INTEGER NOT NULL,
		shop_id TEXT NOT NULL,
		product_id TEXT NOT NULL,
		variant_id TEXT NOT NULL,
		pieces INTEGER NOT NULL,
		from_version INTEGER,
		PRIMARY KEY (batch, n)
	)`);
}

/** Stages the rows under a new batch number, a slice at a time. */
async function stage(db: Database.Database, rows: readonly BatchRow[]): Promise<number> {
	stagingTable(db);
	const batch = ++lastBatch;
	const insert = db.prepare(
		`INSERT INTO temp.stock_batch_rows (batch, n, shop_id, product_id, variant_id, pieces,
			from_version) VALUES (?, ?, ?, ?, ?, ?, ?)`,
	);
	const pause = timeSlices();
	for (let start = 0; start < rows.length; start += STAGE_CHUNK) {
		// A transaction of the temporary database only: the ledger's file is not locked.
		db.transaction(() => {
			rows.slice(start, start + STAGE_CHUNK).forEach((row, offset) => {
				const { shopId, productId, variantId, pieces, fromVersion } = row;
				insert.run(
					batch,
					start + offset,
					shopId,
					productId,
					variantId,
					pieces,
					fromVersion ?? null,
				);
			});
		})();
		await pause();
	}
	return batch;
}

/** The positions of the staged rows that moved since the page or the preview showed them. */
function staleRows(db: Database.Database, batch: number, movedAfter: number | null): number[] {
	const rows = db
		.prepare(
			`SELECT b.n FROM temp.stock_batch_rows AS b
			 LEFT JOIN stock_levels AS l USING (shop_id, product_id, variant_id)
			 WHERE b.batch = @batch AND (
				(b.from_version IS NOT NULL AND COALESCE(l.version, 0) != b.from_version)
				OR (@movedAfter IS NOT NULL AND EXISTS (SELECT 1 FROM stock_movements AS m
					WHERE m.shop_id = b.shop_id AND m.product_id = b.product_id
					AND m.variant_id = b.variant_id AND m.id > @movedAfter)))
			 ORDER BY b.n`,
		)
		.pluck()
		.all({ batch, movedAfter }) as number[];
	return rows;
}

/** Writes the staged rows' movements and on hand (inside the IMMEDIATE transaction). */
function writeStaged(
	db: Database.Database,
	batch: number,
	input: BatchInput,
): { before: number; through: number } {
	const before = lastMovementId(db);
	const staff = input.staff ?? null;
	db.prepare(
		`INSERT INTO stock_movements (shop_id, product_id, variant_id, at, reason, change, counted,
			on_hand_after, actor, staff_id, staff_name, reservation_id, note)
		 SELECT b.shop_id, b.product_id, b.variant_id, @at, @reason,
			CASE WHEN @count THEN b.pieces - COALESCE(l.on_hand, 0) ELSE b.pieces END,
			CASE WHEN @count THEN b.pieces END,
			CASE WHEN @count THEN b.pieces ELSE COALESCE(l.on_hand, 0) + b.pieces END,
			@actor, @staffId, @staffName, NULL, @note
		 FROM temp.stock_batch_rows AS b
		 LEFT JOIN stock_levels AS l USING (shop_id, product_id, variant_id)
		 WHERE b.batch = @batch AND (@keep OR NOT @count OR b.pieces != COALESCE(l.on_hand, 0))
		 ORDER BY b.n`,
	).run({
		batch,
		at: input.at.toISOString(),
		reason: input.reason,
		count: input.reason === 'count' ? 1 : 0,
		keep: input.keepUnchanged ? 1 : 0,
		actor: staff ? 'staff' : 'system',
		staffId: staff?.id ?? null,
		staffName: staff?.name ?? null,
		note: input.note?.trim() ? input.note.trim() : null,
	});
	db.prepare(
		`INSERT INTO stock_levels (shop_id, product_id, variant_id, on_hand, version)
		 SELECT shop_id, product_id, variant_id, on_hand_after, 1 FROM stock_movements WHERE id > ?
		 ON CONFLICT (shop_id, product_id, variant_id)
		 DO UPDATE SET on_hand = excluded.on_hand, version = version + 1`,
	).run(before);
	return { before, through: lastMovementId(db) };
}

/**
 * The movements with ids after `before` up to `through`, read a slice at a time after the
 * commit: the ledger is append-only, so the batch's own movements stay what they were written.
 */
async function readWritten(
	db: Database.Database,
	{ before, through }: { before: number; through: number },
): Promise<StockMovement[]> {
	const read = db.prepare(
		`SELECT * FROM stock_movements WHERE id > ? AND id <= ? ORDER BY id LIMIT ${STAGE_CHUNK}`,
	);
	const pause = timeSlices();
	const movements: StockMovement[] = [];
	for (let after = before; after < through;) {
		const rows = read.all(after, through) as MovementRow[];
		if (rows.length === 0) break;
		movements.push(...rows.map(movementOf));
		after = rows.at(-1)?.id ?? through;
		await pause();
	}
	return movements;
}

/** Removes a batch's staged rows (memory only: a few milliseconds for the most rows). */
function unstage(db: Database.Database, batch: number): void {
	db.prepare('DELETE FROM temp.stock_batch_rows WHERE batch = ?').run(batch);
}

/**
 * Records a batch: every row or none. Refused as a whole (nothing written) when a row moved
 * since it was shown; see the module's comment for how the thread is kept free.
 */
export async function recordBatch(db: Database.Database, input: BatchInput): Promise<BatchResult> {
	if (input.rows.length === 0) return { outcome: 'recorded', written: 0, movements: [] };
	const batch = await stage(db, input.rows);
	const movedAfter = input.movedAfter ?? null;
	const versioned = movedAfter !== null || input.rows.some((row) => row.fromVersion !== undefined);
	let written = { before: 0, through: 0 };
	try {
		const stale = db
			.transaction(() => {
				const found = versioned ? staleRows(db, batch, movedAfter) : [];
				if (found.length === 0) written = writeStaged(db, batch, input);
				return found;
			})
			.immediate();
		if (stale.length > 0) return { outcome: 'conflict', indexes: stale };
	} finally {
		unstage(db, batch);
	}
	const movements = input.withMovements ? await readWritten(db, written) : [];
	return { outcome: 'recorded', written: written.through - written.before, movements };
}

/** The ledger's last movement (0 for none): what a preview names, so a confirmation can check. */
export function lastMovementId(db: Database.Database): number {
	return db.prepare('SELECT COALESCE(MAX(id), 0) FROM stock_movements').pluck().get() as number;
}
