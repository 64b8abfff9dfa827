import type { APIRoute, GetStaticPaths } from 'astro';
import { getProducts, productSlug } from '../lib/content/queries';
import { formatHeadersFile } from '../lib/http/headers';
import { buildRedirectRules, formatRedirectsFile } from '../lib/redirects';

/**
 * Writes the two files a CDN host (Netlify, Cloudflare Pages) reads, and that server/serve.mjs
 * follows too: `dist/client/_redirects` (the legacy redirects of SPEC §2, with each product's
 * old /product/{slug} address) and `dist/client/_headers` (cache rules and security headers).
 * Astro skips files whose name starts with `_` in src/pages, so the name comes in as a parameter.
 */
export const prerender = true;

export const getStaticPaths = (() => [
	{ params: { hostFile: '_redirects' } },
	{ params: { hostFile: '_headers' } },
]) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
	const headers = { 'Content-Type': 'text/plain; charset=utf-8' };
	if (params.hostFile === '_headers') return new Response(formatHeadersFile(), { headers });
	const products = await getProducts();
	const categories = Object.fromEntries(
		products.map((product) => [productSlug(product), product.data.category]),
	);
	return new Response(formatRedirectsFile(buildRedirectRules(categories)), { headers });
};
