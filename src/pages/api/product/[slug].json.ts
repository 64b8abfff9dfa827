import type { APIRoute, GetStaticPaths } from 'astro';
import { productResource } from '~/lib/catalogue/api';
import {
	getProductViews,
	getProducts,
	productSlug,
	type ProductViewOf,
} from '~/lib/content/queries';

/**
 * Bridge until the server keeps stock itself: the server's reservation check still reads each
 * variant's `stock` from this file (src/server/pickup/catalogue.ts), so it is written here from
 * the content, beside the view. No page and no browser code reads it: visitors see the server's
 * live figure (GET /api/disponibilita). It leaves this file with the content's stock.
 */
type ShelfStock = readonly Readonly<Record<string, number>>[];

export const getStaticPaths = (async () => {
	const [views, products] = await Promise.all([getProductViews(), getProducts()]);
	const shelf = new Map(
		products.map((product) => [
			productSlug(product),
			product.data.variants.map((variant) => variant.stock),
		]),
	);
	return views.map((view) => ({
		params: { slug: view.slug },
		props: { view, shelf: shelf.get(view.slug) ?? [] },
	}));
}) satisfies GetStaticPaths;

/** /api/product/{slug}.json: one product with its variants. */
export const GET: APIRoute<{ view: ProductViewOf; shelf: ShelfStock }> = ({ props }) => {
	const resource = productResource(props.view);
	return Response.json({
		...resource,
		variants: resource.variants.map((variant, index) => ({
			...variant,
			stock: props.shelf[index] ?? {},
		})),
	});
};
