import type { APIRoute } from 'astro';
import { catalogueEntry } from '../../lib/catalogue/api';
import { getApiProducts } from '../../lib/content/queries';

/** /api/catalogue.json: the compact index used by favourites to refresh names, prices and photos. */
export const GET: APIRoute = async () => {
	const products = await getApiProducts();
	return Response.json({ products: products.map(catalogueEntry) });
};
