import type { APIRoute } from 'astro';
import {
	actionAnswer,
	detailAnswer,
	requireStaff,
	staffJson,
} from '../../../../server/services/routes';

/**
 * GET /api/gestione/prenotazioni/<id>: one reservation of the member's shops, with its history
 * (404 for any other, also another shop's). POST: an action, as JSON or a form
 * (`{ azione: 'pronta' | 'ritirata' | 'annulla', versione, motivo }`): 200 with the new state,
 * 409 when someone changed it meanwhile, 422 when its state or a missing reason refuses it. The
 * work is src/server/reservations/desk-http.ts's.
 */
export const prerender = false;

export const GET: APIRoute = (context) => {
	const staff = requireStaff(context);
	if (staff instanceof Response) return staff;
	return detailAnswer(context.locals.services?.reservations, staff, context.params['id']);
};

export const POST: APIRoute = async (context) => {
	const staff = requireStaff(context);
	if (staff instanceof Response) return staff;
	return actionAnswer(
		context.locals.services?.reservations,
		staff,
		context.params['id'],
		context.request,
	);
};

// HEAD is GET without the body (Astro would otherwise answer it with ALL, a 405).
export const HEAD: APIRoute = GET;

export const ALL: APIRoute = () =>
	staffJson(
		405,
		{ error: 'Metodo non consentito: questo indirizzo accetta GET e POST.' },
		{ Allow: 'GET, HEAD, POST' },
	);
