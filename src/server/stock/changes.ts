/**
 * What the stock service writes: one movement by a member of staff, a minimum, the first count
 * of a new database, and a stocktake (many counts at once, all or none, through batch.ts).
 *
 * A stocktake is checked whole before anything is written: at most MAX_IMPORT_ROWS rows, each
 * variant and shop once (two counts of one variant in one stocktake contradict each other), every
 * row an existing variant of one of the member's shops. The checks run in slices (timeSlices), so
 * the server keeps answering others while a stocktake of thousands of rows is looked at.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PickupProduct } from '../../lib/reservations/product';
import { MAX_IMPORT_ROWS } from '../../lib/stock/csv';
import { isStaffReason, MAX_PIECES, refusalText } from '../../lib/stock/ledger';
import { timeSlices } from '../core/slices';
import { recordBatch } from './batch';
import {
	STOCK_TEXTS,
	type AdjustRequest,
	type CountRequest,
	type StockActorContext,
	type StockContext,
	type StockRefusal,
	type StockRow,
} from './model';
import { noteRefusal, refusalFor, rowOf, rowsAt, rowsAtSliced } from './rows';
import {
	adjustStock,
	lastMovement,
	ledgerIsEmpty,
	recordMovement,
	setStockMinimum,
	stockKey,
	type StockMovement,
	type StockRef,
} from './store';

/** Records one movement by a member of staff. */
export async function adjustOne(
	ctx: StockContext,
	request: AdjustRequest,
	actor: StockActorContext,
): Promise<{ outcome: 'recorded'; row: StockRow; movement: StockMovement } | StockRefusal> {
	const found = await refusalFor(ctx, request, actor);
	if ('outcome' in found) return found;
	const noted = noteRefusal(request.note);
	if (noted) return noted;
	// Only the reasons staff record by hand: a collection and the first count are the
	// reservations' and the system's.
	if (!isStaffReason(request.reason)) return { outcome: 'invalid', error: STOCK_TEXTS.reason };
	const result = adjustStock(ctx.db, {
		...request,
		actor: 'staff',
		staff: actor.staff,
		at: ctx.clock(),
	});
	const row = await rowOf(ctx, request);
	if (!row) return { outcome: 'not-found', error: STOCK_TEXTS.notFound };
	switch (result.outcome) {
		case 'recorded':
			return { outcome: 'recorded', row, movement: result.movement };
		case 'refused':
			return { outcome: 'invalid', error: refusalText(result) };
		case 'conflict':
			return {
				outcome: 'conflict',
				error: STOCK_TEXTS.conflict(result.last),
				row,
				last: result.last,
			};
	}
}

/** Sets a variant's minimum at one of the member's shops. */
export async function setMinimum(
	ctx: StockContext,
	ref: StockRef,
	minimum: number,
	actor: StockActorContext,
): Promise<{ outcome: 'recorded'; row: StockRow } | StockRefusal> {
	const found = await refusalFor(ctx, ref, actor);
	if ('outcome' in found) return found;
	if (!Number.isSafeInteger(minimum) || minimum < 0 || minimum > MAX_PIECES) {
		return { outcome: 'invalid', error: STOCK_TEXTS.minimum };
	}
	setStockMinimum(ctx.db, ref, minimum);
	const row = await rowOf(ctx, ref);
	return row ? { outcome: 'recorded', row } : { outcome: 'not-found', error: STOCK_TEXTS.notFound };
}

/** The pieces of the system's first count, loaded once into an empty ledger. */
export function seedStock(
	ctx: StockContext,
	rows: readonly { shopId: string; productId: string; variantId: string; pieces: number }[],
): number {
	const { db } = ctx;
	return db
		.transaction(() => {
			if (!ledgerIsEmpty(db)) return 0;
			const at = ctx.clock();
			const known = new Set(ctx.shops.map((shop) => shop.id));
			let loaded = 0;
			for (const row of rows) {
				if (!known.has(row.shopId)) continue;
				const result = recordMovement(db, { ...row, reason: 'initial_count', actor: 'system', at });
				if (result.outcome === 'recorded') loaded += 1;
			}
			return loaded;
		})
		.immediate();
}

/** The positions of the counts that repeat an earlier one's variant and shop (both named). */
export function repeatedCounts(counts: readonly StockRef[]): number[] {
	const first = new Map<string, number>();
	const repeated = new Set<number>();
	counts.forEach((count, index) => {
		const key = stockKey(count.shopId, count.productId, count.variantId);
		const earlier = first.get(key);
		if (earlier === undefined) first.set(key, index);
		else repeated.add(earlier).add(index);
	});
	return [...repeated].sort((a, b) => a - b);
}

/** A stocktake refused: why, and the position of the (first) row concerned. */
export type StocktakeRefusal = StockRefusal & { index: number; indexes?: number[] };

/** Records a stocktake's counts all at once, or none (the rows refused named). */
export async function stocktake(
	ctx: StockContext,
	counts: readonly CountRequest[],
	note: string | null,
	actor: StockActorContext,
): Promise<{ outcome: 'recorded'; rows: StockRow[] } | StocktakeRefusal> {
	const noted = noteRefusal(note);
	if (noted) return { ...noted, index: 0 };
	if (counts.length === 0)
		return { outcome: 'invalid', error: STOCK_TEXTS.emptyStocktake, index: 0 };
	if (counts.length > MAX_IMPORT_ROWS) {
		return { outcome: 'invalid', error: STOCK_TEXTS.tooManyCounts, index: MAX_IMPORT_ROWS };
	}
	const repeated = repeatedCounts(counts);
	if (repeated.length > 0) {
		const error = STOCK_TEXTS.duplicates(repeated);
		return { outcome: 'invalid', error, index: repeated[0] ?? 0, indexes: repeated };
	}
	const pause = timeSlices();
	const found: { ref: StockRef; product: PickupProduct }[] = [];
	for (const [index, count] of counts.entries()) {
		const checked = await refusalFor(ctx, count, actor);
		if ('outcome' in checked) return { ...checked, index };
		found.push({ ref: count, product: checked.product });
		await pause();
	}
	const result = await recordBatch(ctx.db, {
		reason: 'count',
		rows: counts.map((count) => ({ ...count, pieces: count.counted })),
		keepUnchanged: true,
		staff: actor.staff,
		note,
		at: ctx.clock(),
	});
	if (result.outcome === 'conflict') {
		const [index = 0, ...others] = result.indexes;
		const stale = found[index];
		const row = stale ? rowsAt(ctx, [stale])[0] : undefined;
		if (!stale || !row) return { outcome: 'not-found', error: STOCK_TEXTS.notFound, index };
		const last = lastMovement(ctx.db, stale.ref);
		const error =
			STOCK_TEXTS.conflict(last) +
			(others.length > 0 ? STOCK_TEXTS.staleOthers(others.length) : '');
		return { outcome: 'conflict', error, row, last, index, indexes: result.indexes };
	}
	// The write held the thread; the answer's rows are read after a turn, a slice at a time.
	await nextTurn();
	return { outcome: 'recorded', rows: await rowsAtSliced(ctx, found) };
}
