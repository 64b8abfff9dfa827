import { slugify } from '../../src/lib/format/text';
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
 * The product fields of the old API (SPEC §3) in all their spellings: names, brand, category,
 * prices (SPEC §9), variants, stock per store id, offer and badge flags, photos.
 */

/** The seven categories of this site (SPEC §3). */
export const CATEGORIES = [
	'proteine',
	'aminoacidi-e-creatina',
	'alimenti-fit',
	'supplementi',
	'dimagranti',
	'pre-workout-energetici',
	'merchandising-e-cosmetici',
] as const;
/** A category of this site. */
export type CategorySlug = (typeof CATEGORIES)[number];

/** The old category slugs and where they moved (SPEC §2, the legacy redirects). */
export const LEGACY_CATEGORIES: Readonly<Record<string, CategorySlug>> = {
	aminoacidi: 'aminoacidi-e-creatina',
	'vitamine-minerali-antiossidanti': 'supplementi',
	'pre-workout': 'dimagranti',
	energetici: 'pre-workout-energetici',
	'accessori-e-merchandising': 'merchandising-e-cosmetici',
};

/** The old numeric id of the merchandise category (SPEC §2: category id 6 has no nutrition). */
const MERCHANDISE_CATEGORY_ID = 6;

/** The shops of this site by old store id: 1 is Torino, any other Aosta (SPEC §9). */
export type ShopKey = 'torino' | 'aosta';
/** Pieces in stock per shop. */
export type Stock = Record<ShopKey, number>;

/** The shop of an old store id. */
export function shopOfStore(storeId: unknown): ShopKey {
	return asNumber(storeId) === 1 ? 'torino' : 'aosta';
}

/** "Vitamine, Minerali e Antiossidanti" and "vitamine-minerali-antiossidanti" compare equal. */
function categoryKey(text: string): string {
	return slugify(text)
		.split('-')
		.filter((word) => word !== 'e')
		.join('-');
}

const BY_KEY = new Map<string, CategorySlug>([
	...CATEGORIES.map((slug): [string, CategorySlug] => [categoryKey(slug), slug]),
	...Object.entries(LEGACY_CATEGORIES).map(([old, slug]): [string, CategorySlug] => [
		categoryKey(old),
		slug,
	]),
]);

/** The category of a product from its slug or name in any spelling; null when unknown. */
export function mapCategory(
	record: Record<string, unknown>,
	notes: Notes,
): { slug: CategorySlug } | { slug: null; reason: string } {
	const nested = isRecord(record['category']) ? record['category'] : undefined;
	const candidates = [
		pick(record, ['category_slug', 'categorySlug']),
		pick(nested, ['slug']),
		typeof record['category'] === 'string'
			? { key: 'category', value: record['category'] }
			: undefined,
		pick(record, ['category_name', 'categoryName']),
		pick(nested, ['name']),
	];
	const seen: string[] = [];
	for (const candidate of candidates) {
		const text = asText(candidate?.value);
		if (!candidate || !text) continue;
		const slug = BY_KEY.get(categoryKey(text));
		if (slug) {
			if (slugify(text) !== slug) {
				notes.fallback('category', `categoria «${text}» del vecchio sito → ${slug}`);
			}
			return { slug };
		}
		seen.push(text);
	}
	const id = asNumber(pick(record, ['category_id', 'categoryId'])?.value);
	if (!seen.length && id === MERCHANDISE_CATEGORY_ID) {
		notes.fallback('category', `solo category_id ${id}: categoria merchandising-e-cosmetici`);
		return { slug: 'merchandising-e-cosmetici' };
	}
	return {
		slug: null,
		reason: seen.length
			? `categoria sconosciuta «${seen.join('», «')}» (categorie: ${CATEGORIES.join(', ')})`
			: 'categoria mancante',
	};
}

/** The product's slug: its own, else made from the name. */
export function productSlug(record: Record<string, unknown>, name: string, notes: Notes): string {
	const own = slugify(asText(record['slug']) ?? '');
	if (own) return own;
	notes.fallback('slug', `slug mancante: ricavato dal nome («${slugify(name)}»)`);
	return slugify(name);
}

/** The brand in any spelling (brand_name, brandName, brand or brand.name). */
export function brandOf(record: Record<string, unknown>, notes: Notes): string {
	const brand = record['brand'];
	const text =
		asText(pick(record, ['brand_name', 'brandName'])?.value) ??
		asText(brand) ??
		(isRecord(brand) ? asText(brand['name']) : undefined);
	if (text) return shorten(text, 40);
	notes.fallback('brand', 'marca mancante: indicata «Vigor Sport», da verificare');
	return 'Vigor Sport';
}

/**
 * A price of the old API in euros (SPEC §9: server prices are in cents). Fields named *_cents are
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

/** A variant as written in a product file (euros). */
export interface VariantOut {
	flavour?: string;
	size: string;
	price: number;
	originalPrice?: number;
	stock: Stock;
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
 * product's lowest price. Stock is the product's, copied to each variant (the old system kept it
 * per product). An empty list means the product has no price at all.
 */
export function buildVariants(
	record: Record<string, unknown>,
	stock: Stock,
	notes: Notes,
): VariantOut[] {
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
		// Keys in the order of the hand-written files: flavour, size, price, originalPrice, stock.
		variants.push({
			...(flavour ? { flavour } : {}),
			size: shorten(size, 40),
			price,
			...(original !== null ? { originalPrice: original } : {}),
			stock: { ...stock },
		});
	});

	const flavoured = variants.filter((variant) => variant.flavour).length;
	if (flavoured > 0 && flavoured < variants.length) {
		variants.forEach((variant, index) => {
			if (!variant.flavour) variants[index] = { flavour: 'Gusto unico', ...variant };
		});
		notes.fallback('variants', 'gusto mancante in alcune varianti: indicato «Gusto unico»');
	}
	if (variants.length > 1 && (stock.torino > 0 || stock.aosta > 0)) {
		notes.fallback(
			'variants.stock',
			'il vecchio sistema contava i pezzi per prodotto: copiati su ogni variante, da dividere',
		);
	}
	return variants;
}

/** Badges of this site and the old flags they come from (SPEC §3). */
const BADGE_FLAGS = [
	['bestPrice', 'miglior-prezzo'],
	['immediateAvailability', 'disponibile'],
	['freeShipping', 'spedizione-gratuita'],
	['newArrival', 'nuovo'],
	['fastDelivery', 'consegna-24h'],
	['staffPick', 'consigliato'],
	['localProduct', 'valle-d-aosta'],
] as const;

/** What the old flags become: badges, ribbon, offer text and the NUOVO mark. */
export interface Flags {
	badges: (typeof BADGE_FLAGS)[number][1][];
	ribbon?: 'best-seller' | 'novita';
	offer?: string;
	isNew?: true;
}

/** Maps the badge flags, best seller and new flags, and the special offer. */
export function mapFlags(record: Record<string, unknown>, notes: Notes): Flags {
	const flags: Flags = { badges: [] };
	for (const [flag, badge] of BADGE_FLAGS) {
		if (asFlag(record[flag])) flags.badges.push(badge);
	}
	for (const badge of ['spedizione-gratuita', 'consegna-24h'] as const) {
		if (flags.badges.includes(badge)) {
			notes.warning(
				'badges',
				`«${badge}»: il sito non spedisce, tienilo solo se il servizio esiste`,
			);
		}
	}
	const isNew = asFlag(pick(record, ['is_new', 'isNew'])?.value);
	if (isNew) flags.isNew = true;
	if (asFlag(pick(record, ['isBestSeller', 'is_best_seller'])?.value)) flags.ribbon = 'best-seller';
	else if (isNew) flags.ribbon = 'novita';
	const offer = asText(pick(record, ['specialOfferText', 'special_offer_text'])?.value);
	const hasOffer = asFlag(pick(record, ['has_special_offer', 'hasSpecialOffer'])?.value);
	if (hasOffer && offer) flags.offer = shorten(offer, 80);
	else if (hasOffer) notes.warning('offer', 'offerta segnalata senza testo: non mostrata');
	else if (offer) notes.warning('offer', 'testo di offerta senza offerta attiva: non mostrato');
	return flags;
}

/** The addresses of the old photos (image_url, primaryImage, images[].src). */
export function legacyImageUrls(record: Record<string, unknown>): string[] {
	const urls = [
		pick(record, ['image_url', 'imageUrl'])?.value,
		record['primaryImage'],
		...asList(record['images']),
	].flatMap((item) => {
		const url = isRecord(item) ? (item['src'] ?? item['url']) : item;
		return typeof url === 'string' && url.trim() ? [url.trim()] : [];
	});
	return [...new Set(urls)];
}
