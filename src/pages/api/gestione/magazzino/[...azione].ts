import { staffFolderRoute, stockAnswer } from '../../../../server/services/routes';

/**
 * /api/gestione/magazzino and the addresses under it: the stock of the member's shops (the
 * list, a variant's history, movements, a stocktake, minimums, the CSV download and upload).
 * The session first (401 without one, whatever the address or method); the work is
 * src/server/stock/http.ts's (405 for another method).
 */
export const prerender = false;

export const { GET, HEAD, POST, ALL } = staffFolderRoute(
	stockAnswer,
	(locals) => locals.services?.stock,
);
