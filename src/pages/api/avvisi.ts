import { ALERT_PAGE, handleAlertPost, submissionRoute } from '../../server/services/routes';

/**
 * The form 'Avvisami quando torna disponibile' (docs/alerts.md), on demand; the work is
 * src/server/alerts/http.ts's.
 */
export const prerender = false;

export const { POST, ALL } = submissionRoute((locals) => locals.services?.alerts, handleAlertPost, {
	unavailable: 'Il servizio avvisi non è disponibile. Riprova più tardi oppure chiamaci.',
	page: ALERT_PAGE,
});
