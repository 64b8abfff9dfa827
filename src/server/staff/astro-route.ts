/**
 * The Astro side of the staff routes. The sign-in routes (src/pages/api/gestione/auth/*.ts): POST
 * hands the request to its handler (routes.ts) with the staff service of the process, the
 * visitor's address and the company name; any other method answers 405 with Allow: POST. A
 * thing's API folder (/api/gestione/magazzino/…, /api/gestione/andamento/…): the guard, then the
 * thing's answer. Imports the service's type only, as submissions/route.ts does.
 */
import type { APIRoute } from 'astro';
import { clientAddressOf } from '../core/route';
import { requireStaff, staffJson, type StaffMember } from './guard';
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

/** A thing's answer to the addresses under one staff API folder, for the member signed in. */
export type StaffFolderAnswer<Service> = (
	request: Request,
	url: URL,
	action: string,
	service: Service | undefined,
	member: StaffMember,
) => Promise<Response>;

/**
 * Every method of a staff API folder (/api/gestione/<thing>/[...azione]): the session first (401
 * without one, whatever the address or method), then the thing's answer with the rest of the
 * address and its service of the process; the answer says 405 for a method it does not take.
 * HEAD is exported too, so Astro hands it to the answer (GET without the body) and not to ALL.
 */
export function staffFolderRoute<Service>(
	answer: StaffFolderAnswer<Service>,
	serviceOf: (locals: App.Locals) => Service | undefined,
): Record<'GET' | 'HEAD' | 'POST' | 'ALL', APIRoute> {
	const route: APIRoute = (context) => {
		const staff = requireStaff(context);
		if (staff instanceof Response) return staff;
		return answer(
			context.request,
			context.url,
			context.params['azione'] ?? '',
			serviceOf(context.locals),
			staff,
		);
	};
	return { GET: route, HEAD: route, POST: route, ALL: route };
}
