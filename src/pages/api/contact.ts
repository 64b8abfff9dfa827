import type { APIContext, APIRoute } from 'astro';
import { handleContactPost, methodNotAllowed } from '../../server/contact/http';

/** The one on-demand route of the site (DECISIONS.md 7); every other page is prerendered. */
export const prerender = false;

/** The public site's origin, allowed as Origin besides the server's own. */
const siteOrigin = import.meta.env.SITE ? new URL(import.meta.env.SITE).origin : null;

/**
 * The visitor's address for the rate limit: from the server (src/server/astro-bridge.ts), else
 * what Astro knows.
 */
function clientAddressOf(context: APIContext): string {
	if (context.locals.clientAddress) return context.locals.clientAddress;
	try {
		return context.clientAddress;
	} catch {
		return 'unknown';
	}
}

/**
 * The contact service comes only through `locals.contact`, the one of the process: created at
 * start-up by the server (src/server/main.ts), or under `astro dev` on the first /api/ request
 * (src/integrations/dev-contact.ts). This route imports its type only, so Astro's build never
 * bundles a second copy of the service.
 */
export const POST: APIRoute = async (context) => {
	const service = context.locals.contact;
	if (!service) {
		console.error('Contact: service unavailable: no contact service in locals');
		return Response.json(
			{ error: 'Il servizio messaggi non è disponibile. Riprova più tardi oppure chiamaci.' },
			{ status: 503, headers: { 'Cache-Control': 'no-store' } },
		);
	}
	return handleContactPost(context.request, {
		service,
		clientAddress: clientAddressOf(context),
		siteOrigin,
	});
};

/** Any other method: 405 with Allow: POST. */
export const ALL: APIRoute = ({ request }) => methodNotAllowed(request);
