import type { APIRoute } from 'astro';
import { catalogueEntry } from '../../lib/catalogue/api';
import { getProductViews } from '../../lib/content/queries';
import { onlyChoice } from '../../lib/reservations/choices';

/**
 * /api/catalogue.json: the compact index used by favourites to refresh names, prices and photos,
 * with `pickup`, the only variant of a single-variant product, which a favourite's card adds to
 * the pickup list (docs/catalogue.md). No stock: it would be stale.
 */
export const GET: APIRoute = async () => {
	const views = await getProductViews();
	return Response.json({
		products: views.map((view) => ({
			...catalogueEntry(view),
			pickup: onlyChoice(view),
		})),
	});
};
