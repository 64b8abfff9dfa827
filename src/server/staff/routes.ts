/**
 * The sign-in routes of the staff area (src/pages/api/gestione/auth/*.ts only wire them), with
 * web-standard Request and Response. Every answer is JSON in Italian (a form posted without
 * JavaScript gets a 303 instead), never says whether an e-mail address belongs to staff, and
 * carries no-store and noindex (guard.ts). The Origin check is the middleware's (middleware.ts),
 * before any of these runs. Sign-in attempts and link requests count against a rate limit per
 * visitor's address; over it, 429 with Retry-After, whatever the request holds.
 */
import { isValidEmail } from '../../lib/messages/message-schema';
import { readBodyAtMost, seconds } from '../core/submission';
import {
	publicOriginOf,
	secureFor,
	sessionToken,
	SIGN_IN_PATH,
	staffJson,
	type GuardContext,
} from './guard';
import { normaliseEmail, sessionCookie } from './rules';
import type { RelyingParty, SignedIn, StaffService } from './service';

/** Largest body a sign-in route reads (a passkey's answer is about 1 KB). */
const MAX_BODY_BYTES = 16 * 1024;

/** The Italian texts of the sign-in routes. */
export const AUTH_TEXTS = Object.freeze({
	badBody: 'Richiesta non valida: invia un oggetto JSON (application/json) di al massimo 16 KB.',
	signInFailed:
		'Accesso non riuscito: la passkey non è stata riconosciuta. Riprova, oppure chiedi un link di accesso.',
	linkInvalid:
		'Questo link non è valido: è già stato usato oppure è scaduto (vale 15 minuti). Chiedine uno nuovo dalla pagina di accesso.',
	enrolFailed:
		'La passkey non è stata creata. Riprova; se il link è scaduto, chiedine uno nuovo dalla pagina di accesso.',
	linkSent:
		'Se l’indirizzo è quello di un membro dello staff, riceverà a breve un link di accesso valido 15 minuti.',
	emailInvalid: 'Scrivi un indirizzo e-mail valido, ad esempio nome@vigorsport.it.',
	tooMany: (wait: number) => `Troppi tentativi in poco tempo: riprova tra ${seconds(wait)}.`,
	unavailable: 'Area staff non disponibile in questo momento: riprova tra qualche minuto.',
	signedOut: 'Sei uscito dall’area staff.',
});

/** What a sign-in route receives besides the request. */
export interface AuthContext extends GuardContext {
	/** The visitor's address, for the rate limit. */
	clientAddress: string;
	/** The company name: the passkey's site name in the authenticator. */
	companyName: string;
}

/** The site for WebAuthn: PUBLIC_ORIGIN's host in production, else the request's own. */
export function relyingParty(context: AuthContext): RelyingParty {
	const origin = publicOriginOf(context);
	return { id: new URL(origin).hostname, origin, name: context.companyName || 'Area staff' };
}

/** A body over MAX_BODY_BYTES: read no further. */
const TOO_LARGE = Object.freeze({ tooLarge: true as const });
type TooLarge = typeof TOO_LARGE;
const isTooLarge = (value: unknown): value is TooLarge => value === TOO_LARGE;

/**
 * The text of a request's body when its type is `type` and it holds at most MAX_BODY_BYTES of
 * UTF-8; TOO_LARGE past that (nothing more is read); otherwise null.
 */
async function readText(request: Request, type: string): Promise<string | null | TooLarge> {
	const sent = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
	if (sent !== type) return null;
	const read = await readBodyAtMost(request, MAX_BODY_BYTES);
	if (!read.ok) return read.why === 'too-large' ? TOO_LARGE : null;
	try {
		return new TextDecoder('utf-8', { fatal: true }).decode(read.bytes);
	} catch {
		return null;
	}
}

/** The JSON object of a request's body, null, or TOO_LARGE. */
async function readJson(request: Request): Promise<Record<string, unknown> | null | TooLarge> {
	const text = await readText(request, 'application/json');
	if (isTooLarge(text)) return text;
	try {
		const parsed: unknown = text === null ? null : JSON.parse(text);
		return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
			? (parsed as Record<string, unknown>)
			: null;
	} catch {
		return null;
	}
}

/** The fields of a urlencoded form (the link request without JavaScript), null, or TOO_LARGE. */
async function readForm(request: Request): Promise<Record<string, string> | null | TooLarge> {
	const text = await readText(request, 'application/x-www-form-urlencoded');
	return typeof text === 'string' ? Object.fromEntries(new URLSearchParams(text)) : text;
}

/** The answer to a body it could not use: 413 past the limit, else 400. */
function badBody(read: TooLarge | null): Response {
	return isTooLarge(read)
		? staffJson(413, { error: AUTH_TEXTS.badBody })
		: staffJson(400, { error: AUTH_TEXTS.badBody });
}

/**
 * The answer of the rate limit, or null when the attempt may go on: `attempt` for what can open
 * a session or send an e-mail (a passkey's answer, a link request), `options` for the options
 * that come before an attempt, which have a looser limit of their own.
 */
function overLimit(
	service: StaffService,
	context: AuthContext,
	kind: 'attempt' | 'options' = 'attempt',
): Response | null {
	const decision =
		kind === 'attempt'
			? service.takeSignInRate(context.clientAddress)
			: service.takeOptionsRate(context.clientAddress);
	if (decision.allowed) return null;
	return staffJson(
		429,
		{ error: AUTH_TEXTS.tooMany(decision.retryAfterSeconds) },
		{ 'Retry-After': String(decision.retryAfterSeconds) },
	);
}

/** A new session: 200 with its cookie. */
function signedIn(context: AuthContext, { member }: SignedIn, token: string): Response {
	return staffJson(
		200,
		{ ok: true, name: member.name, next: '/gestione' },
		{ 'Set-Cookie': sessionCookie(token, secureFor(context)) },
	);
}

type Handler = (service: StaffService, context: AuthContext) => Response | Promise<Response>;

/** Runs a handler with the service of the process (503 without it). */
export function withService(
	handler: Handler,
): (context: AuthContext, service: StaffService | undefined) => Promise<Response> {
	return async (context, service) =>
		service ? handler(service, context) : staffJson(503, { error: AUTH_TEXTS.unavailable });
}

/** POST /api/gestione/auth/opzioni: the options of a sign-in with a passkey. */
export const signInOptions = withService(async (service, context) => {
	return (
		overLimit(service, context, 'options') ??
		staffJson(200, await service.signInOptions(relyingParty(context)))
	);
});

/** POST /api/gestione/auth/accesso `{ response }`: a passkey's answer; a session when it verifies. */
export const signIn = withService(async (service, context) => {
	const limited = overLimit(service, context);
	if (limited) return limited;
	const body = await readJson(context.request);
	if (body === null || isTooLarge(body)) return badBody(body);
	const result = await service.signIn(body['response'], relyingParty(context));
	return result
		? signedIn(context, result, result.token)
		: staffJson(401, { error: AUTH_TEXTS.signInFailed });
});

/** POST /api/gestione/auth/passkey-opzioni `{ token }`: the options of an enrolment by link. */
export const registrationOptions = withService(async (service, context) => {
	const limited = overLimit(service, context, 'options');
	if (limited) return limited;
	const body = await readJson(context.request);
	if (body === null || isTooLarge(body)) return badBody(body);
	const options = await service.registrationOptions(body['token'], relyingParty(context));
	return options ? staffJson(200, options) : staffJson(410, { error: AUTH_TEXTS.linkInvalid });
});

/** POST /api/gestione/auth/passkey `{ token, response }`: the new passkey; uses the link up. */
export const register = withService(async (service, context) => {
	const limited = overLimit(service, context);
	if (limited) return limited;
	const body = await readJson(context.request);
	if (body === null || isTooLarge(body)) return badBody(body);
	if (!service.linkMember(body['token'])) return staffJson(410, { error: AUTH_TEXTS.linkInvalid });
	const result = await service.register(body['token'], body['response'], relyingParty(context));
	return result
		? signedIn(context, result, result.token)
		: staffJson(400, { error: AUTH_TEXTS.enrolFailed });
});

/** Where the link request form lands without JavaScript: the sign-in page says the same for all. */
export const LINK_SENT_PATH = `${SIGN_IN_PATH}?link=inviato`;

/**
 * POST /api/gestione/auth/link `{ email }` (JSON, or the form without JavaScript): e-mails a
 * new one-time link when the address is an enabled member's. The answer is the same for any
 * well-formed address, and so is the work done before it (the e-mail goes through the outbox,
 * after the answer), so neither its text nor its timing tells who is staff.
 */
export const requestLink = withService(async (service, context) => {
	const limited = overLimit(service, context);
	if (limited) return limited;
	const form = await readForm(context.request);
	const body = form ?? (await readJson(context.request));
	if (isTooLarge(body)) return badBody(body);
	const email = typeof body?.['email'] === 'string' ? normaliseEmail(body['email']) : '';
	if (!isValidEmail(email)) {
		return staffJson(422, {
			error: AUTH_TEXTS.emailInvalid,
			fields: { email: AUTH_TEXTS.emailInvalid },
		});
	}
	const origin = publicOriginOf(context);
	setTimeout(() => service.requestLink(email, origin), 0);
	if (form) return new Response(null, { status: 303, headers: { Location: LINK_SENT_PATH } });
	return staffJson(202, { ok: true, message: AUTH_TEXTS.linkSent });
});

/** POST /api/gestione/auth/esci: ends the session server-side and clears the cookie. */
export const signOut = withService((service, context) => {
	service.signOut(sessionToken(context));
	const cookie = { 'Set-Cookie': sessionCookie(null, secureFor(context)) };
	const fromForm = (context.request.headers.get('accept') ?? '').includes('text/html');
	if (fromForm) {
		return new Response(null, {
			status: 303,
			headers: { Location: `${SIGN_IN_PATH}?uscito=1`, ...cookie },
		});
	}
	return staffJson(200, { ok: true, message: AUTH_TEXTS.signedOut }, cookie);
});
