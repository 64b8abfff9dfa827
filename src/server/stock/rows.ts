/**
 * What the stock service reads: the build's catalogue joined to the ledger's figures and to the
 * pieces reservations hold, each read once per request in one moment of the ledger (never once
 * per row: a stocktake of thousands of rows reads the shops' figures once).
 */
import type Database from 'better-sqlite3';
import { variantLabel } from '../../lib/catalogue/variants';
import type { PickupProduct } from '../../lib/reservations/product';
import { availablePieces, MAX_NOTE_LENGTH } from '../../lib/stock/ledger';
import { timeSlices } from '../core/slices';
import { lastMovementId } from './batch';
import { reservationsMissingPieces, type MissingLine } from './collections';
import {
	folded,
	STOCK_TEXTS,
	type Holds,
	type StockActorContext,
	type StockCatalogue,
	type StockContext,
	type StockQuery,
	type StockRefusal,
	type StockRow,
} from './model';
import { stockKey, stockLevels, type StockLevel, type StockRef } from './store';

/** The context of a service on this database, build, holds and clock. */
export function stockContext(
	db: Database.Database,
	catalogue: StockCatalogue,
	holds: Holds,
	now: () => number,
): StockContext {
	// The build's products by name, read once: the build does not change while the server runs.
	let sorted: Promise<PickupProduct[]> | undefined;
	const products = () => {
		sorted ??= catalogue.products().then((found) => {
			const collator = new Intl.Collator('it');
			return [...found].sort((a, b) => collator.compare(a.name, b.name));
		});
		// A failed read is tried again next time, not remembered.
		sorted.catch(() => {
			sorted = undefined;
		});
		return sorted;
	};
	return {
		db,
		catalogue,
		holds,
		shops: catalogue.settings.shops.map(({ id, name }) => ({ id, name })),
		clock: () => new Date(now()),
		products,
	};
}

/** One row of the list, from its product and variant, its figures and the pieces held. */
function stockRow(
	shopId: string,
	product: PickupProduct,
	variant: PickupProduct['variants'][number],
	level: StockLevel = { onHand: 0, minimum: 0, version: 0 },
	committed: number,
): StockRow {
	return {
		shopId,
		productId: product.id,
		variantId: variant.id,
		productName: product.name,
		brand: product.brand,
		variantLabel: variantLabel(variant.flavour, variant.size),
		onHand: level.onHand,
		committed,
		available: availablePieces(level.onHand, committed),
		minimum: level.minimum,
		version: level.version,
		belowMinimum: level.minimum > 0 && level.onHand < level.minimum,
	};
}

/** The figures and the pieces held at these shops, read in one moment of the ledger. */
function figuresAt(ctx: StockContext, shopIds: readonly string[]) {
	const at = ctx.clock();
	return ctx.db
		.transaction(() => ({
			levels: stockLevels(ctx.db, shopIds),
			held: new Map(shopIds.map((shopId) => [shopId, ctx.holds.held(shopId, at)])),
		}))
		.deferred();
}

/**
 * The rows of many variants (a stocktake's answer), in their order: the figures read once, the
 * rows made a slice at a time.
 */
export async function rowsAtSliced(
	ctx: StockContext,
	refs: readonly { ref: StockRef; product: PickupProduct }[],
): Promise<StockRow[]> {
	const { levels, held } = figuresAt(ctx, [...new Set(refs.map(({ ref }) => ref.shopId))]);
	const pause = timeSlices();
	const rows: StockRow[] = [];
	for (const { ref, product } of refs) {
		const variant = product.variants.find((candidate) => candidate.id === ref.variantId);
		if (!variant) continue;
		const level = levels.get(stockKey(ref.shopId, ref.productId, ref.variantId));
		const committed = held.get(ref.shopId)?.get(`${ref.productId}\n${ref.variantId}`) ?? 0;
		rows.push(stockRow(ref.shopId, product, variant, level, committed));
		await pause();
	}
	return rows;
}

/** The rows of these products at these shops, figures read in one moment of the ledger. */
export function rowsOf(
	ctx: StockContext,
	products: readonly PickupProduct[],
	shopIds: readonly string[],
	only?: ReadonlySet<string>,
): StockRow[] {
	const { levels, held } = figuresAt(ctx, shopIds);
	const rows: StockRow[] = [];
	for (const shopId of shopIds) {
		const heldHere = held.get(shopId) ?? new Map<string, number>();
		for (const product of products) {
			for (const variant of product.variants) {
				const key = stockKey(shopId, product.id, variant.id);
				if (only && !only.has(key)) continue;
				const committed = heldHere.get(`${product.id}\n${variant.id}`) ?? 0;
				rows.push(stockRow(shopId, product, variant, levels.get(key), committed));
			}
		}
	}
	return rows;
}

export async function findProduct(
	ctx: StockContext,
	productId: string,
): Promise<PickupProduct | null> {
	return (await ctx.catalogue.product(productId).catch(() => undefined)) ?? null;
}

export async function findVariant(
	ctx: StockContext,
	ref: Pick<StockRef, 'productId' | 'variantId'>,
): Promise<PickupProduct | null> {
	const product = await findProduct(ctx, ref.productId);
	return product?.variants.some((variant) => variant.id === ref.variantId) ? product : null;
}

/** The rows of these variants (one read of the figures for all), in their order. */
export function rowsAt(
	ctx: StockContext,
	refs: readonly { ref: StockRef; product: PickupProduct }[],
): StockRow[] {
	const products = [...new Map(refs.map(({ product }) => [product.id, product])).values()];
	const shopIds = [...new Set(refs.map(({ ref }) => ref.shopId))];
	const keys = refs.map(({ ref }) => stockKey(ref.shopId, ref.productId, ref.variantId));
	const rows = new Map(
		rowsOf(ctx, products, shopIds, new Set(keys)).map((row) => [
			stockKey(row.shopId, row.productId, row.variantId),
			row,
		]),
	);
	return keys.flatMap((key) => rows.get(key) ?? []);
}

/** One variant at one shop, or null when the build has no such variant or shop. */
export async function rowOf(ctx: StockContext, ref: StockRef): Promise<StockRow | null> {
	const product = await findVariant(ctx, ref);
	if (!product || !ctx.shops.some((shop) => shop.id === ref.shopId)) return null;
	return rowsAt(ctx, [{ ref, product }])[0] ?? null;
}

/** The refusal of a request on a variant, or null when it may go on (with its product). */
export async function refusalFor(
	ctx: StockContext,
	ref: StockRef,
	actor: StockActorContext,
): Promise<StockRefusal | { product: PickupProduct }> {
	const product = ctx.shops.some((shop) => shop.id === ref.shopId)
		? await findVariant(ctx, ref)
		: null;
	if (!product) return { outcome: 'not-found', error: STOCK_TEXTS.notFound };
	if (!actor.shopIds.includes(ref.shopId)) {
		return { outcome: 'other-shop', error: STOCK_TEXTS.otherShop };
	}
	return { product };
}

export function noteRefusal(note: string | null | undefined): StockRefusal | null {
	return note && note.length > MAX_NOTE_LENGTH
		? { outcome: 'invalid', error: STOCK_TEXTS.note }
		: null;
}

/** The variants of these shops (one row per variant and shop), searched and filtered. */
export async function stockList(ctx: StockContext, query: StockQuery): Promise<StockRow[]> {
	const shopIds = query.shopIds.filter((id) => ctx.shops.some((shop) => shop.id === id));
	let rows = rowsOf(ctx, await ctx.products(), shopIds);
	const words = folded(query.search ?? '')
		.split(/\s+/)
		.filter(Boolean);
	if (words.length > 0) {
		rows = rows.filter((row) => {
			const text = folded(`${row.productName} ${row.brand} ${row.variantLabel}`);
			return words.every((word) => text.includes(word));
		});
	}
	switch (query.filter ?? null) {
		case 'esauriti':
			return rows.filter((row) => row.available === 0);
		case 'sotto-scorta':
			return rows.filter((row) => row.belowMinimum);
		case 'prenotati':
			return rows.filter((row) => row.committed > 0);
		case 'richieste':
			// The facade's (src/server/services/alerts.ts): the ledger knows nobody who waits.
			return rows.filter((row) => (row.waiting ?? 0) > 0);
		case null:
			return rows;
	}
}

/** How many of the build's variants are below their minimum, per shop (the desk's header). */
export async function belowMinimumCounts(
	ctx: StockContext,
	shopIds: readonly string[],
): Promise<Record<string, number>> {
	// Only rows with a minimum can be below it: read those, count the build's variants.
	const known = new Set(
		(await ctx.products()).flatMap((product) =>
			product.variants.map((variant) => `${product.id}\n${variant.id}`),
		),
	);
	const counts: Record<string, number> = Object.fromEntries(shopIds.map((id) => [id, 0]));
	for (const [key, level] of stockLevels(ctx.db, shopIds)) {
		const [shopId = '', productId, variantId] = key.split('\n');
		const below = level.minimum > 0 && level.onHand < level.minimum;
		if (below && known.has(`${productId}\n${variantId}`)) {
			counts[shopId] = (counts[shopId] ?? 0) + 1;
		}
	}
	return counts;
}

/** 'Pezzi mancanti' of the open reservations of these shops (derived at each read). */
export function missingAt(
	ctx: StockContext,
	shopIds: readonly string[],
): Map<number, MissingLine[]> {
	const at = ctx.clock();
	return ctx.db
		.transaction(() => reservationsMissingPieces(ctx.db, ctx.holds.open(shopIds, at)))
		.deferred();
}

/** The figures of these shops and the ledger's last movement, read in one moment. */
export function ledgerSnapshot(
	ctx: StockContext,
	shopIds: readonly string[],
): { levels: Map<string, StockLevel>; lastMovement: number } {
	return ctx.db
		.transaction(() => ({
			levels: stockLevels(ctx.db, shopIds),
			lastMovement: lastMovementId(ctx.db),
		}))
		.deferred();
}
