import { CONTACT_PAGE, handleContactPost } from '../../server/contact/http';
import { submissionRoute } from '../../server/submissions/route';

/**
 * The contact form's route, on demand like POST /api/prenotazioni (docs/contact.md); every other
 * page is prerendered. The work is src/server/contact/http.ts's.
 */
export const prerender = false;

export const { POST, ALL } = submissionRoute(handleContactPost, {
	unavailable: 'Il servizio messaggi non è disponibile. Riprova più tardi oppure chiamaci.',
	page: CONTACT_PAGE,
});
