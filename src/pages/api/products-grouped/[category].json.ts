import type { APIRoute, GetStaticPaths } from 'astro';
import { groupedResource } from '~/lib/catalogue/api';
import { getApiProducts, getCategories } from '~/lib/content/queries';

export const getStaticPaths = (async () => {
	const [categories, products] = await Promise.all([getCategories(), getApiProducts()]);
	return categories.map((category) => ({
		params: { category: category.id },
		props: {
			products: products.filter(
				(product) => product.view.category.slug === category.id && product.view.variants.length > 1,
			),
		},
	}));
}) satisfies GetStaticPaths;

/** /api/products-grouped/{category}.json: products with more than one variant. */
export const GET: APIRoute<{ products: Awaited<ReturnType<typeof getApiProducts>> }> = ({
	props,
}) => Response.json(props.products.map(groupedResource));
