import type { APIRoute, GetStaticPaths } from 'astro';
import { getProducts, productSlug } from '../lib/content/queries';
import { buildRedirectRules, formatRedirectsFile } from '../lib/redirects';

/**
 * Writes `dist/client/_redirects`: the legacy redirects of SPEC §2 for Netlify or Cloudflare
 * Pages, and the file server/serve.mjs reads at start-up. Astro skips files whose name starts
 * with `_` in src/pages, so the name comes in as a parameter with a single value. Each product
 * of the catalogue gets its old /product/{slug} address.
 */
export const prerender = true;

export const getStaticPaths = (() => [
	{ params: { redirectsFile: '_redirects' } },
]) satisfies GetStaticPaths;

export const GET: APIRoute = async () => {
	const products = await getProducts();
	const categories = Object.fromEntries(
		products.map((product) => [productSlug(product), product.data.category]),
	);
	return new Response(formatRedirectsFile(buildRedirectRules(categories)), {
		headers: { 'Content-Type': 'text/plain; charset=utf-8' },
	});
};
