/**
 * Each line of the pickup list at the chosen shop (docs/pickup.md): read fresh from the static API
 * (/api/product/<id>.json, the variants with their shelf stock per shop), then, when the server
 * answers, with the chosen shop's pieces still free (GET /api/disponibilita: the shelf stock
 * less the pieces other reservations hold), and what the page says and allows for it. Offline,
 * or when the server cannot answer, the shelf stock stands and the server checks again. Pure.
 */
import { lineKey, MAX_LINE_QUANTITY, type PickupLine } from './list';

/** The address of a product's data, with its variants' stock per shop. */
export function productDataUrl(productId: string): string {
	return `/api/product/${encodeURIComponent(productId)}.json`;
}

/** The address of the pieces still free at a shop, for the products of the list. */
export function freeStockUrl(shopId: string, productIds: readonly string[]): string {
	const query = new URLSearchParams([
		['negozio', shopId],
		...[...new Set(productIds)].sort().map((id) => ['prodotto', id]),
	]);
	return `/api/disponibilita?${query.toString()}`;
}

/** Pieces still free at one shop: per product id, per variant id. */
export type FreeStock = Record<string, Record<string, number>>;

/**
 * The pieces free of a GET /api/disponibilita answer for `shopId`, or null when it is not one
 * (or is another shop's). Products the build does not have are left out.
 */
export function readFreeStock(data: unknown, shopId: string): FreeStock | null {
	if (!data || typeof data !== 'object') return null;
	const { negozio, prodotti } = data as Record<string, unknown>;
	if (negozio !== shopId || !prodotti || typeof prodotti !== 'object') return null;
	const free: FreeStock = {};
	for (const [productId, variants] of Object.entries(prodotti as Record<string, unknown>)) {
		if (variants && typeof variants === 'object') free[productId] = stockOf(variants);
	}
	return free;
}

/**
 * A product's state with the chosen shop's shelf stock replaced by its pieces still free, for
 * the variants the server answered for; the other shops keep their shelf stock.
 */
export function withFreeStock(
	state: StockState | undefined,
	free: Readonly<Record<string, number>> | undefined,
	shopId: string,
): StockState | undefined {
	if (!free || state?.kind !== 'ready') return state;
	const variants: ProductStock = {};
	for (const [id, variant] of Object.entries(state.variants)) {
		const here = free[id];
		variants[id] =
			here === undefined ? variant : { ...variant, stock: { ...variant.stock, [shopId]: here } };
	}
	return { kind: 'ready', variants };
}

/** A variant as the list reads it: pieces per shop and its current price. */
export interface VariantStock {
	stock: Record<string, number>;
	priceCents: number | null;
}

/** What is known of a product's variants, by variant id. */
export type ProductStock = Record<string, VariantStock>;

/** A product's data as loaded: asked, not found (no longer sold), unreachable, or read. */
export type StockState =
	| { kind: 'loading' }
	| { kind: 'missing' }
	| { kind: 'error' }
	| { kind: 'ready'; variants: ProductStock };

/** Pieces per shop from an untrusted record: whole numbers of at least 0 only. */
function stockOf(value: unknown): Record<string, number> {
	if (!value || typeof value !== 'object') return {};
	const stock: Record<string, number> = {};
	for (const [shop, count] of Object.entries(value as Record<string, unknown>)) {
		if (typeof count === 'number' && Number.isSafeInteger(count)) stock[shop] = Math.max(0, count);
	}
	return stock;
}

/** The variants of an /api/product/<id>.json answer; null when it is not one. */
export function readProductStock(data: unknown): ProductStock | null {
	const variants = (data as { variants?: unknown } | null)?.variants;
	if (!Array.isArray(variants)) return null;
	const product: ProductStock = {};
	for (const variant of variants as unknown[]) {
		if (!variant || typeof variant !== 'object') continue;
		const { id, stock, priceCents } = variant as Record<string, unknown>;
		if (typeof id !== 'string') continue;
		product[id] = {
			stock: stockOf(stock),
			priceCents:
				typeof priceCents === 'number' && Number.isSafeInteger(priceCents) && priceCents > 0
					? priceCents
					: null,
		};
	}
	return product;
}

/** A line at the chosen shop. */
export type LineStatus =
	/** Its product's data is on its way. */
	| { kind: 'checking' }
	/** Its product's data could not be read (offline and never seen): the shop will check. */
	| { kind: 'unknown' }
	/** The product or the variant is no longer sold. */
	| { kind: 'gone' }
	/** The shop has enough. */
	| { kind: 'ok'; stock: number }
	/** The shop has some, fewer than the line asks. */
	| { kind: 'short'; stock: number }
	/** The shop has none; `shopId` has some (enough, when a shop has enough). */
	| { kind: 'elsewhere'; stock: number; shopId: string }
	/** No shop has any. */
	| { kind: 'none' };

/** The status of a line at `shopId`, among the shops `shopIds`. */
export function lineStatus(
	line: Pick<PickupLine, 'variantId' | 'quantity'>,
	state: StockState | undefined,
	shopId: string,
	shopIds: readonly string[],
): LineStatus {
	if (!state || state.kind === 'loading') return { kind: 'checking' };
	if (state.kind === 'error') return { kind: 'unknown' };
	const variant = state.kind === 'ready' ? state.variants[line.variantId] : undefined;
	if (!variant) return { kind: 'gone' };
	const here = variant.stock[shopId] ?? 0;
	if (here >= line.quantity) return { kind: 'ok', stock: here };
	if (here > 0) return { kind: 'short', stock: here };
	const others = shopIds
		.filter((id) => id !== shopId)
		.map((id) => ({ shopId: id, stock: variant.stock[id] ?? 0 }))
		.filter((other) => other.stock > 0);
	const best =
		others.find((other) => other.stock >= line.quantity) ??
		others.sort((a, b) => b.stock - a.stock)[0];
	return best ? { kind: 'elsewhere', ...best } : { kind: 'none' };
}

/** Whether a line keeps the reservation from being sent (the shop cannot give it). */
export function blocksSending(status: LineStatus): boolean {
	return ['gone', 'short', 'elsewhere', 'none'].includes(status.kind);
}

/** Pieces offered when the stock is not known: the line's own, or up to this. */
const UNKNOWN_STOCK_CHOICE = 10;

/** Most pieces the line's select offers: the shop's stock, or a few when it is not known. */
export function quantityChoices(status: LineStatus): number {
	switch (status.kind) {
		case 'ok':
		case 'short':
			return Math.min(status.stock, MAX_LINE_QUANTITY);
		case 'checking':
		case 'unknown':
			return UNKNOWN_STOCK_CHOICE;
		default:
			return 1;
	}
}

/** What the page says of a line at the chosen shop; `names` are the shops' short names. */
export function statusText(
	status: LineStatus,
	shopId: string,
	names: Readonly<Record<string, string>>,
): string {
	const here = names[shopId] ?? '';
	switch (status.kind) {
		case 'checking':
			return 'Verifica della disponibilità…';
		case 'unknown':
			return 'Disponibilità non verificabile ora: la controlla il negozio.';
		case 'gone':
			return 'Non è più in catalogo: rimuovilo dalla lista.';
		case 'ok':
			return `Disponibile a ${here} (${status.stock === 1 ? '1 pezzo libero' : `${status.stock} pezzi liberi`})`;
		case 'short':
			return status.stock === 1
				? `Ne è disponibile solo 1 a ${here}: riduci la quantità.`
				: `Ne sono disponibili solo ${status.stock} a ${here}: riduci la quantità.`;
		case 'elsewhere':
			return `Non disponibile a ${here}, disponibile a ${names[status.shopId] ?? ''}.`;
		case 'none':
			return 'Esaurito in tutti i negozi: rimuovilo dalla lista.';
	}
}

/** The unit price to show: today's, when the product's data has it, else the one stored. */
export function currentPrice(line: PickupLine, state: StockState | undefined): number | null {
	const fresh = state?.kind === 'ready' ? state.variants[line.variantId]?.priceCents : undefined;
	return fresh ?? line.priceCents;
}

/**
 * The indicative total (to pay at the counter) of the lines with a known price, and whether
 * some line has none.
 */
export function indicativeTotal(
	lines: readonly PickupLine[],
	states: Readonly<Record<string, StockState>>,
): { cents: number; partial: boolean } {
	let cents = 0;
	let partial = false;
	for (const line of lines) {
		const price = currentPrice(line, states[line.productId]);
		if (price === null) partial = true;
		else cents += price * line.quantity;
	}
	return { cents, partial };
}

/** The line keys of the lines that keep the reservation from being sent, with their reason. */
export function blockingLines(
	lines: readonly PickupLine[],
	statuses: ReadonlyMap<string, LineStatus>,
	shopId: string,
	names: Readonly<Record<string, string>>,
): Record<string, string> {
	const errors: Record<string, string> = {};
	for (const line of lines) {
		const status = statuses.get(lineKey(line));
		if (status && blocksSending(status)) errors[lineKey(line)] = statusText(status, shopId, names);
	}
	return errors;
}
