/**
 * The guard of the staff area: every page under /gestione and every route under /api/gestione
 * calls it first, and goes on only with the staff member it returns.
 *
 *   // an API route (src/pages/api/gestione/…)
 *   export const GET: APIRoute = (context) => {
 *     const staff = requireStaff(context);
 *     if (staff instanceof Response) return staff; // 401 JSON in Italian
 *     … staff.id, staff.name, staff.email, staff.shops (shop slugs: 'aosta', 'torino')
 *   };
 *
 *   // a page (src/pages/gestione/….astro, with `export const prerender = false`)
 *   const staff = requireStaff(Astro);
 *   if (staff instanceof Response) return staff; // 303 to /gestione/accesso
 *
 * It reads the session cookie (rules.ts) and asks the service of the process
 * (`locals.services.staff`)
 * whether the session is valid, which also notes its use (a session ends after a working day
 * unused). The Origin of state-changing requests, `Cache-Control: no-store` and `noindex` are the
 * middleware's (middleware.ts), for every staff route whether or not it calls this. Imports the
 * service's type only, so Astro's build bundles no database code.
 */
import { readCookie, secureCookies, sessionCookieName } from './rules';
import type { StaffMember, StaffService } from './service';

export type { StaffMember } from './service';

/** Where a page sends a visitor without a session. */
export const SIGN_IN_PATH = '/gestione/accesso';

/** The Italian texts of the guard's answers. */
export const GUARD_TEXTS = Object.freeze({
	signedOut: 'Accesso richiesto: entra con la tua passkey nell’area staff.',
	unavailable: 'Area staff non disponibile in questo momento: riprova tra qualche minuto.',
});

/** What the guard reads of Astro's context (APIContext and Astro both have it). */
export interface GuardContext {
	request: Request;
	url: URL;
	locals: App.Locals;
}

/** The answers of the staff area never reach a cache or a search engine. */
export const PRIVATE_HEADERS = Object.freeze({
	'Cache-Control': 'no-store',
	'X-Robots-Tag': 'noindex',
});

/** A JSON answer of the staff API. */
export function staffJson(status: number, body: unknown, headers: HeadersInit = {}): Response {
	const answer = Response.json(body, { status, headers });
	for (const [name, value] of Object.entries(PRIVATE_HEADERS)) answer.headers.set(name, value);
	return answer;
}

/** The origin visitors use: PUBLIC_ORIGIN behind the CDN, else the request's own. */
export function publicOriginOf(context: GuardContext): string {
	return context.locals.publicOrigin ?? context.url.origin;
}

/** Whether this request's session cookie is `Secure` and `__Host-` (rules.ts says when). */
export function secureFor(context: GuardContext): boolean {
	return secureCookies(publicOriginOf(context));
}

/** The session token the request carries, or null. */
export function sessionToken(context: GuardContext): string | null {
	return readCookie(context.request.headers.get('cookie'), sessionCookieName(secureFor(context)));
}

/** The staff service of the process, or null (a server started without it). */
export function staffService(context: GuardContext): StaffService | null {
	return context.locals.services?.staff ?? null;
}

/**
 * The signed-in staff member, or the answer to return: for /api/… a 401 (503 without the
 * service) JSON in Italian, for a page a 303 to the sign-in page.
 */
export function requireStaff(context: GuardContext): StaffMember | Response {
	const service = staffService(context);
	const api = context.url.pathname.startsWith('/api/');
	if (!service) {
		return staffJson(503, { error: GUARD_TEXTS.unavailable });
	}
	const member = service.member(sessionToken(context));
	if (member) return member;
	if (api) return staffJson(401, { error: GUARD_TEXTS.signedOut });
	return new Response(null, {
		status: 303,
		headers: { Location: SIGN_IN_PATH, ...PRIVATE_HEADERS },
	});
}
