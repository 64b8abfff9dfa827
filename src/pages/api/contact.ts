import { CONTACT_PAGE, handleContactPost } from '../../server/messages/http';
import { submissionRoute } from '../../server/core/route';

/**
 * The contact form's route, on demand like POST /api/prenotazioni (docs/contact.md); every other
 * page is prerendered. The work is src/server/messages/http.ts's.
 */
export const prerender = false;

export const { POST, ALL } = submissionRoute(handleContactPost, {
	unavailable: 'Il servizio messaggi non è disponibile. Riprova più tardi oppure chiamaci.',
	page: CONTACT_PAGE,
});
