/**
 * The desk's notifications route, /api/gestione/notifiche (src/pages/api/gestione/notifiche.ts
 * only wires it), with web-standard Request and Response:
 *
 * - GET: the server's VAPID public key, for pushManager.subscribe on the device;
 * - POST `{ endpoint, keys: { p256dh, auth } }` (PushSubscription.toJSON()): this device gets a
 *   ping for each new reservation of the member's shops, for as long as this session lasts;
 * - DELETE `{ endpoint }`: it stops.
 *
 * Every answer is JSON in Italian with the staff area's headers; the guard (401 without a
 * session) runs first, and the Origin check of POST and DELETE is the middleware's. The body is
 * read through the one bounded reader (readBodyAtMost).
 */
import { hashToken, requireStaff, sessionToken, staffJson, type GuardContext } from '../staff';
import { readBodyAtMost } from '../core/submission';
import type { NotificationService } from './service';
import { PUSH_TEXTS } from './texts';

/** Largest body read: a subscription is about 400 bytes. */
const MAX_BODY_BYTES = 4 * 1024;

export const HTTP_TEXTS = Object.freeze({
	unsupportedType: 'Richiesta non valida: invia un oggetto JSON (application/json).',
	tooLarge: 'Richiesta troppo lunga: al massimo 4 KB.',
	badJson: 'Richiesta non valida: il corpo non è un oggetto JSON.',
	unavailable: 'Notifiche non disponibili in questo momento: riprova tra qualche minuto.',
	methodNotAllowed: 'Metodo non consentito: questo indirizzo accetta GET, POST e DELETE.',
});

type Body = { ok: true; value: Record<string, unknown> } | { ok: false; answer: Response };

/** The JSON object of the body, read through readBodyAtMost; else the 4xx to answer. */
async function readJsonBody(request: Request): Promise<Body> {
	const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
	if (type !== 'application/json') {
		return { ok: false, answer: staffJson(415, { error: HTTP_TEXTS.unsupportedType }) };
	}
	const read = await readBodyAtMost(request, MAX_BODY_BYTES);
	if (!read.ok) {
		return read.why === 'too-large'
			? { ok: false, answer: staffJson(413, { error: HTTP_TEXTS.tooLarge }) }
			: { ok: false, answer: staffJson(400, { error: HTTP_TEXTS.badJson }) };
	}
	try {
		const parsed: unknown = JSON.parse(
			new TextDecoder('utf-8', { fatal: true }).decode(read.bytes),
		);
		if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
			return { ok: true, value: parsed as Record<string, unknown> };
		}
	} catch {
		// Not UTF-8 or not JSON: answered below.
	}
	return { ok: false, answer: staffJson(400, { error: HTTP_TEXTS.badJson }) };
}

/** The route's answer for any method. */
export async function notificationsAnswer(
	context: GuardContext,
	service: NotificationService | undefined,
): Promise<Response> {
	const member = requireStaff(context);
	if (member instanceof Response) return member;
	const method = context.request.method;
	if (method !== 'GET' && method !== 'HEAD' && method !== 'POST' && method !== 'DELETE') {
		return staffJson(
			405,
			{ error: HTTP_TEXTS.methodNotAllowed },
			{ Allow: 'GET, HEAD, POST, DELETE' },
		);
	}
	if (!service) return staffJson(503, { error: HTTP_TEXTS.unavailable });
	if (method === 'GET' || method === 'HEAD') {
		return staffJson(200, { publicKey: service.pushPublicKey });
	}
	const body = await readJsonBody(context.request);
	if (!body.ok) return body.answer;
	if (method === 'DELETE') {
		const result = service.unsubscribe(member.id, body.value);
		return result.ok
			? staffJson(200, { ok: true, message: PUSH_TEXTS.unsubscribed })
			: staffJson(422, { error: result.error });
	}
	// The guard found the session, so the cookie holds its token.
	const token = sessionToken(context) ?? '';
	const result = service.subscribe(
		{ staffId: member.id, sessionHash: hashToken(token) },
		body.value,
	);
	if (result.ok) return staffJson(201, { ok: true, message: PUSH_TEXTS.subscribed });
	return staffJson(result.taken ? 409 : 422, { error: result.error });
}
