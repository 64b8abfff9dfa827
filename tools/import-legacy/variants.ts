import { variantId } from '../../src/lib/catalogue/variants';
import type { VariantOut } from './frontmatter';
import {
	asFlag,
	asList,
	asNumber,
	asText,
	isRecord,
	pick,
	shorten,
	unwrapJson,
	type Notes,
} from './values';

/**
 * Prices (docs/import.md), stock per old store id and the variants of an old product: the details'
 * variants, else its sizes, else one variant at its lowest price.
 */

/** The shops of this site by old store id: 1 is Torino, any other Aosta. */
export type ShopKey = 'torino' | 'aosta';
/** Pieces in stock per shop. */
export type Stock = Record<ShopKey, number>;

/** The shop of an old store id. */
export function shopOfStore(storeId: unknown): ShopKey {
	return asNumber(storeId) === 1 ? 'torino' : 'aosta';
}

/**
 * A price of the old API in euros (server prices are in cents). Fields named *_cents are
 * always cents; other numbers are cents when they are whole and above 100 (2990 → 29.90), euros
 * otherwise (29.9, 89, and texts with € or decimals such as "29,90 €"). Zero, negative or
 * unreadable prices give null.
 */
export function legacyEuros(value: unknown, inCents = false): number | null {
	const number = asNumber(value);
	if (number === undefined || number <= 0) return null;
	// A text with a currency sign or decimals ("29,90 €", "€ 1.299,00") is written in euros.
	const written = typeof value === 'string' && /€|eur|[.,]\d{1,2}\s*$/i.test(value.trim());
	const cents = inCents || (!written && Number.isInteger(number) && number > 100);
	const euros = cents ? number / 100 : number;
	const rounded = Math.round(euros * 100) / 100;
	return rounded > 0 ? rounded : null;
}

/** The product's own prices (price, base_price, min_price_cents, sizes), lowest first. */
export function productPrices(record: Record<string, unknown>): number[] {
	const prices = [
		legacyEuros(record['price']),
		legacyEuros(pick(record, ['base_price', 'basePrice'])?.value),
		legacyEuros(pick(record, ['min_price_cents', 'minPriceCents'])?.value, true),
		...asList(record['sizes']).map((size) => (isRecord(size) ? sizePrice(size) : null)),
	];
	return prices.filter((price): price is number => price !== null).sort((a, b) => a - b);
}

/** A size's or variant's price: price_cents in cents, price by the rule of legacyEuros. */
function sizePrice(item: Record<string, unknown>): number | null {
	const cents = pick(item, ['price_cents', 'priceCents']);
	if (cents) return legacyEuros(cents.value, true);
	return legacyEuros(pick(item, ['price', 'prezzo'])?.value);
}

/**
 * Stock per shop from the old availability list ({storeId, isAvailable, stockQuantity}, any
 * spelling), a map by store id, or a JSON string of either. Store 1 is Torino, the others Aosta.
 */
export function parseAvailability(value: unknown, notes: Notes): Stock {
	const stock: Stock = { torino: 0, aosta: 0 };
	const data = unwrapJson(value, 'availability', notes);
	if (data === undefined || data === null || data === '') {
		notes.fallback('stock', 'disponibilità mancante: 0 pezzi in entrambi i negozi, da verificare');
		return stock;
	}
	let entries: [unknown, unknown][];
	if (Array.isArray(data)) {
		entries = data.map((item) => [
			isRecord(item) ? pick(item, ['storeId', 'store_id', 'store', 'negozio'])?.value : undefined,
			item,
		]);
	} else if (isRecord(data)) {
		entries = Object.entries(data);
	} else {
		notes.warning('availability', `formato non riconosciuto (${JSON.stringify(data)}): 0 pezzi`);
		return stock;
	}
	let guessed = false;
	for (const [store, item] of entries) {
		if (store === undefined) {
			notes.warning('availability', 'voce senza storeId ignorata');
			continue;
		}
		let count: number | undefined;
		if (isRecord(item)) {
			const available = pick(item, ['isAvailable', 'is_available', 'available', 'disponibile']);
			const quantity = asNumber(
				pick(item, ['stockQuantity', 'stock_quantity', 'quantity', 'stock', 'quantita'])?.value,
			);
			if (available && !asFlag(available.value)) count = 0;
			else if (quantity !== undefined) count = quantity;
			else if (available) {
				count = 1;
				guessed = true;
			}
		} else {
			count = typeof item === 'boolean' ? Number(item) : asNumber(item);
		}
		if (count === undefined) {
			notes.warning(
				'availability',
				`negozio ${asText(store) ?? JSON.stringify(store)}: quantità illeggibile, 0 pezzi`,
			);
			continue;
		}
		stock[shopOfStore(store)] += Math.max(0, Math.floor(count));
	}
	if (guessed) {
		notes.fallback('stock', 'disponibile senza quantità: indicato 1 pezzo, da verificare');
	}
	return stock;
}

const SIZE_KEYS = ['size', 'formato', 'quantity', 'peso', 'weight', 'taglia'];

/** The size of a variant (or, with `named`, of a size entry, which may call it name or label). */
function sizeOf(item: Record<string, unknown>, named = false): string | undefined {
	return asText(pick(item, named ? [...SIZE_KEYS, 'name', 'label'] : SIZE_KEYS)?.value);
}

/** The flavour (or colour) of a variant in any spelling. */
function flavourOf(item: Record<string, unknown>): string | undefined {
	return asText(pick(item, ['flavor', 'flavour', 'gusto', 'colore', 'color', 'colour'])?.value);
}

/**
 * The variants: the details' variants (backend: flavor, size, price_cents; frontend: flavour,
 * size, price in euros, originalPrice), else the product's sizes, else one variant at the
 * product's lowest price. An empty list means the product has no price at all. The variants carry
 * no stock: stock is kept in the server's ledger (stockRows below writes it for the import).
 */
export function buildVariants(record: Record<string, unknown>, notes: Notes): VariantOut[] {
	const lowest = productPrices(record)[0] ?? null;
	const details = asList(unwrapJson(record['variants'], 'variants', notes)).filter(isRecord);
	const sizes = asList(unwrapJson(record['sizes'], 'sizes', notes));
	const raw: {
		flavour?: string | undefined;
		size?: string | undefined;
		price: number | null;
		original: number | null;
	}[] = [];
	const productOriginal = legacyEuros(pick(record, ['originalPrice', 'original_price'])?.value);
	if (details.length) {
		for (const item of details) {
			raw.push({
				flavour: flavourOf(item),
				size: sizeOf(item),
				price: sizePrice(item),
				original:
					legacyEuros(pick(item, ['original_price_cents', 'originalPriceCents'])?.value, true) ??
					legacyEuros(pick(item, ['originalPrice', 'original_price'])?.value),
			});
		}
	} else if (sizes.length) {
		for (const item of sizes) {
			if (isRecord(item)) {
				raw.push({
					flavour: flavourOf(item),
					size: sizeOf(item, true),
					price: sizePrice(item),
					original: null,
				});
			} else {
				raw.push({ size: asText(item), price: null, original: null });
			}
		}
	} else if (lowest !== null) {
		notes.fallback('variants', 'nessuna variante né formato: una variante «Formato unico»');
		raw.push({ size: 'Formato unico', price: lowest, original: productOriginal });
	}

	const variants: VariantOut[] = [];
	const seen = new Set<string>();
	raw.forEach((item, index) => {
		let size = item.size;
		if (!size) {
			size = raw.length === 1 ? 'Formato unico' : `Formato ${index + 1}`;
			notes.fallback('variants', `variante ${index + 1} senza formato: indicato «${size}»`);
		}
		let price = item.price;
		if (price === null) {
			if (lowest === null) {
				notes.warning('variants', `variante «${size}» senza prezzo: ignorata`);
				return;
			}
			price = lowest;
			notes.fallback('variants', `variante «${size}» senza prezzo: usato il prezzo del prodotto`);
		}
		const flavour = item.flavour ? shorten(item.flavour, 40) : undefined;
		const key = `${flavour ?? ''}|${size}`.toLowerCase();
		if (seen.has(key)) {
			notes.warning(
				'variants',
				`variante ripetuta (${[flavour, size].filter(Boolean).join(', ')}): ignorata`,
			);
			return;
		}
		seen.add(key);
		let original = item.original ?? (raw.length === 1 ? productOriginal : null);
		if (original !== null && original <= price) {
			notes.warning('variants', `prezzo barrato ${original} non superiore a ${price}: ignorato`);
			original = null;
		}
		// Keys in the order of the hand-written files: flavour, size, price, originalPrice.
		variants.push({
			...(flavour ? { flavour } : {}),
			size: shorten(size, 40),
			price,
			...(original !== null ? { originalPrice: original } : {}),
		});
	});

	const flavoured = variants.filter((variant) => variant.flavour).length;
	if (flavoured > 0 && flavoured < variants.length) {
		variants.forEach((variant, index) => {
			if (!variant.flavour) variants[index] = { flavour: 'Gusto unico', ...variant };
		});
		notes.fallback('variants', 'gusto mancante in alcune varianti: indicato «Gusto unico»');
	}
	return variants;
}

/** A row of the stock CSV the import writes for `npm run magazzino -- importa`. */
export interface StockRowOut {
	shopId: ShopKey;
	variantId: string;
	pieces: number;
}

/**
 * The old stock as rows of the stock CSV, one per variant and shop: the old system counted per
 * product, so each variant gets the product's pieces, noted to be split by a stocktake.
 */
export function stockRows(
	variants: readonly VariantOut[],
	stock: Stock,
	notes: Notes,
): StockRowOut[] {
	if (variants.length > 1 && (stock.torino > 0 || stock.aosta > 0)) {
		notes.fallback(
			'stock',
			'il vecchio sistema contava i pezzi per prodotto: copiati su ogni variante nel file del magazzino, da dividere con un conteggio',
		);
	}
	return variants.flatMap((variant) =>
		(Object.keys(stock) as ShopKey[]).map((shopId) => ({
			shopId,
			variantId: variantId(variant.flavour, variant.size),
			pieces: stock[shopId],
		})),
	);
}
