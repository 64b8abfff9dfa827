import type { APIRoute, GetStaticPaths } from 'astro';
import { productResource } from '~/lib/catalogue/api';
import { getApiProducts, getCategories } from '~/lib/content/queries';

export const getStaticPaths = (async () => {
	const [categories, products] = await Promise.all([getCategories(), getApiProducts()]);
	return categories.map((category) => ({
		params: { category: category.id },
		props: { products: products.filter((product) => product.view.category.slug === category.id) },
	}));
}) satisfies GetStaticPaths;

/** /api/products/{category}.json: the products of a category. */
export const GET: APIRoute<{ products: Awaited<ReturnType<typeof getApiProducts>> }> = ({
	props,
}) => Response.json(props.products.map(productResource));
