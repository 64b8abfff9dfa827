/**
 * A product as the pickup checks read it: the fields of its static resource
 * /api/product/<id>.json (src/lib/catalogue/api.ts `productResource`) that a reservation needs,
 * checked field by field, since the server reads them from files and the dev server over HTTP.
 * Pure.
 */
import { SLUG_PATTERN } from '../slug';

/** A variant of a product, as a reservation needs it. */
export interface PickupVariant {
	id: string;
	flavour: string | null;
	size: string;
	priceCents: number;
}

/** A product of the catalogue, as a reservation needs it. */
export interface PickupProduct {
	id: string;
	name: string;
	/** The brand, for the stock list's search ('' when the resource has none). */
	brand: string;
	variants: readonly PickupVariant[];
	/** The product page's path (`/prodotti/<categoria>/<slug>`), when the resource names it. */
	url?: string | undefined;
}

/**
 * A product id (its slug: the file name of its content) or a variant id: lowercase letters and
 * digits in words joined by '-', at most 120 characters. The server builds a file path from a
 * product id only after this test, so no id can leave the folder.
 */
const ID = SLUG_PATTERN;

/** True for a well-formed product or variant id. */
export function isCatalogueId(value: unknown): value is string {
	return typeof value === 'string' && value.length <= 120 && ID.test(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCount(value: unknown): value is number {
	return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function toVariant(value: unknown): PickupVariant | null {
	if (!isObject(value)) return null;
	const { id, flavour, size, priceCents } = value;
	if (!isCatalogueId(id) || typeof size !== 'string') return null;
	if (flavour !== null && typeof flavour !== 'string') return null;
	if (!isCount(priceCents)) return null;
	return { id, flavour, size, priceCents };
}

/** The product of a parsed /api/product/<id>.json, or null when its shape is not the API's. */
export function toPickupProduct(value: unknown): PickupProduct | null {
	if (!isObject(value)) return null;
	const { id, name, brand, variants, url } = value;
	if (!isCatalogueId(id) || typeof name !== 'string' || !Array.isArray(variants)) return null;
	const checked = variants.map(toVariant);
	if (checked.some((variant) => variant === null)) return null;
	return {
		id,
		name,
		brand: typeof brand === 'string' ? brand : '',
		variants: checked as PickupVariant[],
		...(typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? { url } : {}),
	};
}
