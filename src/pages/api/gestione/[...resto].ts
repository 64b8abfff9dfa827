import type { APIRoute } from 'astro';
import { requireStaff, staffJson } from '../../../server/services/routes';

/**
 * Any other address under /api/gestione: 401 without a session like every staff route (nobody
 * learns which routes exist), else a 404 in Italian with the area's headers.
 */
export const prerender = false;

const unknown: APIRoute = (context) => {
	const staff = requireStaff(context);
	if (staff instanceof Response) return staff;
	return staffJson(404, { error: 'Indirizzo sconosciuto nell’area staff.' });
};

export const GET = unknown;
export const POST = unknown;
export const ALL = unknown;
