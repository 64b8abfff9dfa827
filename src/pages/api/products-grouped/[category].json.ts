import type { APIRoute, GetStaticPaths } from 'astro';
import { groupedResource } from '~/lib/catalogue/api';
import { getCategories, getProductViews, type ProductViewOf } from '~/lib/content/queries';

export const getStaticPaths = (async () => {
	const [categories, views] = await Promise.all([getCategories(), getProductViews()]);
	return categories.map((category) => ({
		params: { category: category.id },
		props: {
			views: views.filter((view) => view.category.slug === category.id && view.variants.length > 1),
		},
	}));
}) satisfies GetStaticPaths;

/** /api/products-grouped/{category}.json: products with more than one variant. */
export const GET: APIRoute<{ views: ProductViewOf[] }> = ({ props }) =>
	Response.json(props.views.map(groupedResource));
