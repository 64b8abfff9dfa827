/**
 * The stock service (`Astro.locals.services.stock`, put together in src/server/services/): what
 * /gestione/magazzino, its API routes (http.ts) and `npm run magazzino` (cli.ts) ask of the
 * ledger. It joins the build's catalogue (every variant, with its names) to the ledger's figures
 * and to the pieces reservations hold, which the reservations' side hands in. Each of its
 * functions is a plain function of the context they share (model.ts `StockContext`): rows.ts
 * reads, changes.ts writes, batch.ts records many movements at once.
 */
import type Database from 'better-sqlite3';
import type { PickupProduct } from '../../lib/reservations/product';
import { recordBatch, type BatchInput, type BatchResult } from './batch';
import { adjustOne, seedStock, setMinimum, stocktake, type StocktakeRefusal } from './changes';
import type { MissingLine } from './collections';
import type {
	AdjustRequest,
	CountRequest,
	Holds,
	StockActorContext,
	StockCatalogue,
	StockQuery,
	StockRefusal,
	StockRow,
} from './model';
import {
	belowMinimumCounts,
	findProduct,
	findVariant,
	ledgerSnapshot,
	missingAt,
	rowOf,
	stockContext,
	stockList,
} from './rows';
import { stockHistory, type StockLevel, type StockMovement, type StockRef } from './store';

export {
	folded,
	STOCK_FILTERS,
	STOCK_TEXTS,
	type AdjustRequest,
	type CountRequest,
	type Holds,
	type StockActorContext,
	type StockCatalogue,
	type StockFilter,
	type StockQuery,
	type StockRefusal,
	type StockRow,
} from './model';

/** The stock service. */
export interface StockService {
	/** The variants of these shops (one row per variant and shop), searched and filtered. */
	stockList(query: StockQuery): Promise<StockRow[]>;
	/** One variant at one shop, or null when the build has no such variant. */
	stockRow(ref: StockRef): Promise<StockRow | null>;
	/** Records one movement by a member of staff. */
	adjustStock(
		request: AdjustRequest,
		actor: StockActorContext,
	): Promise<{ outcome: 'recorded'; row: StockRow; movement: StockMovement } | StockRefusal>;
	/** Records a stocktake's counts all at once, or none (the rows refused named). */
	stocktake(
		counts: readonly CountRequest[],
		note: string | null,
		actor: StockActorContext,
	): Promise<{ outcome: 'recorded'; rows: StockRow[] } | StocktakeRefusal>;
	/** A variant's movements, newest first. */
	stockHistory(ref: StockRef, limit?: number): StockMovement[];
	/** Sets a variant's minimum at one of the member's shops. */
	setStockMinimum(
		ref: StockRef,
		minimum: number,
		actor: StockActorContext,
	): Promise<{ outcome: 'recorded'; row: StockRow } | StockRefusal>;
	/** How many variants are below their minimum, per shop (the desk's header). */
	belowMinimumCounts(shopIds: readonly string[]): Promise<Record<string, number>>;
	/**
	 * 'Pezzi mancanti': the open reservations of these shops that on hand can no longer serve
	 * in full, by reservation id (derived at each read).
	 */
	reservationsMissingPieces(shopIds: readonly string[]): Map<number, MissingLine[]>;
	/** The pieces of the system's first count, loaded once into an empty ledger. */
	seedStock(
		rows: readonly { shopId: string; productId: string; variantId: string; pieces: number }[],
	): number;
	/** The product of the build and its variant, or null. */
	findVariant(ref: Pick<StockRef, 'productId' | 'variantId'>): Promise<PickupProduct | null>;
	/** The product of the build with this id, or null. */
	findProduct(productId: string): Promise<PickupProduct | null>;
	/** The shops of the build (id, name). */
	readonly shops: readonly { id: string; name: string }[];
	/** The figures of these shops (by stockKey) and the ledger's last movement, in one moment. */
	snapshot(shopIds: readonly string[]): {
		levels: Map<string, StockLevel>;
		lastMovement: number;
	};
	/** Records counts or arrivals all at once, or none (the CSV import). */
	recordBatch(input: BatchInput): Promise<BatchResult>;
	/** The clock of the service. */
	now(): Date;
}

/** The stock service on the database `db`, the build's `catalogue` and the reservations' holds. */
export function createStockService(
	db: Database.Database,
	catalogue: StockCatalogue,
	holds: Holds,
	now: () => number,
): StockService {
	const ctx = stockContext(db, catalogue, holds, now);
	return {
		shops: ctx.shops,
		now: ctx.clock,
		findVariant: (ref) => findVariant(ctx, ref),
		findProduct: (productId) => findProduct(ctx, productId),
		stockRow: (ref) => rowOf(ctx, ref),
		stockList: (query) => stockList(ctx, query),
		adjustStock: (request, actor) => adjustOne(ctx, request, actor),
		stocktake: (counts, note, actor) => stocktake(ctx, counts, note, actor),
		stockHistory: (ref, limit) => stockHistory(db, ref, limit),
		setStockMinimum: (ref, minimum, actor) => setMinimum(ctx, ref, minimum, actor),
		belowMinimumCounts: (shopIds) => belowMinimumCounts(ctx, shopIds),
		reservationsMissingPieces: (shopIds) => missingAt(ctx, shopIds),
		seedStock: (rows) => seedStock(ctx, rows),
		snapshot: (shopIds) => ledgerSnapshot(ctx, shopIds),
		recordBatch: (input) => recordBatch(db, input),
	};
}
