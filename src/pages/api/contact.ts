import { CONTACT_PAGE, handleContactPost, submissionRoute } from '../../server/services/routes';

/**
 * The contact form's route, on demand like POST /api/prenotazioni (docs/messages.md); every other
 * page is prerendered. The work is src/server/messages/http.ts's.
 */
export const prerender = false;

export const { POST, ALL } = submissionRoute(
	(locals) => locals.services?.messages,
	handleContactPost,
	{
		unavailable: 'Il servizio messaggi non è disponibile. Riprova più tardi oppure chiamaci.',
		page: CONTACT_PAGE,
	},
);
