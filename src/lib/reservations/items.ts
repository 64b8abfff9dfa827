/**
 * The server's check of a reservation's items against the catalogue of the build it serves
 * (docs/reservations.md): each line names an existing product and variant, in a whole quantity of at
 * least 1. Whether the shop has the pieces is the server's ledger's to say, under the write lock
 * that stores the reservation (src/server/reservations/store.ts). A refused line gets an Italian
 * reason naming the product and variant, so the list page can show it beside the item. Prices come only from the
 * catalogue: what the browser thinks an item costs is never read.
 *
 * The same variant sent on two lines is merged into one (quantities added, checked together
 * against the shop's pieces, reported at the first line): the list keeps one line per variant, so two
 * only come from an old list or a hand-made request, and the shop reads one line either way.
 * Pure: the products are looked up through the function passed in.
 */
import { variantLabel } from '../catalogue/variants';
import { isCatalogueId, type PickupProduct, type PickupVariant } from './product';
import type { PickupRefused, PickupShop } from './types';

/** Most lines in one reservation. */
export const MAX_PICKUP_LINES = 30;

/** The Italian reasons of the list as a whole (the `items` field of a 422). */
export const PICKUP_LIST_ERRORS = Object.freeze({
	empty: 'La lista ritiro è vuota: aggiungi almeno un prodotto.',
	tooMany: `Puoi prenotare al massimo ${MAX_PICKUP_LINES} prodotti diversi alla volta: togline qualcuno.`,
});

/** A refused line (as in PickupRefused['items']). */
export type PickupItemError = NonNullable<PickupRefused['items']>[number];

/**
 * A line of a reservation as stored and e-mailed: names and price from the catalogue (the
 * visitor's list in the browser has its own lines: PickupLine, list.ts).
 */
export interface ReservationLine {
	productId: string;
	variantId: string;
	productName: string;
	/** "Cioccolato – 2 kg", or "700 ml" without a flavour. */
	variantLabel: string;
	unitPriceCents: number;
	quantity: number;
}

/** The outcome of the item checks. */
export type PickupItemsResult =
	| {
			ok: true;
			lines: ReservationLine[];
			totalCents: number;
			/** Per line, its position in the items sent (the first, for merged lines). */
			indexes: number[];
	  }
	| { ok: false; listError?: string; items: PickupItemError[] };

/** Looks a product up by id in the build's catalogue. */
export type ProductLookup = (id: string) => PickupProduct | undefined;

/** "Whey Isolate 90 – Cioccolato – 2 kg". */
export function itemName(product: PickupProduct, variant: PickupVariant): string {
	return `${product.name} – ${variantLabel(variant.flavour, variant.size)}`;
}

/** The reasons for one line, in Italian. */
export const pickupItemErrors = Object.freeze({
	invalid: 'Prodotto non valido: toglilo dalla lista e aggiungilo di nuovo dalla sua pagina.',
	unknownProduct: (productId: string) =>
		`Il prodotto «${productId}» non è più in catalogo: toglilo dalla lista.`,
	unknownVariant: (product: PickupProduct) =>
		`«${product.name}»: la variante scelta non è più in vendita; scegline un'altra dalla pagina del prodotto.`,
	quantity: (name: string) =>
		`«${name}»: la quantità deve essere un numero intero di almeno 1 pezzo.`,
	outOfStock: (name: string, shop: Pick<PickupShop, 'shortName'>) =>
		`«${name}»: non è disponibile nella ${shop.shortName}.`,
	tooMany: (name: string, shop: Pick<PickupShop, 'shortName'>, available: number) =>
		`«${name}»: nella ${shop.shortName} ${available === 1 ? 'ne è disponibile solo 1' : `ne sono disponibili solo ${available}`}.`,
	/** More than the pieces not already reserved by other customers. */
	held: (name: string, shop: Pick<PickupShop, 'shortName'>, free: number) =>
		free === 0
			? `«${name}»: nella ${shop.shortName} i pezzi disponibili sono già tutti prenotati da altri clienti.`
			: `«${name}»: nella ${shop.shortName} ${free === 1 ? 'ne è ancora libero solo 1' : `ne sono ancora liberi solo ${free}`}, gli altri sono già prenotati.`,
});

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The ids sent on a line, as strings ('' when missing or not a string). */
function sentIds(item: unknown): { productId: string; variantId: string } {
	const record = isObject(item) ? item : {};
	const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 120) : '');
	return { productId: text(record['productId']), variantId: text(record['variantId']) };
}

/**
 * The distinct well-formed product ids of the first MAX_PICKUP_LINES lines: what the server
 * looks up before the checks.
 */
export function pickupProductIds(items: unknown): string[] {
	if (!Array.isArray(items)) return [];
	const ids = items.slice(0, MAX_PICKUP_LINES).map((item) => sentIds(item).productId);
	return [...new Set(ids.filter(isCatalogueId))];
}

/** A line that passed its own checks, before lines of the same variant are merged. */
interface Found {
	index: number;
	product: PickupProduct;
	variant: PickupVariant;
	quantity: number;
}

/** Checks one line on its own: the product, the variant, the quantity. */
function checkLine(item: unknown, index: number, lookup: ProductLookup): Found | PickupItemError {
	const ids = sentIds(item);
	const refuse = (error: string): PickupItemError => ({ index, ...ids, error });
	if (!isObject(item) || !isCatalogueId(ids.productId) || !isCatalogueId(ids.variantId)) {
		return refuse(pickupItemErrors.invalid);
	}
	const product = lookup(ids.productId);
	if (!product) return refuse(pickupItemErrors.unknownProduct(ids.productId));
	const variant = product.variants.find((candidate) => candidate.id === ids.variantId);
	if (!variant) return refuse(pickupItemErrors.unknownVariant(product));
	const quantity = item['quantity'];
	if (typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity < 1) {
		return refuse(pickupItemErrors.quantity(itemName(product, variant)));
	}
	return { index, product, variant, quantity };
}

/**
 * Checks the items of a reservation. Lines of the same variant are merged; the lines come back
 * in the order sent, with the catalogue's names and prices.
 */
export function checkPickupItems(items: unknown, lookup: ProductLookup): PickupItemsResult {
	if (!Array.isArray(items) || items.length === 0) {
		return { ok: false, listError: PICKUP_LIST_ERRORS.empty, items: [] };
	}
	if (items.length > MAX_PICKUP_LINES) {
		return { ok: false, listError: PICKUP_LIST_ERRORS.tooMany, items: [] };
	}
	const errors: PickupItemError[] = [];
	const merged = new Map<string, Found>();
	items.forEach((item, index) => {
		const line = checkLine(item, index, lookup);
		if ('error' in line) {
			errors.push(line);
			return;
		}
		const key = `${line.product.id}\n${line.variant.id}`;
		const earlier = merged.get(key);
		if (earlier) earlier.quantity += line.quantity;
		else merged.set(key, line);
	});
	if (errors.length > 0) {
		return { ok: false, items: errors.sort((a, b) => a.index - b.index) };
	}
	const found = [...merged.values()];
	const lines = found.map(({ product, variant, quantity }) => ({
		productId: product.id,
		variantId: variant.id,
		productName: product.name,
		variantLabel: variantLabel(variant.flavour, variant.size),
		unitPriceCents: variant.priceCents,
		quantity,
	}));
	const totalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
	return {
		ok: true,
		lines,
		totalCents,
		indexes: found.map((line) => line.index),
	};
}
