import type { APIRoute } from 'astro';
import { AVAILABILITY_ERRORS, handleAvailability, json } from '../../server/services/routes';

/**
 * GET /api/disponibilita: pieces still free per variant at a shop, on demand (it changes with
 * every reservation). The work is src/server/reservations/availability-http.ts's. HEAD is GET without
 * the body (Astro would otherwise answer it with ALL, a 405 whose Allow names HEAD).
 */
export const prerender = false;

export const GET: APIRoute = async ({ url, locals }) => {
	const reservations = locals.services?.reservations;
	if (!reservations) {
		return json(503, {
			error: 'La disponibilità aggiornata non è disponibile ora: riprova più tardi.',
		});
	}
	try {
		return await handleAvailability(url, reservations, locals.clientAddress ?? 'unknown');
	} catch (error) {
		console.error('Availability not read:', error instanceof Error ? error.message : error);
		return json(
			503,
			{ error: 'La disponibilità aggiornata non è disponibile ora: riprova più tardi.' },
			{ 'Retry-After': '60' },
		);
	}
};

export const HEAD: APIRoute = GET;

export const ALL: APIRoute = () =>
	json(405, { error: AVAILABILITY_ERRORS.method }, { Allow: 'GET, HEAD' });
