/**
 * 'Prenota in negozio' (docs/messages.md): the product page links to
 * /contatti?prodotto=<slug>&variante=<id>&negozio=<shop>#modulo, and the contact form starts with
 * a message naming the product, the variant and the shop. Pure.
 */
import { variantLabel } from '../catalogue/variants';
import { SLUG_PATTERN } from '../slug';

/** A reservation asked for in the address of /contatti. */
export interface ReservationQuery {
	product: string;
	variant: string | null;
	shop: string | null;
}

/** Slugs and ids of the catalogue: lower-case letters, digits and dashes. */
const ID_PATTERN = SLUG_PATTERN;
const MAX_ID_LENGTH = 120;

function id(value: string | null): string | null {
	return value !== null && value.length <= MAX_ID_LENGTH && ID_PATTERN.test(value) ? value : null;
}

/** The reservation in a query string, or null when there is none or the product is malformed. */
export function parseReservationQuery(search: string): ReservationQuery | null {
	const params = new URLSearchParams(search);
	const product = id(params.get('prodotto'));
	if (product === null) return null;
	return { product, variant: id(params.get('variante')), shop: id(params.get('negozio')) };
}

/** What the form needs to know to write the reservation. */
export interface ReservationDetails {
	productName: string;
	variantLabel: string | null;
	shopName: string | null;
}

/** The message that starts a reservation; unknown variant or shop lines are left out. */
export function reservationText({
	productName,
	variantLabel,
	shopName,
}: ReservationDetails): string {
	const lines = [`Vorrei prenotare: ${productName}`];
	if (variantLabel) lines.push(`Variante: ${variantLabel}`);
	if (shopName) lines.push(`Negozio per il ritiro: ${shopName}`);
	return lines.join('\n');
}

/**
 * The message after a reservation arrives: the reservation alone when nothing was written, the
 * draft as it is when it already contains the reservation (a reload), else the reservation
 * followed by what the visitor had written.
 */
export function mergeReservation(message: string, reservation: string): string {
	if (message.trim() === '') return reservation;
	if (message.includes(reservation)) return message;
	return `${reservation}\n\n${message}`;
}

/** The product resource of /api/product/<slug>.json, as far as the form reads it. */
export interface ProductForReservation {
	name: string;
	variants: readonly { id: string; flavour: string | null; size: string }[];
}

/** The details of a reservation from the product resource and the shops' names. */
export function reservationDetails(
	query: ReservationQuery,
	product: ProductForReservation,
	shops: readonly { id: string; name: string }[],
): ReservationDetails {
	const variant = product.variants.find((item) => item.id === query.variant);
	const shop = shops.find((item) => item.id === query.shop);
	return {
		productName: product.name,
		variantLabel: variant ? variantLabel(variant.flavour, variant.size) : null,
		shopName: shop?.name ?? null,
	};
}

/** The product resource from an untrusted JSON answer, or null when it is not one. */
export function readProductForReservation(value: unknown): ProductForReservation | null {
	if (typeof value !== 'object' || value === null) return null;
	const { name, variants } = value as Record<string, unknown>;
	if (typeof name !== 'string' || name.trim() === '') return null;
	const list = Array.isArray(variants) ? (variants as unknown[]) : [];
	return {
		name,
		variants: list.flatMap((item) => {
			if (typeof item !== 'object' || item === null) return [];
			const { id: variantId, flavour, size } = item as Record<string, unknown>;
			if (typeof variantId !== 'string' || typeof size !== 'string') return [];
			return [{ id: variantId, flavour: typeof flavour === 'string' ? flavour : null, size }];
		}),
	};
}
