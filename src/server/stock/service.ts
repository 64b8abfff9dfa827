/**
 * The stock service (`Astro.locals.services.stock`, put together in src/server/services/): what
 * /gestione/magazzino, its API routes (http.ts) and `npm run magazzino` (cli.ts) ask of the
 * ledger. It joins the build's catalogue (every variant, with its names) to the ledger's figures
 * and to the pieces reservations hold, which the reservations' side hands in.
 */
import type Database from 'better-sqlite3';
import { variantLabel } from '../../lib/catalogue/variants';
import type { PickupProduct } from '../../lib/reservations/product';
import {
	availablePieces,
	isStaffReason,
	MAX_NOTE_LENGTH,
	MAX_PIECES,
	refusalText,
	STOCK_REASONS,
	type StockReason,
} from '../../lib/stock/ledger';
import type { PickupSettings } from '../../lib/reservations/types';
import {
	adjustStock,
	adjustStockBatch,
	ledgerIsEmpty,
	recordMovement,
	reservationsMissingPieces,
	setStockMinimum,
	stockHistory,
	stockKey,
	stockLevels,
	type MissingLine,
	type MovementInput,
	type OpenHold,
	type StockMovement,
	type StockRef,
	type StockStaff,
} from './store';

/** What the reservations' side tells the ledger: the pieces held now. */
export interface Holds {
	/** Pieces held at a shop now, by `${productId}\n${variantId}`. */
	held(shopId: string, now: Date): Map<string, number>;
	/** The open reservations' lines at these shops, oldest first. */
	open(shopIds: readonly string[], now: Date): OpenHold[];
}

/** One variant at one shop, as the stock page lists it. */
export interface StockRow extends StockRef {
	productName: string;
	brand: string;
	/** "Cioccolato – 900 g". */
	variantLabel: string;
	onHand: number;
	committed: number;
	available: number;
	minimum: number;
	/** The version a count from this row names (stale: 409). */
	version: number;
	belowMinimum: boolean;
}

/** The list's filters. */
export type StockFilter = 'esauriti' | 'sotto-scorta' | 'prenotati';
export const STOCK_FILTERS: readonly StockFilter[] = ['esauriti', 'sotto-scorta', 'prenotati'];

/** What the list is asked for. */
export interface StockQuery {
	shopIds: readonly string[];
	/** Words of the name, brand, flavour or size, in any order and case, accents or not. */
	search?: string | undefined;
	filter?: StockFilter | null | undefined;
}

/** Where a request may act: the member's shops. */
export interface StockActorContext {
	staff: StockStaff;
	shopIds: readonly string[];
}

/** Why an adjustment was not made (the route's status and Italian words). */
export type StockRefusal =
	| { outcome: 'not-found'; error: string }
	| { outcome: 'other-shop'; error: string }
	| { outcome: 'invalid'; error: string }
	| { outcome: 'conflict'; error: string; row: StockRow; last: StockMovement | null };

/** An adjustment asked for. */
export interface AdjustRequest extends StockRef {
	reason: StockReason;
	pieces: number;
	note?: string | null | undefined;
	/** For a count: the version of the row the page showed. */
	fromVersion?: number | undefined;
}

/** A count of a stocktake. */
export interface CountRequest extends StockRef {
	counted: number;
	fromVersion?: number | undefined;
}

export const STOCK_TEXTS = Object.freeze({
	notFound:
		'Variante non trovata: il prodotto o la variante non sono più in catalogo. Ricarica la pagina.',
	otherShop: 'Questo negozio non è tra i tuoi: puoi cambiare solo il magazzino dei tuoi negozi.',
	reason:
		'Motivo non valido: scegli Arrivo merce, Conteggio, Vendita al banco, Reso, Danneggiato o scaduto o Correzione.',
	note: `La nota è troppo lunga: al massimo ${MAX_NOTE_LENGTH} caratteri.`,
	minimum: `La scorta minima deve essere un numero intero da 0 a ${MAX_PIECES.toLocaleString('it-IT')}.`,
	conflict: (last: StockMovement | null) =>
		last
			? `Nel frattempo ${last.staffName ?? (last.actor === 'reservation' ? 'un ritiro' : 'il sistema')} ha registrato «${STOCK_REASONS[last.reason].label}» su questa variante: ora in negozio ne risultano ${last.onHandAfter}. Controlla e conta di nuovo.`
			: 'Nel frattempo questa variante è cambiata: controlla e conta di nuovo.',
	emptyStocktake: 'Nessun conteggio da registrare.',
});

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
	/** Records a stocktake's counts all at once, or none (the first refusal named). */
	stocktake(
		counts: readonly CountRequest[],
		note: string | null,
		actor: StockActorContext,
	): Promise<{ outcome: 'recorded'; rows: StockRow[] } | (StockRefusal & { index: number })>;
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
	/** Records movements all at once, or none (the CSV import). */
	applyMovements(inputs: readonly MovementInput[]): ReturnType<typeof adjustStockBatch>;
	/** The clock of the service. */
	now(): Date;
}

/** Lowercase, without accents: how the search compares. */
export function folded(text: string): string {
	return text
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase();
}

/**
 * What the ledger reads of the build served: its shops and products (the reservations' pickup
 * catalogue has this shape; the facade passes it in, so this folder imports no other thing).
 */
export interface StockCatalogue {
	readonly settings: Pick<PickupSettings, 'shops'>;
	/** The product with this id, or undefined when the build has none. */
	product(id: string): Promise<PickupProduct | undefined>;
	/** Every product of the build. */
	products(): Promise<PickupProduct[]>;
}

/** The stock service on the database `db`, the build's `catalogue` and the reservations' holds. */
export function createStockService(
	db: Database.Database,
	catalogue: StockCatalogue,
	holds: Holds,
	now: () => number,
): StockService {
	const shops = catalogue.settings.shops.map(({ id, name }) => ({ id, name }));
	const clock = () => new Date(now());

	/** The rows of these products at these shops, figures read in one moment of the ledger. */
	function rowsOf(
		products: readonly PickupProduct[],
		shopIds: readonly string[],
		only?: ReadonlySet<string>,
	): StockRow[] {
		const at = clock();
		const { levels, held } = db
			.transaction(() => ({
				levels: stockLevels(db, shopIds),
				held: new Map(shopIds.map((shopId) => [shopId, holds.held(shopId, at)])),
			}))
			.deferred();
		const rows: StockRow[] = [];
		for (const shopId of shopIds) {
			const heldHere = held.get(shopId) ?? new Map<string, number>();
			for (const product of products) {
				for (const variant of product.variants) {
					const key = stockKey(shopId, product.id, variant.id);
					if (only && !only.has(key)) continue;
					const level = levels.get(key) ?? { onHand: 0, minimum: 0, version: 0 };
					const committed = heldHere.get(`${product.id}\n${variant.id}`) ?? 0;
					rows.push({
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
					});
				}
			}
		}
		return rows;
	}

	/** The build's products by name, read once: the build does not change while the server runs. */
	let sorted: Promise<PickupProduct[]> | undefined;
	function allProducts(): Promise<PickupProduct[]> {
		sorted ??= catalogue.products().then((products) => {
			const collator = new Intl.Collator('it');
			return [...products].sort((a, b) => collator.compare(a.name, b.name));
		});
		// A failed read is tried again next time, not remembered.
		sorted.catch(() => {
			sorted = undefined;
		});
		return sorted;
	}

	async function findProduct(productId: string): Promise<PickupProduct | null> {
		return (await catalogue.product(productId).catch(() => undefined)) ?? null;
	}

	async function findVariant(ref: Pick<StockRef, 'productId' | 'variantId'>) {
		const product = await findProduct(ref.productId);
		return product?.variants.some((variant) => variant.id === ref.variantId) ? product : null;
	}

	async function rowOf(ref: StockRef): Promise<StockRow | null> {
		const product = await findVariant(ref);
		if (!product || !shops.some((shop) => shop.id === ref.shopId)) return null;
		return (
			rowsOf(
				[product],
				[ref.shopId],
				new Set([stockKey(ref.shopId, ref.productId, ref.variantId)]),
			)[0] ?? null
		);
	}

	/** The refusal of a request on a variant, or null when it may go on. */
	async function refusalFor(ref: StockRef, actor: StockActorContext): Promise<StockRefusal | null> {
		if (!shops.some((shop) => shop.id === ref.shopId) || !(await findVariant(ref))) {
			return { outcome: 'not-found', error: STOCK_TEXTS.notFound };
		}
		if (!actor.shopIds.includes(ref.shopId)) {
			return { outcome: 'other-shop', error: STOCK_TEXTS.otherShop };
		}
		return null;
	}

	function noteRefusal(note: string | null | undefined): StockRefusal | null {
		return note && note.length > MAX_NOTE_LENGTH
			? { outcome: 'invalid', error: STOCK_TEXTS.note }
			: null;
	}

	return {
		shops,
		now: clock,
		findVariant,
		findProduct,
		stockRow: rowOf,

		async stockList(query) {
			const shopIds = query.shopIds.filter((id) => shops.some((shop) => shop.id === id));
			let rows = rowsOf(await allProducts(), shopIds);
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
				case null:
					return rows;
			}
		},

		async adjustStock(request, actor) {
			const refusal = (await refusalFor(request, actor)) ?? noteRefusal(request.note);
			if (refusal) return refusal;
			// Only the reasons staff record by hand: a collection and the first count are the
			// reservations' and the system's.
			if (!isStaffReason(request.reason)) {
				return { outcome: 'invalid', error: STOCK_TEXTS.reason };
			}
			const input: MovementInput = {
				...request,
				actor: 'staff',
				staff: actor.staff,
				at: clock(),
			};
			const result = adjustStock(db, input);
			const row = await rowOf(request);
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
		},

		async stocktake(counts, note, actor) {
			const noteRefused = noteRefusal(note);
			if (noteRefused) return { ...noteRefused, index: 0 };
			if (counts.length === 0) {
				return { outcome: 'invalid', error: STOCK_TEXTS.emptyStocktake, index: 0 };
			}
			for (const [index, count] of counts.entries()) {
				const refusal = await refusalFor(count, actor);
				if (refusal) return { ...refusal, index };
			}
			const at = clock();
			const result = adjustStockBatch(
				db,
				counts.map((count) => ({
					shopId: count.shopId,
					productId: count.productId,
					variantId: count.variantId,
					reason: 'count' as const,
					pieces: count.counted,
					fromVersion: count.fromVersion,
					note,
					actor: 'staff' as const,
					staff: actor.staff,
					at,
				})),
			);
			if ('index' in result) {
				const count = counts[result.index];
				const row = count ? await rowOf(count) : null;
				if (result.result.outcome === 'conflict' && row) {
					return {
						outcome: 'conflict',
						error: STOCK_TEXTS.conflict(result.result.last),
						row,
						last: result.result.last,
						index: result.index,
					};
				}
				const error =
					result.result.outcome === 'refused' ? refusalText(result.result) : STOCK_TEXTS.notFound;
				return { outcome: 'invalid', error, index: result.index };
			}
			const rows = await Promise.all(counts.map((count) => rowOf(count)));
			return { outcome: 'recorded', rows: rows.filter((row) => row !== null) };
		},

		stockHistory: (ref, limit) => stockHistory(db, ref, limit),

		async setStockMinimum(ref, minimum, actor) {
			const refusal = await refusalFor(ref, actor);
			if (refusal) return refusal;
			if (!Number.isSafeInteger(minimum) || minimum < 0 || minimum > MAX_PIECES) {
				return { outcome: 'invalid', error: STOCK_TEXTS.minimum };
			}
			setStockMinimum(db, ref, minimum);
			const row = await rowOf(ref);
			return row
				? { outcome: 'recorded', row }
				: { outcome: 'not-found', error: STOCK_TEXTS.notFound };
		},

		async belowMinimumCounts(shopIds) {
			// Only rows with a minimum can be below it: read those, count the build's variants.
			const known = new Set(
				(await allProducts()).flatMap((product) =>
					product.variants.map((variant) => `${product.id}\n${variant.id}`),
				),
			);
			const counts: Record<string, number> = Object.fromEntries(shopIds.map((id) => [id, 0]));
			for (const [key, level] of stockLevels(db, shopIds)) {
				const [shopId = '', productId, variantId] = key.split('\n');
				const below = level.minimum > 0 && level.onHand < level.minimum;
				if (below && known.has(`${productId}\n${variantId}`)) {
					counts[shopId] = (counts[shopId] ?? 0) + 1;
				}
			}
			return counts;
		},

		reservationsMissingPieces(shopIds) {
			const at = clock();
			return db
				.transaction(() => reservationsMissingPieces(db, holds.open(shopIds, at)))
				.deferred();
		},

		seedStock(rows) {
			return db
				.transaction(() => {
					if (!ledgerIsEmpty(db)) return 0;
					const at = clock();
					const known = new Set(shops.map((shop) => shop.id));
					let loaded = 0;
					for (const row of rows) {
						if (!known.has(row.shopId)) continue;
						const result = recordMovement(db, {
							...row,
							reason: 'initial_count',
							actor: 'system',
							at,
						});
						if (result.outcome === 'recorded') loaded += 1;
					}
					return loaded;
				})
				.immediate();
		},

		applyMovements: (inputs) => adjustStockBatch(db, inputs),
	};
}
