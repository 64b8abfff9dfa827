import type { APIContext, APIRoute } from 'astro';
import { handleContactPost, methodNotAllowed } from '../../lib/contact/http';
import type { ContactService } from '../../lib/contact/service';

/** The one on-demand route of the site (DECISIONS.md 7); every other page is prerendered. */
export const prerender = false;

/** The public site's origin, allowed as Origin besides the server's own. */
const siteOrigin = import.meta.env.SITE ? new URL(import.meta.env.SITE).origin : null;

let fallbackService: Promise<ContactService> | undefined;

/**
 * The contact service: the one server/serve.mjs created at start-up, or, under `astro dev` (or
 * dist/server/entry.mjs run on its own), one created on the first message from the environment.
 */
function serviceOf(locals: App.Locals): Promise<ContactService> {
	if (locals.contact) return Promise.resolve(locals.contact);
	fallbackService ??= import('../../lib/contact/service').then((module) => {
		const service = module.createContactServiceFromEnv(process.env, process.cwd());
		service.start();
		return service;
	});
	return fallbackService;
}

/** The visitor's address for the rate limit: from serve.mjs, else what Astro knows. */
function clientAddressOf(context: APIContext): string {
	if (context.locals.clientAddress) return context.locals.clientAddress;
	try {
		return context.clientAddress;
	} catch {
		return 'unknown';
	}
}

export const POST: APIRoute = async (context) => {
	let service: ContactService;
	try {
		service = await serviceOf(context.locals);
	} catch (error) {
		fallbackService = undefined;
		console.error('Contact: service unavailable:', error instanceof Error ? error.message : error);
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
