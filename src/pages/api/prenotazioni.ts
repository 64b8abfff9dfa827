import { handlePickupPost, PICKUP_PAGE } from '../../server/pickup/http';
import { submissionRoute } from '../../server/submissions/route';

/**
 * POST /api/prenotazioni (docs/pickup.md): a pickup reservation, on demand like /api/contact, whose
 * machinery it shares. The work is src/server/pickup/http.ts's.
 */
export const prerender = false;

export const { POST, ALL } = submissionRoute(handlePickupPost, {
	unavailable: 'Il servizio prenotazioni non è disponibile. Riprova più tardi oppure chiamaci.',
	page: PICKUP_PAGE,
});
