import type { APIRoute } from 'astro';
import { markFromRequest, requireStaff, staffJson } from '../../../server/services/routes';

/**
 * POST /api/gestione/messaggi: marks a contact message 'Gestito' by the signed-in member of staff
 * (src/server/messages/staff-http.ts). The middleware has checked the Origin already.
 */
export const prerender = false;

export const POST: APIRoute = async (context) => {
	const staff = requireStaff(context);
	if (staff instanceof Response) return staff;
	return markFromRequest(context.request, staff, context.locals.services?.messages);
};

/** Other methods: the session first (nothing answers without one), then 405. */
export const ALL: APIRoute = (context) => {
	const staff = requireStaff(context);
	if (staff instanceof Response) return staff;
	return staffJson(
		405,
		{ error: 'Metodo non consentito: questo indirizzo accetta solo POST.' },
		{ Allow: 'POST' },
	);
};
