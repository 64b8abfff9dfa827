/**
 * The routes the Node server answers (docs/cdn.md): one list,
 * read by the build, which writes it to dist/client/_routes.json so that the CDN (Cloudflare
 * Pages) runs its function for these paths only and serves every other path as a static file;
 * by that function (functions/[[path]].ts), which forwards them to the Node server; and by the
 * service worker, which never caches them. Every answer of these routes is the visitor's own
 * (a stored message, a sign-in), so none is ever kept by the CDN or the browser. Pure.
 *
 * A pattern is a path, or a path ending in `/*` for everything below it (the syntax of
 * `_routes.json`). The static JSON API (/api/*.json, /api/product/*.json…) is not here: it is
 * files of the build.
 */
import { SUBMISSION_ENDPOINTS } from '../submissions/endpoints';

export const SERVER_ROUTES: readonly string[] = Object.freeze([
	// What visitors post: the contact form's messages, the pickup list's reservations.
	...SUBMISSION_ENDPOINTS.map((endpoint) => endpoint.path),
	// 'Avvisami quando torna disponibile': the form (not queued offline), and its e-mails' link.
	'/api/avvisi',
	'/avviso',
	// The server's own health and today's availability per shop.
	'/api/disponibilita',
	'/api/health',
	// The editor's sign-in with GitHub (src/server/editor-auth/).
	'/api/auth',
	'/api/auth/callback',
	// Google's local inventory feed: each shop's pieces now, behind basic authentication.
	'/api/google/inventario-locale',
	// The customer's link to a reservation: its state, and cancelling it.
	'/prenotazione/*',
	// The staff area, pages and API.
	'/gestione',
	'/gestione/*',
	'/api/gestione/*',
]);

/** Whether a pattern of SERVER_ROUTES covers a decoded URL path. */
export function matchesRoute(pattern: string, pathname: string): boolean {
	if (pattern.endsWith('/*')) return pathname.startsWith(pattern.slice(0, -1));
	return pathname === pattern;
}

/** Whether the Node server answers this path (a decoded URL path, without the query). */
export function isServerRoute(
	pathname: string,
	routes: readonly string[] = SERVER_ROUTES,
): boolean {
	return routes.some((pattern) => matchesRoute(pattern, pathname));
}

/** The `_routes.json` of Cloudflare Pages: the function runs for these paths, and no other. */
export function formatRoutesFile(routes: readonly string[] = SERVER_ROUTES): string {
	return `${JSON.stringify({ version: 1, include: [...routes], exclude: [] }, null, '\t')}\n`;
}
