/**
 * The live figure of stock (docs/catalogue.md, "Availability is live"): the pieces each shop has
 * available now, read from the server after the page has painted (GET /api/disponibilita,
 * without `negozio`: every shop at once), and what the pages say of it. The build knows no stock:
 * the server's HTML shows a neutral placeholder of the same size in every place a figure goes,
 * and the figure, or the Italian "cannot check now", fills it. Pure.
 */
import { ownValue } from '../own-key';

/** The server's route of the live figure. */
export const AVAILABILITY_PATH = '/api/disponibilita';

/** Most products one request may ask about: a whole category page. */
export const MAX_AVAILABILITY_PRODUCTS = 100;

/** Pieces available per shop id, of one variant. */
export type ShopPieces = Readonly<Record<string, number>>;

/** Per product id, per variant id; null when the server's build has no such product. */
export type LiveProducts = Readonly<Record<string, Readonly<Record<string, ShopPieces>> | null>>;

/**
 * What the page knows of the live figure: on its way, not available (offline, the server down or
 * answering an error), or the server's answer.
 */
export type LiveStock =
	{ kind: 'loading' } | { kind: 'unavailable' } | { kind: 'ready'; products: LiveProducts };

/**
 * The address of the live figure at every shop for `productIds` (sorted and without repeats, so
 * the same page asks the same address), or null when there is nothing to ask. Past the most one
 * request may ask, the first ones only.
 */
export function availabilityUrl(productIds: readonly string[]): string | null {
	const ids = [...new Set(productIds)].sort().slice(0, MAX_AVAILABILITY_PRODUCTS);
	if (ids.length === 0) return null;
	const query = new URLSearchParams(ids.map((id) => ['prodotto', id]));
	return `${AVAILABILITY_PATH}?${query.toString()}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Pieces per shop from an untrusted record: whole numbers, below 0 read as 0. */
function piecesOf(value: unknown): ShopPieces {
	const pieces: Record<string, number> = {};
	if (!isRecord(value)) return pieces;
	for (const [shop, count] of Object.entries(value)) {
		if (typeof count === 'number' && Number.isSafeInteger(count)) pieces[shop] = Math.max(0, count);
	}
	return pieces;
}

/**
 * The products of a GET /api/disponibilita answer for every shop, or null when it is not one
 * (an error's body, another shape).
 */
export function readAvailability(data: unknown): LiveProducts | null {
	if (!isRecord(data) || !Array.isArray(data['negozi']) || !isRecord(data['prodotti'])) return null;
	const products: Record<string, Record<string, ShopPieces> | null> = {};
	for (const [productId, variants] of Object.entries(data['prodotti'])) {
		if (variants === null) products[productId] = null;
		else if (isRecord(variants)) {
			products[productId] = Object.fromEntries(
				Object.entries(variants).map(([variantId, pieces]) => [variantId, piecesOf(pieces)]),
			);
		}
	}
	return products;
}

/** What is known of one variant: on its way, not available now, no longer sold, or its pieces. */
export type VariantLive =
	| { kind: 'loading' }
	| { kind: 'unavailable' }
	| { kind: 'gone' }
	| { kind: 'ready'; pieces: ShopPieces };

/**
 * One variant's live figure. A product the answer names as null, or a variant its product does
 * not have, is no longer sold; a product the answer does not name was not asked yet.
 */
export function variantLive(stock: LiveStock, productId: string, variantId: string): VariantLive {
	if (stock.kind !== 'ready') return stock;
	const product = ownValue(stock.products, productId);
	if (product === undefined) return { kind: 'loading' };
	const pieces = product && ownValue(product, variantId);
	return pieces ? { kind: 'ready', pieces } : { kind: 'gone' };
}

/** Pieces at all shops together; null while not known. */
export function totalPieces(live: VariantLive): number | null {
	if (live.kind === 'gone') return 0;
	if (live.kind !== 'ready') return null;
	return Object.values(live.pieces).reduce((sum, count) => sum + count, 0);
}

/** The most pieces one shop has (what one reservation can ask for at most); null while unknown. */
export function largestShopPieces(live: VariantLive): number | null {
	if (live.kind === 'gone') return 0;
	if (live.kind !== 'ready') return null;
	return Math.max(0, ...Object.values(live.pieces));
}

/** How a place that shows the figure looks: some pieces, none, or not known (yet). */
export type Tone = 'in' | 'out' | 'unknown';

/** What one place of the page says, and its look. */
export interface LiveSpot {
	text: string;
	tone: Tone;
}

/** The kinds of places that show the figure (the `data-live-stock` of their element). */
export type SpotKind =
	/** One shop in the line under the price: "5 disponibili", "non disponibile". */
	| 'shop'
	/** One shop in the availability table: "5 disponibili", "Non disponibile". */
	| 'shop-row'
	/** The table's total: "7 pezzi". */
	| 'total'
	/** The table's note: when the figure was read, or that it cannot be now. */
	| 'note'
	/** The state of the chosen variant in the picker: 'Disponibile', 'Esaurito'. */
	| 'state'
	/** A product card: whether any variant is in some shop. */
	| 'card'
	/**
	 * The product page's main link under the table: 'Prenota in negozio' when some shop has the
	 * variant, 'Chiedi disponibilità' when none has or it cannot be checked, and a label that
	 * claims neither while the figure is on its way (`reserveHref` is its address).
	 */
	| 'reserve';

/** The placeholder, while the figure is on its way: as wide as the texts that replace it. */
const LOADING: Record<SpotKind, string> = {
	shop: 'verifica…',
	'shop-row': 'Verifica…',
	total: '…',
	note: 'Verifica della disponibilità in corso…',
	state: 'Verifica…',
	card: 'Verifica disponibilità…',
	reserve: 'Contatta il negozio',
};

/** What each place says when the figure cannot be read now. */
export const UNAVAILABLE: Record<SpotKind, string> = {
	shop: 'non verificabile',
	'shop-row': 'Non verificabile',
	total: '—',
	note: 'Non possiamo verificare la disponibilità ora: chiedi al negozio o riprova più tardi.',
	state: 'Da verificare',
	card: 'Disponibilità non verificabile ora',
	reserve: 'Chiedi disponibilità',
};

/** "5 disponibili", "1 disponibile", "non disponibile". */
function piecesText(count: number): string {
	if (count > 1) return `${count} disponibili`;
	return count === 1 ? '1 disponibile' : 'non disponibile';
}

function capitalised(text: string): string {
	return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * What a place of kind `kind` says of `live` (for `shop`, `shop-row`: of that shop). A card reads
 * every variant of its product: `cardLive` below.
 */
export function liveSpot(kind: SpotKind, live: VariantLive, shopId = ''): LiveSpot {
	if (live.kind === 'loading') return { text: LOADING[kind], tone: 'unknown' };
	if (live.kind === 'unavailable') return { text: UNAVAILABLE[kind], tone: 'unknown' };
	const total = totalPieces(live) ?? 0;
	const tone: Tone = total > 0 ? 'in' : 'out';
	switch (kind) {
		case 'shop':
		case 'shop-row': {
			const count = live.kind === 'ready' ? (ownValue(live.pieces, shopId) ?? 0) : 0;
			const text = piecesText(count);
			return { text: kind === 'shop' ? text : capitalised(text), tone: count > 0 ? 'in' : 'out' };
		}
		case 'total':
			return { text: `${total} ${total === 1 ? 'pezzo' : 'pezzi'}`, tone };
		case 'note':
			return {
				text:
					live.kind === 'gone'
						? 'Questa variante non è più in vendita.'
						: 'Pezzi liberi adesso, tolti quelli già prenotati.',
				tone,
			};
		case 'state':
			return { text: total > 0 ? 'Disponibile' : 'Esaurito', tone };
		case 'card':
			return { text: total > 0 ? 'Disponibile in negozio' : 'Esaurito nei negozi', tone };
		case 'reserve':
			return { text: total > 0 ? 'Prenota in negozio' : 'Chiedi disponibilità', tone };
	}
}

/**
 * The address of the product page's main link ('reserve' above): the contact form with the
 * product, the variant and the first of `shopIds` that has the variant now (the first shop while
 * the figure is not known), for the message's text (docs/contact.md). Written with its label, by
 * whatever writes the figure.
 */
export function reserveHref(
	live: VariantLive,
	productId: string,
	variantId: string,
	shopIds: readonly string[],
): string {
	const pieces = live.kind === 'ready' ? live.pieces : {};
	const shop = shopIds.find((id) => (ownValue(pieces, id) ?? 0) > 0) ?? shopIds[0] ?? '';
	const params = new URLSearchParams({ prodotto: productId, variante: variantId, negozio: shop });
	return `/contatti?${params.toString()}#modulo`;
}

/** A product card's figure: in some shop when any of its variants is. */
export function cardLive(stock: LiveStock, productId: string): VariantLive {
	if (stock.kind !== 'ready') return stock;
	const product = ownValue(stock.products, productId);
	if (product === undefined) return { kind: 'loading' };
	if (product === null) return { kind: 'gone' };
	const pieces: Record<string, number> = {};
	for (const variant of Object.values(product)) {
		for (const [shop, count] of Object.entries(variant)) pieces[shop] = (pieces[shop] ?? 0) + count;
	}
	return { kind: 'ready', pieces };
}

/** A variant can be chosen unless the figure says no shop has any. */
export function isSoldOut(live: VariantLive): boolean {
	return totalPieces(live) === 0;
}
