import type { APIRoute } from 'astro';
import { getProductViews } from '../../lib/content/queries';
import { localProductsTsv } from '../../lib/reports/google-feed';
import { SITE_ORIGIN } from '../../lib/site-origin';

/**
 * /feed/prodotti-locali.tsv: Google's local products feed, built with the site from the
 * catalogue, one item per variant (docs/report.md, "Google local inventory"). Merchant Center
 * fetches it on a schedule; the server's local inventory feed names the same items by the same
 * ids, with each shop's pieces.
 */
export const GET: APIRoute = async ({ site }) => {
	const origin = site ?? new URL(SITE_ORIGIN);
	const views = await getProductViews();
	const items = views.flatMap((view) =>
		view.variants.map((variant) => ({
			productId: view.slug,
			variantId: variant.id,
			title: `${view.name} – ${variant.label}`,
			description: view.description,
			link: new URL(`${view.url}?variante=${variant.id}`, origin).href,
			imageLink: new URL(view.variantThumbnails[variant.id] ?? view.thumbnail, origin).href,
			brand: view.brand,
			priceCents: variant.priceCents,
		})),
	);
	return new Response(localProductsTsv(items), {
		headers: { 'Content-Type': 'text/tab-separated-values; charset=utf-8' },
	});
};
