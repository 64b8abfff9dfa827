import type { APIRoute } from 'astro';
import { json } from '../../server/core/answers';
import { AVAILABILITY_ERRORS, handleAvailability } from '../../server/reservations/availability';

/**
 * GET /api/disponibilita: pieces still free per variant at a shop, on demand (it changes with
 * every reservation). The work is src/server/reservations/availability.ts's.
 */
export const prerender = false;

export const GET: APIRoute = async ({ url, locals }) => {
	if (!locals.contact) {
		return json(503, {
			error: 'La disponibilità aggiornata non è disponibile ora: riprova più tardi.',
		});
	}
	try {
		return await handleAvailability(url, locals.contact);
	} catch (error) {
		console.error('Availability not read:', error instanceof Error ? error.message : error);
		return json(
			503,
			{ error: 'La disponibilità aggiornata non è disponibile ora: riprova più tardi.' },
			{ 'Retry-After': '60' },
		);
	}
};

export const ALL: APIRoute = () =>
	json(405, { error: AVAILABILITY_ERRORS.method }, { Allow: 'GET, HEAD' });
