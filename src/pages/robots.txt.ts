import { SITE_ORIGIN } from '../lib/site-origin';
import type { APIRoute } from 'astro';

/** /robots.txt: everything may be indexed except the static API; the sitemap's address. */
export const GET: APIRoute = ({ site }) => {
	const sitemap = new URL('/sitemap-index.xml', site ?? SITE_ORIGIN).href;
	return new Response(`User-agent: *\nDisallow: /api/\n\nSitemap: ${sitemap}\n`, {
		headers: { 'Content-Type': 'text/plain; charset=utf-8' },
	});
};
