import type { APIRoute, GetStaticPaths } from 'astro';
import { buildRedirectRules, formatRedirectsFile } from '../lib/redirects';

/**
 * Writes `dist/client/_redirects`: the legacy redirects of SPEC §2 for Netlify or Cloudflare
 * Pages, and the file server/serve.mjs reads at start-up. Astro skips files whose name starts
 * with `_` in src/pages, so the name comes in as a parameter with a single value.
 *
 * The map of product slug -> category slug is empty while the catalogue has no products, so
 * every /product/{slug} goes to /prodotti; once products exist, the catalogue's slugs and
 * categories are passed to buildRedirectRules here and each old product address reaches its page.
 */
export const prerender = true;

export const getStaticPaths = (() => [
	{ params: { redirectsFile: '_redirects' } },
]) satisfies GetStaticPaths;

export const GET: APIRoute = () =>
	new Response(formatRedirectsFile(buildRedirectRules({})), {
		headers: { 'Content-Type': 'text/plain; charset=utf-8' },
	});
