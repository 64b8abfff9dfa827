/**
 * POST /api/contact over HTTP, with web-standard Request and Response (the Astro route in
 * src/pages/api/contact.ts only wires it). Every refusal is a 4xx with an Italian `error` (and
 * `fields` for validation), never a stack trace: JSON for the island and other clients, a small
 * HTML page for a browser posting the form without JavaScript. Checks, in order:
 *
 *   cross-site Origin 403 · content type 415 · size 413 (Content-Length, then bytes read) ·
 *   UTF-8 and JSON 400 · the five rules 422 · rate limit 429 with Retry-After
 *
 * then the message is stored and the answer is 201 `{ ok, id, emailStatus }` (or 303 to the
 * thank-you page for a form post). Only a failure to store answers 503.
 */
import {
	CONTACT_FIELDS,
	CONTACT_LABELS,
	parseContact,
	type ContactErrors,
} from '../../lib/contact/contact-schema';
import type { ContactService } from './service';

/** Largest body accepted, in bytes. */
export const MAX_BODY_BYTES = 32 * 1024;
/** A larger body is still read (and thrown away) up to this size, so the client gets the 413. */
const DRAIN_BYTES = 1024 * 1024;
/** Where a form posted without JavaScript lands after success (a prerendered page). */
export const THANK_YOU_PATH = '/contatti/inviato';
/** Where the HTML error page links back to. */
const FORM_PATH = '/contatti#modulo';

/** The Italian texts of the refusals. */
export const HTTP_ERRORS = Object.freeze({
	crossSite: 'Richiesta non consentita: il modulo si può inviare solo da questo sito.',
	unsupportedType:
		'Formato non supportato: invia i dati come JSON (application/json) o come modulo (application/x-www-form-urlencoded) in UTF-8.',
	tooLarge: 'Il messaggio è troppo lungo: il limite è di 32 KB.',
	unreadable: 'Richiesta non valida: non è stato possibile leggerne il contenuto.',
	badEncoding: 'Il testo inviato non è in UTF-8 valido.',
	badJson: 'Il contenuto non è un JSON valido.',
	notObject: 'Il contenuto deve essere un oggetto JSON con i campi del modulo.',
	invalid: 'Alcuni campi non sono validi: correggili e riprova.',
	notStored:
		'Non è stato possibile salvare il messaggio. Riprova tra qualche minuto oppure chiamaci.',
	method: 'Metodo non consentito: questo indirizzo accetta solo POST.',
});

/** The 429 text for a wait of `seconds`. */
export function tooManyMessages(seconds: number): string {
	const wait = seconds === 1 ? '1 secondo' : `${seconds} secondi`;
	return `Hai inviato troppi messaggi in poco tempo: riprova tra ${wait}.`;
}

/** What the route passes in. */
export interface ContactRequestContext {
	service: Pick<ContactService, 'takeRate' | 'submit'>;
	/** The visitor's address, for the rate limit. */
	clientAddress: string;
	/** The public site's origin (https://www.vigorsport.it), also allowed as Origin. */
	siteOrigin: string | null;
	log?: Pick<Console, 'error'>;
}

/** A refusal: status, text, and what goes with it. */
interface Refusal {
	status: number;
	error: string;
	fields?: ContactErrors;
	headers?: Record<string, string>;
}

/** True when the client would rather read a page than JSON: a browser's own form post. */
export function wantsHtml(request: Request): boolean {
	return (request.headers.get('accept') ?? '').toLowerCase().includes('text/html');
}

/**
 * True for a request from another site: an Origin that is neither this server's (as the
 * request reached it) nor the public site's, or, without Origin, a browser saying cross-site.
 * Clients that are not browsers send neither header and are not forged by a web page.
 */
export function isCrossSite(request: Request, siteOrigin: string | null): boolean {
	const origin = request.headers.get('origin');
	if (origin !== null) return origin !== new URL(request.url).origin && origin !== siteOrigin;
	const fetchSite = request.headers.get('sec-fetch-site');
	return fetchSite !== null && fetchSite !== 'same-origin' && fetchSite !== 'none';
}

/** The kind of body, from Content-Type; null for anything else. */
export function bodyKind(contentType: string | null): 'json' | 'form' | null {
	if (contentType === null) return null;
	const [type = '', ...params] = contentType.split(';').map((part) => part.trim().toLowerCase());
	const charset = params.find((param) => param.startsWith('charset='))?.slice('charset='.length);
	if (charset !== undefined && !['utf-8', 'utf8', '"utf-8"'].includes(charset)) return null;
	if (type === 'application/json') return 'json';
	if (type === 'application/x-www-form-urlencoded') return 'form';
	return null;
}

type BodyResult = { ok: true; bytes: Uint8Array } | { ok: false; refusal: Refusal };

const TOO_LARGE: Refusal = {
	status: 413,
	error: HTTP_ERRORS.tooLarge,
	headers: { Connection: 'close' },
};
const UNREADABLE: Refusal = { status: 400, error: HTTP_ERRORS.unreadable };

/** Reads the rest of a body without keeping it, up to DRAIN_BYTES. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, read: number): Promise<void> {
	let total = read;
	while (total <= DRAIN_BYTES) {
		const { done, value } = await reader.read();
		if (done) return;
		total += value.byteLength;
	}
}

/** The body, refused when Content-Length or the bytes actually sent exceed MAX_BODY_BYTES. */
async function readBody(request: Request): Promise<BodyResult> {
	const declared = request.headers.get('content-length');
	const declaredBytes = declared === null ? null : Number(declared);
	if (declaredBytes !== null && !(Number.isSafeInteger(declaredBytes) && declaredBytes >= 0)) {
		return { ok: false, refusal: UNREADABLE };
	}
	if (!request.body) return { ok: true, bytes: new Uint8Array(0) };
	const reader = request.body.getReader();
	try {
		if (declaredBytes !== null && declaredBytes > MAX_BODY_BYTES) {
			if (declaredBytes <= DRAIN_BYTES) await drain(reader, 0);
			return { ok: false, refusal: TOO_LARGE };
		}
		const chunks: Uint8Array[] = [];
		let total = 0;
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			total += value.byteLength;
			if (total > MAX_BODY_BYTES) {
				await drain(reader, total);
				return { ok: false, refusal: TOO_LARGE };
			}
			chunks.push(value);
		}
		const bytes = new Uint8Array(total);
		let offset = 0;
		for (const chunk of chunks) {
			bytes.set(chunk, offset);
			offset += chunk.byteLength;
		}
		return { ok: true, bytes };
	} catch {
		return { ok: false, refusal: UNREADABLE };
	} finally {
		reader.releaseLock();
	}
}

type RecordResult = { ok: true; record: Record<string, unknown> } | { ok: false; refusal: Refusal };

/**
 * The submitted fields, from a JSON object or a urlencoded form. A name given twice takes its
 * last value in both: JSON.parse keeps the last, and the form's fields are read the same way, so
 * the same fields sent either way are judged alike.
 */
function parseRecord(kind: 'json' | 'form', bytes: Uint8Array): RecordResult {
	let text: string;
	try {
		text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
	} catch {
		return { ok: false, refusal: { status: 400, error: HTTP_ERRORS.badEncoding } };
	}
	if (kind === 'form') {
		const record: Record<string, unknown> = {};
		for (const [name, value] of new URLSearchParams(text)) record[name] = value;
		return { ok: true, record };
	}
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		return { ok: false, refusal: { status: 400, error: HTTP_ERRORS.badJson } };
	}
	if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
		return { ok: false, refusal: { status: 400, error: HTTP_ERRORS.notObject } };
	}
	return { ok: true, record: parsed as Record<string, unknown> };
}

const ESCAPES: Record<string, string> = {
	'&': '&amp;',
	'<': '&lt;',
	'>': '&gt;',
	'"': '&quot;',
	"'": '&#39;',
};

function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/**
 * The style of the error page, inline as the page stands alone. The Content-Security-Policy
 * allows it by its hash (src/integrations/host-headers.ts), like Astro's own inline style.
 */
export const ERROR_PAGE_STYLE =
	'body{font-family:system-ui,sans-serif;line-height:1.5;color:#18181b;margin:0;padding:2rem 1rem}main{max-width:40rem;margin:0 auto}h1{font-size:1.75rem}li{margin:.25rem 0}ul{color:#b91c1c}a{color:#854d0e;font-weight:600}';

/** The small page a browser without JavaScript gets when its message is refused. */
export function errorPage(error: string, fields?: ContactErrors): string {
	const items = CONTACT_FIELDS.flatMap((field) => {
		const message = fields?.[field];
		return message
			? [`<li><strong>${escapeHtml(CONTACT_LABELS[field])}</strong>: ${escapeHtml(message)}</li>`]
			: [];
	});
	const list = items.length ? `<ul>${items.join('')}</ul>` : '';
	const hint = items.length
		? '<p>Usa il pulsante Indietro del browser per correggere il modulo senza perdere quello che hai scritto.</p>'
		: '';
	return `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Messaggio non inviato | Vigor Sport</title>
<style>${ERROR_PAGE_STYLE}</style>
</head>
<body>
<main>
<h1>Il messaggio non è stato inviato</h1>
<p>${escapeHtml(error)}</p>
${list}
${hint}
<p><a href="${FORM_PATH}">Torna al modulo di contatto</a></p>
</main>
</body>
</html>
`;
}

const NO_STORE = { 'Cache-Control': 'no-store' };

/** A JSON answer. */
function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
	return new Response(JSON.stringify(body), {
		status,
		headers: { 'Content-Type': 'application/json; charset=utf-8', ...NO_STORE, ...headers },
	});
}

/** A refusal as JSON `{ error, fields? }`, or as a page for a browser's form post. */
function refuse(request: Request, refusal: Refusal): Response {
	const headers = refusal.headers ?? {};
	if (wantsHtml(request)) {
		return new Response(errorPage(refusal.error, refusal.fields), {
			status: refusal.status,
			headers: { 'Content-Type': 'text/html; charset=utf-8', ...NO_STORE, ...headers },
		});
	}
	const body = refusal.fields
		? { error: refusal.error, fields: refusal.fields }
		: { error: refusal.error };
	return json(refusal.status, body, headers);
}

/** The answer to any method but POST. */
export function methodNotAllowed(request: Request): Response {
	return refuse(request, { status: 405, error: HTTP_ERRORS.method, headers: { Allow: 'POST' } });
}

/** Handles POST /api/contact. */
export async function handleContactPost(
	request: Request,
	{ service, clientAddress, siteOrigin, log = console }: ContactRequestContext,
): Promise<Response> {
	if (isCrossSite(request, siteOrigin)) {
		return refuse(request, { status: 403, error: HTTP_ERRORS.crossSite });
	}
	const kind = bodyKind(request.headers.get('content-type'));
	if (kind === null) return refuse(request, { status: 415, error: HTTP_ERRORS.unsupportedType });
	const body = await readBody(request);
	if (!body.ok) return refuse(request, body.refusal);
	const parsed = parseRecord(kind, body.bytes);
	if (!parsed.ok) return refuse(request, parsed.refusal);
	const result = parseContact(parsed.record);
	if (!result.ok) {
		return refuse(request, { status: 422, error: HTTP_ERRORS.invalid, fields: result.errors });
	}
	const rate = service.takeRate(clientAddress);
	if (!rate.allowed) {
		return refuse(request, {
			status: 429,
			error: tooManyMessages(rate.retryAfterSeconds),
			headers: { 'Retry-After': String(rate.retryAfterSeconds) },
		});
	}
	let stored;
	try {
		stored = await service.submit(result.message, {
			spam: result.spam,
			submissionKey: result.submissionKey,
		});
	} catch (error) {
		log.error('Contact: message not stored:', error instanceof Error ? error.message : error);
		return refuse(request, {
			status: 503,
			error: HTTP_ERRORS.notStored,
			headers: { 'Retry-After': '60' },
		});
	}
	if (wantsHtml(request)) {
		return new Response(null, { status: 303, headers: { Location: THANK_YOU_PATH, ...NO_STORE } });
	}
	// 200 for a message sent again (same submission key): it was stored before, not now.
	return json(stored.duplicate ? 200 : 201, {
		ok: true,
		id: stored.id,
		emailStatus: stored.emailStatus,
	});
}
