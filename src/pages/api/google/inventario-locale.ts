import type { APIRoute } from 'astro';

/**
 * /api/google/inventario-locale: Google's local product inventory feed, each shop's pieces now
 * (docs/report.md, "Google local inventory"). HTTP basic authentication with the server's
 * settings; without them the route does not exist (404). The work is
 * src/server/reports/inventory-feed.ts's.
 */
export const prerender = false;

const answer: APIRoute = async ({ request, locals }) => {
	const reports = locals.services?.reports;
	if (!reports) return new Response('Not found', { status: 404 });
	return reports.inventoryFeed(request);
};

export const GET = answer;
export const HEAD = answer;
export const ALL = answer;
