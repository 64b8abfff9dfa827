import type { APIRoute } from 'astro';
import { reportAnswer, requireStaff } from '../../../../server/services/routes';

/**
 * /api/gestione/andamento and the addresses under it: the supplier's CSV of a brand's reorder
 * list and the brands' settings. The session first (401 without one, whatever the address or
 * method); the work is src/server/reports/http.ts's.
 */
export const prerender = false;

const answer: APIRoute = async (context) => {
	const staff = requireStaff(context);
	if (staff instanceof Response) return staff;
	return reportAnswer(
		context.request,
		context.url,
		context.params['azione'] ?? '',
		context.locals.services?.reports,
		staff,
	);
};

export const GET = answer;
// HEAD is GET without the body (Astro would otherwise answer it with ALL).
export const HEAD = answer;
export const POST = answer;
/** Other methods: the session first, then 405 (reportAnswer). */
export const ALL = answer;
