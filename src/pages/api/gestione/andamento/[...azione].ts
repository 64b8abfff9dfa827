import { reportAnswer, staffFolderRoute } from '../../../../server/services/routes';

/**
 * /api/gestione/andamento and the addresses under it: the supplier's CSV of a brand's reorder
 * list and the brands' settings. The session first (401 without one, whatever the address or
 * method); the work is src/server/reports/http.ts's (405 for another method).
 */
export const prerender = false;

export const { GET, HEAD, POST, ALL } = staffFolderRoute(
	reportAnswer,
	(locals) => locals.services?.reports,
);
