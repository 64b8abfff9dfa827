/**
 * GET /api/disponibilita?prodotto=<id>[&prodotto=<id>…][&negozio=<shop>]: the pieces available
 * now for each variant of the products asked about, as the service counts them (the pieces on
 * hand less those open reservations hold). The product page, a category page's cards and the
 * pickup list read it after the page has painted, in one request per page: no page of the build
 * states a figure that could be stale. Never cached (`no-store`): the answer changes with every
 * reservation and every movement of stock. A bad query gets a 400 JSON answer in Italian.
 *
 * Without `negozio`, every shop (the shape the site's pages read):
 *   200 `{ negozi: [<shop>…], prodotti: { <id>: { <variantId>: { <shop>: n } } | null } }`
 * With `negozio`, that shop alone, in the shape pages of an earlier deploy still open in a tab
 * (or kept by a phone's service worker) ask for:
 *   200 `{ negozio, prodotti: { <id>: { <variantId>: n } | null } }`
 * (null: no such product in the build).
 *
 * Every request counts against the visitor's address (AVAILABILITY_RATE_LIMIT a minute, far above
 * what browsing makes): past it, 429 in Italian with `Retry-After`, before any work is done.
 * HEAD answers as GET, without the body.
 */
import { isCatalogueId } from '../../lib/reservations/product';
import { MAX_AVAILABILITY_PRODUCTS } from '../../lib/catalogue/live-stock';
import { json } from '../core/submission-responses';
import { seconds } from '../core/submission';
import type { Availability, PickupService } from './service';

/** The query's parameters. */
export const AVAILABILITY_PARAMS = Object.freeze({ shop: 'negozio', product: 'prodotto' });

/** The Italian texts of the refusals. */
export const AVAILABILITY_ERRORS = Object.freeze({
	shop: 'Indica un negozio esistente con il parametro «negozio» (per esempio ?negozio=torino), oppure nessun negozio per averli tutti.',
	noProduct: 'Indica almeno un prodotto con il parametro «prodotto».',
	badProduct: (id: string) => `Il prodotto «${id.slice(0, 120)}» non è un codice prodotto valido.`,
	tooMany: `Puoi chiedere al massimo ${MAX_AVAILABILITY_PRODUCTS} prodotti alla volta.`,
	unknownParam: (name: string) =>
		`Parametro sconosciuto: «${name.slice(0, 40)}». Sono ammessi solo «negozio» e «prodotto».`,
	method: 'Metodo non consentito: questo indirizzo accetta solo GET.',
	tooManyRequests: (wait: number) =>
		`Troppe richieste di disponibilità in poco tempo: riprova tra ${seconds(wait)}.`,
});

/** Pieces per shop of each variant, for each product (null: not in the build). */
export type AvailabilityByShop = Record<string, Record<string, Record<string, number>> | null>;

/** One answer per shop, merged into pieces per shop of each variant. */
export function byShop(
	productIds: readonly string[],
	answers: readonly { shopId: string; availability: Availability }[],
): AvailabilityByShop {
	const products: AvailabilityByShop = {};
	for (const id of productIds) {
		let variants: Record<string, Record<string, number>> | null = null;
		for (const { shopId, availability } of answers) {
			const free = availability[id];
			if (!free) continue;
			variants ??= {};
			for (const [variantId, pieces] of Object.entries(free)) {
				(variants[variantId] ??= {})[shopId] = pieces;
			}
		}
		products[id] = variants;
	}
	return products;
}

/** Answers GET /api/disponibilita with the service of the process. */
export async function handleAvailability(
	url: URL,
	service: Pick<PickupService, 'availability' | 'pickup' | 'takeAvailabilityRate'>,
	clientAddress: string,
): Promise<Response> {
	const rate = service.takeAvailabilityRate(clientAddress);
	if (!rate.allowed) {
		return json(
			429,
			{ error: AVAILABILITY_ERRORS.tooManyRequests(rate.retryAfterSeconds) },
			{ 'Retry-After': String(rate.retryAfterSeconds) },
		);
	}
	const params = url.searchParams;
	const refuse = (error: string) => json(400, { error });
	for (const name of params.keys()) {
		if (name !== AVAILABILITY_PARAMS.shop && name !== AVAILABILITY_PARAMS.product) {
			return refuse(AVAILABILITY_ERRORS.unknownParam(name));
		}
	}
	const { shops } = service.pickup.settings;
	const asked = params.getAll(AVAILABILITY_PARAMS.shop);
	const shop = shops.find((candidate) => candidate.id === asked[0]);
	if (asked.length > 1 || (asked.length === 1 && !shop)) return refuse(AVAILABILITY_ERRORS.shop);
	const ids = [...new Set(params.getAll(AVAILABILITY_PARAMS.product))];
	if (ids.length === 0) return refuse(AVAILABILITY_ERRORS.noProduct);
	if (ids.length > MAX_AVAILABILITY_PRODUCTS) return refuse(AVAILABILITY_ERRORS.tooMany);
	const bad = ids.find((id) => !isCatalogueId(id));
	if (bad !== undefined) return refuse(AVAILABILITY_ERRORS.badProduct(bad));
	if (shop) {
		return json(200, { negozio: shop.id, prodotti: await service.availability(shop.id, ids) });
	}
	const answers = await Promise.all(
		shops.map(async ({ id }) => ({
			shopId: id,
			availability: await service.availability(id, ids),
		})),
	);
	return json(200, { negozi: shops.map(({ id }) => id), prodotti: byShop(ids, answers) });
}
