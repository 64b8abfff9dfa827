/**
 * The Astro side of the staff sign-in routes (src/pages/api/gestione/auth/*.ts): POST hands the
 * request to its handler (routes.ts) with the staff service of the process, the visitor's address
 * and the company name; any other method answers 405 with Allow: POST. Imports the service's
 * type only, as submissions/route.ts does.
 */
import type { APIRoute } from 'astro';
import { clientAddressOf } from '../core/route';
import { staffJson } from './guard';
import type { AuthContext } from './routes';
import type { StaffService } from './service';

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
					companyName: context.locals.services?.outbox?.companyName ?? '',
				},
				context.locals.services?.staff,
			),
		ALL: () =>
			staffJson(
				405,
				{ error: 'Metodo non consentito: questo indirizzo accetta solo POST.' },
				{ Allow: 'POST' },
			),
	};
}
