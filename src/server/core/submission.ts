/**
 * The steps every submission route shares (POST /api/contact, POST /api/prenotazioni), with
 * web-standard Request and Response, in this order:
 *
 *   cross-site Origin 403 · content type 415 · size 413 (Content-Length, then bytes read) ·
 *   UTF-8 and JSON 400 · a submission key stored already: its stored answer, or 409 for other
 *   contents · rate limit 429 with Retry-After · the route's checks 422 · stored (the route's
 *   answer) or 503 when it could not be
 *
 * Every request past the Origin check counts against the rate limit, refused ones too (a flood
 * of bad bodies is a flood), except the repeat of a stored submission: an outbox sending again
 * what the server has must get the stored answer, never a 429. Once past the limit, a refusal
 * of 415, 413 or 400 answers 429 instead.
 *
 * Each route (contact/http.ts, src/server/reservations/http.ts) gives its body kinds, its checks, its
 * rate limit, how it stores and answers, and the Italian texts that name what it takes.
 */
import type { RateDecision } from './rate-limit';
import { refuse, type ErrorPageWording, type Refusal } from './submission-responses';

/** Largest body accepted, in bytes. */
export const MAX_BODY_BYTES = 32 * 1024;
/** A larger body is still read (and thrown away) up to this size, so the client gets the 413. */
const DRAIN_BYTES = 1024 * 1024;

/** The Italian texts of the refusals every route shares. */
export const HTTP_ERRORS = Object.freeze({
	crossSite: 'Richiesta non consentita: il modulo si può inviare solo da questo sito.',
	unreadable: 'Richiesta non valida: non è stato possibile leggerne il contenuto.',
	badEncoding: 'Il testo inviato non è in UTF-8 valido.',
	badJson: 'Il contenuto non è un JSON valido.',
	method: 'Metodo non consentito: questo indirizzo accetta solo POST.',
});

/** The texts a route words its own way (what it takes: a message, a reservation). */
export interface RouteTexts {
	unsupportedType: string;
	tooLarge: string;
	notObject: string;
	invalid: string;
	notStored: string;
	/** The 409 text: the submission key was stored with other contents. */
	keyReused: string;
	/** The 429 text for a wait of `seconds`. */
	tooMany(seconds: number): string;
}

/** "1 secondo", "30 secondi". */
export function seconds(count: number): string {
	return count === 1 ? '1 secondo' : `${count} secondi`;
}

/** A body kind, from Content-Type. */
export type BodyKind = 'json' | 'form';

/**
 * True for a request from another site: an Origin that is neither this server's (as the
 * request reached it) nor the public site's, or, without Origin, a browser saying cross-site.
 * Clients that are not browsers send neither header and are not forged by a web page. A page
 * under `Referrer-Policy: no-referrer` makes its own forms send `Origin: null`: then only the
 * browser's Sec-Fetch-Site (which no page can set) saying same-origin lets it through.
 */
export function isCrossSite(request: Request, siteOrigin: string | null): boolean {
	const origin = request.headers.get('origin');
	if (origin === 'null') return request.headers.get('sec-fetch-site') !== 'same-origin';
	if (origin !== null) return origin !== new URL(request.url).origin && origin !== siteOrigin;
	const fetchSite = request.headers.get('sec-fetch-site');
	return fetchSite !== null && fetchSite !== 'same-origin' && fetchSite !== 'none';
}

/** The kind of body, from Content-Type; null for anything else. */
export function bodyKind(contentType: string | null): BodyKind | null {
	if (contentType === null) return null;
	const [type = '', ...params] = contentType.split(';').map((part) => part.trim().toLowerCase());
	const charset = params.find((param) => param.startsWith('charset='))?.slice('charset='.length);
	if (charset !== undefined && !['utf-8', 'utf8', '"utf-8"'].includes(charset)) return null;
	if (type === 'application/json') return 'json';
	if (type === 'application/x-www-form-urlencoded') return 'form';
	return null;
}

type Step<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

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

/**
 * The bytes of a stream when they are at most `limit`; otherwise the count read when the limit
 * was passed (the rest is left in the stream). Only readBodyAtMost calls it for a request.
 */
export async function readAtMost(
	reader: ReadableStreamDefaultReader<Uint8Array>,
	limit: number,
): Promise<Uint8Array | number> {
	const chunks: Uint8Array[] = [];
	let total = 0;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		total += value.byteLength;
		if (total > limit) return total;
		chunks.push(value);
	}
	const bytes = new Uint8Array(total);
	let offset = 0;
	for (const chunk of chunks) {
		bytes.set(chunk, offset);
		offset += chunk.byteLength;
	}
	return bytes;
}

/** What reading a body gave: its bytes, or why there are none to use. */
export type BodyRead =
	{ ok: true; bytes: Uint8Array } | { ok: false; why: 'too-large' | 'unreadable' };

/**
 * The one way the server reads a body, a request's on every route (or an answer it fetched):
 * at most `limit` bytes are kept, counted as they arrive (a chunked body declares no length),
 * and reading stops past the limit. A Content-Length over the limit is refused before anything
 * is read; a malformed one is unreadable. Past the limit, the rest of a small body (up to
 * DRAIN_BYTES) is read and thrown away, so the connection can serve the next request; a larger
 * one is left unread: the server answers 413 at once and never closes the connection under the
 * client while it still sends (its next write would fail before it read the 413), so the client
 * reads the answer and stops; one that goes on sending is held by TCP's flow control, costing
 * no memory, until the request timeout (SERVER_REQUEST_TIMEOUT_MS) ends it.
 */
export async function readBodyAtMost(
	request: Pick<Request, 'headers' | 'body'>,
	limit: number,
): Promise<BodyRead> {
	const declared = request.headers.get('content-length');
	const declaredBytes = declared === null ? null : Number(declared);
	if (declaredBytes !== null && !(Number.isSafeInteger(declaredBytes) && declaredBytes >= 0)) {
		return { ok: false, why: 'unreadable' };
	}
	if (!request.body) return { ok: true, bytes: new Uint8Array(0) };
	// eslint-disable-next-line no-restricted-syntax -- the one bounded reader itself
	const reader = request.body.getReader();
	try {
		if (declaredBytes !== null && declaredBytes > limit) {
			if (declaredBytes <= DRAIN_BYTES) await drain(reader, 0);
			return { ok: false, why: 'too-large' };
		}
		const bytes = await readAtMost(reader, limit);
		if (typeof bytes === 'number') {
			await drain(reader, bytes);
			return { ok: false, why: 'too-large' };
		}
		return { ok: true, bytes };
	} catch {
		return { ok: false, why: 'unreadable' };
	} finally {
		reader.releaseLock();
	}
}

/** The body, refused when Content-Length or the bytes actually sent exceed MAX_BODY_BYTES. */
async function readBody(request: Request, tooLargeText: string): Promise<Step<Uint8Array>> {
	const read = await readBodyAtMost(request, MAX_BODY_BYTES);
	if (read.ok) return { ok: true, value: read.bytes };
	if (read.why === 'unreadable') return { ok: false, refusal: UNREADABLE };
	return {
		ok: false,
		refusal: { status: 413, error: tooLargeText },
	};
}

/**
 * The submitted fields, from a JSON object or a urlencoded form. A name given twice takes its
 * last value in both: JSON.parse keeps the last, and the form's fields are read the same way, so
 * the same fields sent either way are judged alike.
 */
function parseRecord(
	kind: BodyKind,
	bytes: Uint8Array,
	notObject: string,
): Step<Record<string, unknown>> {
	let text: string;
	try {
		text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
	} catch {
		return { ok: false, refusal: { status: 400, error: HTTP_ERRORS.badEncoding } };
	}
	if (kind === 'form') {
		const record: Record<string, unknown> = {};
		for (const [name, value] of new URLSearchParams(text)) record[name] = value;
		return { ok: true, value: record };
	}
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		return { ok: false, refusal: { status: 400, error: HTTP_ERRORS.badJson } };
	}
	if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
		return { ok: false, refusal: { status: 400, error: notObject } };
	}
	return { ok: true, value: parsed as Record<string, unknown> };
}

/** The outcome of a route's checks: the submission, or the field (and item) errors of a 422. */
export type CheckResult<T> =
	{ ok: true; value: T } | { ok: false; fields: Refusal['fields']; items?: Refusal['items'] };

/** A submission route. */
export interface SubmissionRoute<T> {
	/** The body kinds it reads; any other content type is a 415. */
	kinds: readonly BodyKind[];
	texts: RouteTexts;
	page: ErrorPageWording;
	/** The public site's origin (https://www.vigorsport.it), also allowed as Origin. */
	siteOrigin: string | null;
	/**
	 * The answer to a record whose submission key is stored already: the stored submission's
	 * answer, or a 409 (keyConflict) when it was stored with other contents; null when the key
	 * is new or missing. A throw answers 503.
	 */
	repeat(record: Record<string, unknown>): Response | null;
	/** Checks the submitted fields; may look things up (a throw answers 503). */
	check(record: Record<string, unknown>): CheckResult<T> | Promise<CheckResult<T>>;
	/** Counts a submission against the visitor's rate limit. */
	takeRate(): RateDecision;
	/** Stores the submission and answers; a throw (not stored) answers 503. */
	store(value: T): Promise<Response>;
	/** What the log calls a failure to store: "Contact: message not stored:". */
	logLabel: string;
	log?: Pick<Console, 'error'> | undefined;
}

/** Runs the shared steps of a submission route. */
export async function handleSubmission<T>(
	request: Request,
	route: SubmissionRoute<T>,
): Promise<Response> {
	const { texts, log = console } = route;
	const answer = (refusal: Refusal) => refuse(request, refusal, route.page);
	const notStored = (error: unknown) => {
		log.error(route.logLabel, error instanceof Error ? error.message : error);
		return answer({ status: 503, error: texts.notStored, headers: { 'Retry-After': '60' } });
	};
	if (isCrossSite(request, route.siteOrigin)) {
		return answer({ status: 403, error: HTTP_ERRORS.crossSite });
	}
	/** The 429 when this request is one too many, else null; counts it either way. */
	const overLimit = (): Response | null => {
		const rate = route.takeRate();
		if (rate.allowed) return null;
		return answer({
			status: 429,
			error: texts.tooMany(rate.retryAfterSeconds),
			headers: { 'Retry-After': String(rate.retryAfterSeconds) },
		});
	};
	const counted = (refusal: Refusal) => overLimit() ?? answer(refusal);
	const kind = bodyKind(request.headers.get('content-type'));
	if (kind === null || !route.kinds.includes(kind)) {
		return counted({ status: 415, error: texts.unsupportedType });
	}
	const body = await readBody(request, texts.tooLarge);
	if (!body.ok) return counted(body.refusal);
	const record = parseRecord(kind, body.value, texts.notObject);
	if (!record.ok) return counted(record.refusal);
	try {
		const repeated = route.repeat(record.value);
		if (repeated) return repeated;
	} catch (error) {
		return notStored(error);
	}
	const tooMany = overLimit();
	if (tooMany) return tooMany;
	let checked: CheckResult<T>;
	try {
		checked = await route.check(record.value);
	} catch (error) {
		return notStored(error);
	}
	if (!checked.ok) {
		const { fields, items } = checked;
		return answer({
			status: 422,
			error: texts.invalid,
			...(fields && { fields }),
			...(items && { items }),
		});
	}
	try {
		return await route.store(checked.value);
	} catch (error) {
		return notStored(error);
	}
}
