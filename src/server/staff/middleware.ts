/**
 * What every answer of the staff area gets, whichever route writes it (src/middleware.ts calls
 * this for each on-demand request): a request without a session, to anything but the sign-in
 * pages and their routes, gets the guard's answer before anything else looks at it (401 for the
 * API, the sign-in page for a page), whatever its method, so no answer (a 405, a 404, a 403)
 * tells someone signed out which routes exist or what they take; a state-changing request from another site is refused
 * before any route runs, with the site's own Origin rule (submissions/submission.ts), and a request
 * that names no origin at all is refused too, since every browser names it on a POST; every
 * answer is `Cache-Control: no-store` and `X-Robots-Tag: noindex`, so no browser, CDN or search
 * engine keeps a staff page (the service worker never sees these paths: lib/http/server-routes.ts),
 * and carries the staff area's Permissions-Policy, which allows passkeys.
 */
import { PERMISSIONS_POLICY } from '../../lib/http/headers';
import { isCrossSite } from '../core/submission';
import { PRIVATE_HEADERS, requireStaff, staffJson, type GuardContext } from './guard';

/** The paths of the staff area, pages and API. */
export function isStaffPath(pathname: string): boolean {
	return /^\/(api\/)?gestione(\/|$)/.test(pathname);
}

/**
 * The site's Permissions-Policy, less two denials the staff area needs on its own origin:
 * passkeys (`publickey-credentials-get`, which the public pages refuse) and the camera, to scan
 * a customer's pickup QR code at the counter.
 */
export const STAFF_PERMISSIONS_POLICY = PERMISSIONS_POLICY.replace(
	'publickey-credentials-get=()',
	'publickey-credentials-get=(self)',
).replace('camera=()', 'camera=(self)');

/** What every staff answer carries. */
const STAFF_HEADERS = { ...PRIVATE_HEADERS, 'Permissions-Policy': STAFF_PERMISSIONS_POLICY };

/** The sign-in pages and their routes: the only staff paths open without a session. */
export function isSignInPath(pathname: string): boolean {
	return (
		/^\/gestione\/(accesso|attiva)\/?$/.test(pathname) ||
		/^\/api\/gestione\/auth(\/|$)/.test(pathname)
	);
}

/** Methods that change nothing. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const ORIGIN_TEXT =
	'Richiesta non consentita: le azioni dell’area staff si possono fare solo da questo sito.';

/** Whether a state-changing request comes from this site (or the public origin). */
export function isSameSiteRequest(request: Request, siteOrigin: string | null): boolean {
	const named =
		request.headers.get('origin') !== null || request.headers.get('sec-fetch-site') !== null;
	return named && !isCrossSite(request, siteOrigin);
}

/** The staff area's checks and headers around `next`. */
export async function staffMiddleware(
	context: GuardContext,
	siteOrigin: string | null,
	next: () => Promise<Response>,
): Promise<Response> {
	if (!isSignInPath(context.url.pathname)) {
		const staff = requireStaff(context);
		if (staff instanceof Response) return withStaffHeaders(staff);
	}
	if (
		!SAFE_METHODS.has(context.request.method) &&
		!isSameSiteRequest(context.request, context.locals.publicOrigin ?? siteOrigin)
	) {
		return staffJson(403, { error: ORIGIN_TEXT });
	}
	return withStaffHeaders(await next());
}

/** An answer with the staff area's headers. */
function withStaffHeaders(response: Response): Response {
	let answer = response;
	try {
		for (const [name, value] of Object.entries(STAFF_HEADERS)) answer.headers.set(name, value);
	} catch {
		// Immutable headers (a fetched answer): copy it.
		answer = new Response(answer.body, answer);
		for (const [name, value] of Object.entries(STAFF_HEADERS)) answer.headers.set(name, value);
	}
	return answer;
}
