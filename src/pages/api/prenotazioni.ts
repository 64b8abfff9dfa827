import { handlePickupPost, PICKUP_PAGE, submissionRoute } from '../../server/services/routes';

/**
 * POST /api/prenotazioni (docs/reservations.md): a pickup reservation, on demand like /api/contact, whose
 * machinery it shares. The work is src/server/reservations/http.ts's.
 */
export const prerender = false;

export const { POST, ALL } = submissionRoute(
	(locals) => locals.services?.reservations,
	handlePickupPost,
	{
		unavailable: 'Il servizio prenotazioni non è disponibile. Riprova più tardi oppure chiamaci.',
		page: PICKUP_PAGE,
	},
);
