/**
 * Each line of the pickup list at the chosen shop (docs/reservations.md): the pieces every shop has
 * available now, read from the server in one request for the whole list (GET /api/disponibilita,
 * src/lib/catalogue/live-stock.ts), and what the page says and allows for it; today's prices
 * from the static API (/api/product/<id>.json). Offline, or when the server cannot answer, the
 * line says its availability cannot be checked now, and the server checks again when the
 * reservation arrives: no old figure stands in for it. Pure.
 */
import type { VariantLive } from '../catalogue/live-stock';
import { lineKey, MAX_LINE_QUANTITY, type PickupLine } from './list';
import { ownValue } from '../own-key';

/** The address of a product's data: its variants and their prices. */
export function productDataUrl(productId: string): string {
	return `/api/product/${encodeURIComponent(productId)}.json`;
}

/** A variant as the list reads it from the product's data: its current price. */
export interface VariantPrice {
	priceCents: number | null;
}

/** What is known of a product's variants, by variant id. */
export type ProductPrices = Record<string, VariantPrice>;

/** A product's data as loaded: asked, not found (no longer sold), unreachable, or read. */
export type ProductState =
	| { kind: 'loading' }
	| { kind: 'missing' }
	| { kind: 'error' }
	| { kind: 'ready'; variants: ProductPrices };

/** The variants of an /api/product/<id>.json answer; null when it is not one. */
export function readProductPrices(data: unknown): ProductPrices | null {
	const variants = (data as { variants?: unknown } | null)?.variants;
	if (!Array.isArray(variants)) return null;
	const product: ProductPrices = {};
	for (const variant of variants as unknown[]) {
		if (!variant || typeof variant !== 'object') continue;
		const { id, priceCents } = variant as Record<string, unknown>;
		if (typeof id !== 'string') continue;
		product[id] = {
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
	/** The live figure is on its way. */
	| { kind: 'checking' }
	/** The live figure cannot be read now (offline, the server down): the shop will check. */
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

/**
 * The status of a line at `shopId`, among the shops `shopIds`, by its variant's live figure
 * (`variantLive` of src/lib/catalogue/live-stock.ts).
 */
export function lineStatus(
	line: Pick<PickupLine, 'quantity'>,
	live: VariantLive,
	shopId: string,
	shopIds: readonly string[],
): LineStatus {
	if (live.kind === 'loading') return { kind: 'checking' };
	if (live.kind === 'unavailable') return { kind: 'unknown' };
	if (live.kind === 'gone') return { kind: 'gone' };
	const stock = live.pieces;
	const here = ownValue(stock, shopId) ?? 0;
	if (here >= line.quantity) return { kind: 'ok', stock: here };
	if (here > 0) return { kind: 'short', stock: here };
	const others = shopIds
		.filter((id) => id !== shopId)
		.map((id) => ({ shopId: id, stock: ownValue(stock, id) ?? 0 }))
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

/**
 * Whether a line offers 'Avvisami quando torna disponibile' for the chosen shop: the shop has no
 * free piece of a variant still sold (another shop may have some). Not when the figure is not
 * known, nor when the shop has a few (fewer pieces are free now), nor for a variant gone.
 */
export function offersAlert(status: LineStatus): boolean {
	return status.kind === 'elsewhere' || status.kind === 'none';
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
	const here = ownValue(names, shopId) ?? '';
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
export function currentPrice(line: PickupLine, state: ProductState | undefined): number | null {
	const fresh =
		state?.kind === 'ready' ? ownValue(state.variants, line.variantId)?.priceCents : undefined;
	return fresh ?? line.priceCents;
}

/**
 * The indicative total (to pay at the counter) of the lines with a known price, and whether
 * some line has none.
 */
export function indicativeTotal(
	lines: readonly PickupLine[],
	states: Readonly<Record<string, ProductState>>,
): { cents: number; partial: boolean } {
	let cents = 0;
	let partial = false;
	for (const line of lines) {
		const price = currentPrice(line, ownValue(states, line.productId));
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
