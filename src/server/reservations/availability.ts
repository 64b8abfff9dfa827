/**
 * GET /api/disponibilita?negozio=<shop>&prodotto=<id>[&prodotto=<id>…]: the pieces still free
 * at a shop for each variant of the products asked about, that is the build's shelf stock less
 * the pieces reservations hold there now (src/lib/pickup/hold.ts). The list page reads it to
 * cap its quantities and show the figure a reservation will be checked against; the static
 * /api/product/<id>.json keeps the shelf stock. Never cached: the answer changes with every
 * reservation. A bad query gets a 400 JSON answer in Italian.
 *
 * 200 `{ negozio, prodotti: { <id>: { <variantId>: free } | null } }` (null: no such product in
 * the build).
 */
import { MAX_PICKUP_LINES } from '../../lib/pickup/items';
import { isCatalogueId } from '../../lib/pickup/product';
import { json } from '../core/answers';
import type { PickupService } from './service';

/** The query's parameters. */
export const AVAILABILITY_PARAMS = Object.freeze({ shop: 'negozio', product: 'prodotto' });

/** The Italian texts of the refusals. */
export const AVAILABILITY_ERRORS = Object.freeze({
	shop: 'Indica un negozio esistente con il parametro «negozio» (per esempio ?negozio=torino).',
	noProduct: 'Indica almeno un prodotto con il parametro «prodotto».',
	badProduct: (id: string) => `Il prodotto «${id.slice(0, 120)}» non è un codice prodotto valido.`,
	tooMany: `Puoi chiedere al massimo ${MAX_PICKUP_LINES} prodotti alla volta.`,
	unknownParam: (name: string) =>
		`Parametro sconosciuto: «${name.slice(0, 40)}». Sono ammessi solo «negozio» e «prodotto».`,
	method: 'Metodo non consentito: questo indirizzo accetta solo GET.',
});

/** Answers GET /api/disponibilita with the service of the process. */
export async function handleAvailability(
	url: URL,
	service: Pick<PickupService, 'availability' | 'pickup'>,
): Promise<Response> {
	const params = url.searchParams;
	const refuse = (error: string) => json(400, { error });
	for (const name of params.keys()) {
		if (name !== AVAILABILITY_PARAMS.shop && name !== AVAILABILITY_PARAMS.product) {
			return refuse(AVAILABILITY_ERRORS.unknownParam(name));
		}
	}
	const shops = params.getAll(AVAILABILITY_PARAMS.shop);
	const shop = service.pickup.settings.shops.find((candidate) => candidate.id === shops[0]);
	if (shops.length !== 1 || !shop) return refuse(AVAILABILITY_ERRORS.shop);
	const ids = [...new Set(params.getAll(AVAILABILITY_PARAMS.product))];
	if (ids.length === 0) return refuse(AVAILABILITY_ERRORS.noProduct);
	if (ids.length > MAX_PICKUP_LINES) return refuse(AVAILABILITY_ERRORS.tooMany);
	const bad = ids.find((id) => !isCatalogueId(id));
	if (bad !== undefined) return refuse(AVAILABILITY_ERRORS.badProduct(bad));
	return json(200, { negozio: shop.id, prodotti: await service.availability(shop.id, ids) });
}
