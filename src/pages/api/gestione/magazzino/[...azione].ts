import type { APIRoute } from 'astro';
import { requireStaff, stockAnswer } from '../../../../server/services/routes';

/**
 * /api/gestione/magazzino and the addresses under it: the stock of the member's shops (the
 * list, a variant's history, movements, a stocktake, minimums, the CSV download and upload).
 * The session first (401 without one, whatever the address or method); the work is
 * src/server/stock/http.ts's.
 */
export const prerender = false;

const answer: APIRoute = async (context) => {
	const staff = requireStaff(context);
	if (staff instanceof Response) return staff;
	return stockAnswer(
		context.request,
		context.url,
		context.params['azione'] ?? '',
		context.locals.services?.stock,
		staff,
	);
};

export const GET = answer;
export const POST = answer;
/** Other methods: the session first, then 405 (stockAnswer). */
export const ALL = answer;
