/**
 * The Astro side of a submission route (src/pages/api/contact.ts, src/pages/api/prenotazioni.ts):
 * POST hands the request to the route's handler with the service of the process, the visitor's
 * address and the site's origin; any other method answers 405 with Allow: POST.
 *
 * The service comes only through `locals.services` (the thing's, picked by `serviceOf`), the
 * one of the process: created at start-up by the server (src/server/main.ts), or under `astro
 * dev` on the first POST to /api/ (src/integrations/dev-contact.ts). This module imports no
 * service, so Astro's build never bundles a second copy of one; without it the route answers 503.
 */
import type { APIContext, APIRoute } from 'astro';
import { refuse, type PageWording } from './submission-responses';
import { HTTP_ERRORS } from './submission';

/**
 * The public site's origin, allowed as Origin besides the server's own: Astro's build writes
 * SITE in. Read when a route runs, never when the module loads: the Node server's bundle holds
 * this module too (through the things' faces), and there `import.meta.env` does not exist.
 */
function siteOrigin(): string | null {
	return import.meta.env.SITE ? new URL(import.meta.env.SITE).origin : null;
}

/**
 * The visitor's address for the rate limits (the forms' and the staff sign-in's): from the server
 * (src/server/astro-bridge.ts), else what Astro knows.
 */
export function clientAddressOf(context: APIContext): string {
	if (context.locals.clientAddress) return context.locals.clientAddress;
	try {
		return context.clientAddress;
	} catch {
		return 'unknown';
	}
}

/** The answer to any method but POST (`companyName` names the error page). */
export function methodNotAllowed(
	request: Request,
	companyName: string,
	page: PageWording,
): Response {
	return refuse(
		request,
		{ status: 405, error: HTTP_ERRORS.method, headers: { Allow: 'POST' } },
		{ ...page, companyName },
	);
}

/** What a route's handler receives besides the request: `service` is its thing's. */
export interface RouteContext<Service> {
	service: Service;
	clientAddress: string;
	siteOrigin: string | null;
}

/** POST and ALL of a submission route. */
export function submissionRoute<Service extends { readonly companyName: string }>(
	serviceOf: (locals: App.Locals) => Service | undefined,
	handle: (request: Request, context: RouteContext<Service>) => Promise<Response>,
	{ unavailable, page }: { unavailable: string; page: PageWording },
): { POST: APIRoute; ALL: APIRoute } {
	return {
		POST: async (context) => {
			const service = serviceOf(context.locals);
			if (!service) {
				console.error(
					`Service unavailable for ${context.url.pathname}: no contact service in locals`,
				);
				return Response.json(
					{ error: unavailable },
					{ status: 503, headers: { 'Cache-Control': 'no-store' } },
				);
			}
			return handle(context.request, {
				service,
				clientAddress: clientAddressOf(context),
				// Behind the CDN the request reaches this server at its own address: the address
				// visitors use (PUBLIC_ORIGIN) is the one their browser sends as Origin.
				siteOrigin: context.locals.publicOrigin ?? siteOrigin(),
			});
		},
		ALL: ({ request, locals }) =>
			methodNotAllowed(request, serviceOf(locals)?.companyName ?? '', page),
	};
}
