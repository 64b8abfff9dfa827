/**
 * The Astro side of the staff sign-in routes (src/pages/api/gestione/auth/*.ts): POST hands the
 * request to its handler (routes.ts) with the staff service of the process, the visitor's address
 * and the company name; any other method answers 405 with Allow: POST. Imports the service's
 * type only, as contact/route.ts does.
 */
import type { APIContext, APIRoute } from 'astro';
import { staffJson } from './guard';
import type { AuthContext } from './routes';
import type { StaffService } from './service';

/** The visitor's address for the rate limit: from the server, else what Astro knows. */
function clientAddressOf(context: APIContext): string {
	if (context.locals.clientAddress) return context.locals.clientAddress;
	try {
		return context.clientAddress;
	} catch {
		return 'unknown';
	}
}

/** POST and ALL of a sign-in route. */
export function staffAuthRoute(
	handle: (context: AuthContext, service: StaffService | undefined) => Promise<Response>,
): { POST: APIRoute; ALL: APIRoute } {
	return {
		POST: (context) =>
			handle(
				{
					request: context.request,
					url: context.url,
					locals: context.locals,
					clientAddress: clientAddressOf(context),
					companyName: context.locals.contact?.companyName ?? '',
				},
				context.locals.staff,
			),
		ALL: () =>
			staffJson(
				405,
				{ error: 'Metodo non consentito: questo indirizzo accetta solo POST.' },
				{ Allow: 'POST' },
			),
	};
}
