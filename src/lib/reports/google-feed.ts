/**
 * Google's feeds for the shops' shelves (docs/report.md, "Google local inventory"): the local
 * products feed, built with the site from the catalogue (one item per variant), and the local
 * product inventory feed the server serves (one row per shop and variant, its pieces now). Both
 * are tab-separated with Google's headings, and name an item by the same id. Pure.
 */
import { hoursOn, type ShopCalendar } from '../shops/calendar';
import { romeClock, romeDate } from '../shops/open-now';

/** Google's longest item id. */
export const MAX_ITEM_ID = 50;

/** A short, stable hash of a text in base 36 (cyrb53). */
function hash(text: string): string {
	let h1 = 0xdeadbeef;
	let h2 = 0x41c6ce57;
	for (let index = 0; index < text.length; index += 1) {
		const code = text.charCodeAt(index);
		h1 = Math.imul(h1 ^ code, 2654435761);
		h2 = Math.imul(h2 ^ code, 1597334677);
	}
	h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
	h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
	return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * The item id of a variant, in both feeds: "<product>~<variant>" when it fits Google's 50
 * characters, else its first characters and a hash of the whole (stable from build to build).
 * The `~` never appears in an id of the catalogue, so no two variants share an item id.
 */
export function feedItemId(productId: string, variantId: string): string {
	const full = `${productId}~${variantId}`;
	if (full.length <= MAX_ITEM_ID) return full;
	const tail = `~${hash(full)}`;
	return `${full.slice(0, MAX_ITEM_ID - tail.length)}${tail}`;
}

/** Google's availability of a number of pieces: 3 or more, 1–2, none. */
export type FeedAvailability = 'in_stock' | 'limited_availability' | 'out_of_stock';

export function availabilityOf(pieces: number): FeedAvailability {
	if (pieces >= 3) return 'in_stock';
	return pieces >= 1 ? 'limited_availability' : 'out_of_stock';
}

/** "same day" while the shop is still to close today (open now, or opening later), else "next day". */
export function pickupSla(shop: ShopCalendar, now: Date): 'same day' | 'next day' {
	const minute = romeClock(now).minute;
	const open = hoursOn(shop, romeDate(now)).some((range) => {
		const closes = Number(range.slice(6, 8)) * 60 + Number(range.slice(9, 11));
		return closes > minute;
	});
	return open ? 'same day' : 'next day';
}

/** "29.90 EUR". */
export function feedPrice(cents: number): string {
	return `${(cents / 100).toFixed(2)} EUR`;
}

/** A cell: no tab or line break may break the row. */
function cell(value: string | number): string {
	return String(value)
		.replace(/[\t\r\n]+/g, ' ')
		.trim();
}

/** A tab-separated file: the headings, then the rows, each line ending in LF. */
function tsv(headings: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
	return [headings, ...rows].map((row) => row.map(cell).join('\t')).join('\n') + '\n';
}

/** The local product inventory feed's headings, in order. */
export const INVENTORY_HEADINGS = [
	'store code',
	'id',
	'availability',
	'quantity',
	'price',
	'pickup method',
	'pickup sla',
] as const;

/** One shop and variant of the local inventory feed. */
export interface InventoryRow {
	storeCode: string;
	productId: string;
	variantId: string;
	available: number;
	priceCents: number;
	sla: 'same day' | 'next day';
}

/** The local product inventory feed. */
export function localInventoryTsv(rows: readonly InventoryRow[]): string {
	return tsv(
		INVENTORY_HEADINGS,
		rows.map((row) => [
			row.storeCode,
			feedItemId(row.productId, row.variantId),
			availabilityOf(row.available),
			Math.max(0, row.available),
			feedPrice(row.priceCents),
			'reserve',
			row.sla,
		]),
	);
}

/** The local products feed's headings, in order. */
export const PRODUCT_HEADINGS = [
	'id',
	'title',
	'description',
	'link',
	'image link',
	'brand',
	'price',
	'condition',
	'availability',
	'item group id',
] as const;

/** One variant of the local products feed. */
export interface FeedProduct {
	productId: string;
	variantId: string;
	title: string;
	description: string;
	link: string;
	imageLink: string;
	brand: string;
	priceCents: number;
	/** The variant's GTIN (EAN), when the content has one. */
	gtin?: string | undefined;
}

/**
 * The local products feed: one item per variant, grouped by product; `gtin` is a column only
 * when some variant has one. Availability is "in_stock": the shop's own is the inventory feed's.
 */
export function localProductsTsv(items: readonly FeedProduct[]): string {
	const withGtin = items.some((item) => item.gtin);
	return tsv(
		withGtin ? [...PRODUCT_HEADINGS, 'gtin'] : PRODUCT_HEADINGS,
		items.map((item) => [
			feedItemId(item.productId, item.variantId),
			item.title.slice(0, 150),
			item.description.slice(0, 5000),
			item.link,
			item.imageLink,
			item.brand,
			feedPrice(item.priceCents),
			'new',
			'in_stock',
			item.productId,
			...(withGtin ? [item.gtin ?? ''] : []),
		]),
	);
}
