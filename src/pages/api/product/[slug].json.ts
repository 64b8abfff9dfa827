import type { APIRoute, GetStaticPaths } from 'astro';
import { productResource, type ApiProductInput } from '~/lib/catalogue/api';
import { getApiProducts } from '~/lib/content/queries';

export const getStaticPaths = (async () =>
	(await getApiProducts()).map((product) => ({
		params: { slug: product.view.slug },
		props: { product },
	}))) satisfies GetStaticPaths;

/** /api/product/{slug}.json: one product with its variants and stock. */
export const GET: APIRoute<{ product: ApiProductInput }> = ({ props }) =>
	Response.json(productResource(props.product));
