import type { APIRoute, GetStaticPaths } from 'astro';
import { getProducts, productSlug } from '../lib/content/queries';
import { formatRoutesFile } from '../lib/http/server-routes';
import { buildRedirectRules, formatRedirectsFile } from '../lib/redirects';

/**
 * Writes `dist/client/_redirects`, which a CDN host (Netlify, Cloudflare Pages) reads and
 * our server (src/server/) follows too: the legacy redirects (docs/navigation.md), with each
 * product's old /product/{slug} address. Astro skips files whose name starts with `_` in src/pages,
 * so the name comes in as a parameter. (`_headers` needs the built pages:
 * src/integrations/host-headers.ts.)
 * Also `dist/client/_routes.json`: the paths for which Cloudflare Pages runs the function that
 * forwards to the Node server (src/lib/http/server-routes.ts); every other path is a file.
 */
export const prerender = true;

export const getStaticPaths = (() => [
	{ params: { hostFile: '_redirects' } },
	{ params: { hostFile: '_routes.json' } },
]) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
	if (params.hostFile === '_routes.json') {
		return new Response(formatRoutesFile(), {
			headers: { 'Content-Type': 'application/json; charset=utf-8' },
		});
	}
	const headers = { 'Content-Type': 'text/plain; charset=utf-8' };
	const products = await getProducts();
	const categories = Object.fromEntries(
		products.map((product) => [productSlug(product), product.data.category]),
	);
	return new Response(formatRedirectsFile(buildRedirectRules(categories)), { headers });
};
