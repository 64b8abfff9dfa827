import type { APIRoute } from 'astro';
import { listAnswer, requireStaff, staffJson } from '../../../server/services/routes';

/**
 * GET /api/gestione/prenotazioni: the signed-in member's reservations by day, with the number
 * waiting (the staff page refreshes its list from here); `?codice=K7M2QX` finds one by pickup
 * code among the member's shops. The work is src/server/reservations/desk-http.ts's.
 */
export const prerender = false;

export const GET: APIRoute = (context) => {
	const staff = requireStaff(context);
	if (staff instanceof Response) return staff;
	return listAnswer(context.locals.services?.reservations, staff, context.url);
};

// HEAD is GET without the body (Astro would otherwise answer it with ALL, a 405).
export const HEAD: APIRoute = GET;

export const ALL: APIRoute = () =>
	staffJson(
		405,
		{ error: 'Metodo non consentito: questo indirizzo accetta solo GET.' },
		{ Allow: 'GET, HEAD' },
	);
