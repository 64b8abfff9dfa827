import type { APIRoute, GetStaticPaths } from 'astro';
import { productResource } from '~/lib/catalogue/api';
import { getProductViews, type ProductViewOf } from '~/lib/content/queries';

export const getStaticPaths = (async () =>
	(await getProductViews()).map((view) => ({
		params: { slug: view.slug },
		props: { view },
	}))) satisfies GetStaticPaths;

/** /api/product/{slug}.json: one product with its variants (no stock: the server keeps it). */
export const GET: APIRoute<{ view: ProductViewOf }> = ({ props }) =>
	Response.json(productResource(props.view));
