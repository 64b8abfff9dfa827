import type { APIRoute, GetStaticPaths } from 'astro';
import { productResource } from '~/lib/catalogue/api';
import { getCategories, getProductViews, type ProductViewOf } from '~/lib/content/queries';

export const getStaticPaths = (async () => {
	const [categories, views] = await Promise.all([getCategories(), getProductViews()]);
	return categories.map((category) => ({
		params: { category: category.id },
		props: { views: views.filter((view) => view.category.slug === category.id) },
	}));
}) satisfies GetStaticPaths;

/** /api/products/{category}.json: the products of a category. */
export const GET: APIRoute<{ views: ProductViewOf[] }> = ({ props }) =>
	Response.json(props.views.map(productResource));
