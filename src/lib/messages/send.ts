/**
 * Sending the contact form from the browser (docs/messages.md): the JSON request to POST
 * /api/contact and what its answer means for the form. Pure but for the `fetch` it is given: no
 * DOM, no React, so the classification is tested with a function standing in for the network.
 */
import {
	CONTACT_FIELDS,
	HONEYPOT_FIELD,
	SUBMISSION_KEY_FIELD,
	hasErrors,
	type ContactErrors,
	type ContactInput,
} from './message-schema';
import {
	CONTACT_SENT,
	failureReason,
	isQueuedAnswer,
	readEmailStatus,
	REQUEST_TIMEOUT_MS,
	requestFailure,
	type EmailStatus,
} from './outcome';
import { CONTACT_OUTBOX } from '../pwa/outbox';

/** The endpoint; also the form's action, so the form works before and without JavaScript. */
export const CONTACT_ENDPOINT = CONTACT_OUTBOX.path;

/** The part of an answer that the form reads (a fetch Response has it). */
export interface ContactAnswer {
	ok: boolean;
	status: number;
	statusText: string;
	text(): Promise<string>;
}

/** The `fetch` the message goes through (the browser's own, or a test's function). */
export type ContactFetch = (url: string, init: RequestInit) => Promise<ContactAnswer>;

/** What the form sends: the fields, the hidden anti-spam field and the submission key. */
export interface ContactRequest {
	input: ContactInput;
	/** The honeypot's value (empty for people). */
	trap: string;
	submissionKey: string;
}

/** What became of a message. */
export type SendOutcome =
	/** The server stored it; `status` says what happened to its e-mails. */
	| { kind: 'sent'; status: EmailStatus }
	/** The service worker queued it for Background Sync: it reports once it is sent. */
	| { kind: 'queued' }
	/** The request failed with the phone offline: the form sends it again once online. */
	| { kind: 'offline' }
	/**
	 * Refused or not reached: `reason` is the failure toast's text (for `failureDescription`),
	 * `fields` the per-field errors of a 422 answer, when it has any.
	 */
	| { kind: 'failed'; reason: string; fields: ContactErrors | null };

export interface SendOptions {
	/** Where the request goes through; called as a plain function, never as a method. */
	fetch: ContactFetch;
	/** Asked after a request failed: true when the phone is known to be offline. */
	isOffline: () => boolean;
	/** How long to wait for an answer (default REQUEST_TIMEOUT_MS). */
	timeoutMs?: number;
}

/** The JSON body of a message, with the honeypot and the submission key. */
export function contactBody({ input, trap, submissionKey }: ContactRequest): string {
	return JSON.stringify({
		...input,
		[HONEYPOT_FIELD]: trap,
		[SUBMISSION_KEY_FIELD]: submissionKey,
	});
}

/** The per-field errors of a 422 answer, or null. */
export function readFieldErrors(body: unknown): ContactErrors | null {
	if (typeof body !== 'object' || body === null) return null;
	const fields = (body as { fields?: unknown }).fields;
	if (typeof fields !== 'object' || fields === null) return null;
	const errors: ContactErrors = {};
	for (const field of CONTACT_FIELDS) {
		const message = (fields as Record<string, unknown>)[field];
		if (typeof message === 'string') errors[field] = message;
	}
	return hasErrors(errors) ? errors : null;
}

/** The e-mail status of a success answer's body (anything missing counts as false). */
export function sentStatus(body: unknown): EmailStatus {
	return readEmailStatus(
		typeof body === 'object' && body !== null
			? (body as { emailStatus?: unknown }).emailStatus
			: undefined,
	);
}

/** An answer's body: its JSON when it is JSON, else its text ('' when it cannot be read). */
async function readBody(answer: ContactAnswer): Promise<unknown> {
	const text = await answer.text().catch(() => '');
	try {
		return JSON.parse(text) as unknown;
	} catch {
		// Not JSON (a proxy's error page): the reason is then the status and the text.
		return text;
	}
}

/** What became of a JSON request: answered (with its body), or not, offline or not. */
export type PostResult =
	| { kind: 'answered'; answer: ContactAnswer; body: unknown }
	| { kind: 'offline' }
	| { kind: 'failed'; reason: string };

/**
 * Posts a JSON body to one of the site's endpoints (the contact form's, the pickup list's) and
 * reads the answer. Never throws: a request with no answer is `offline` when the phone is known
 * to be offline, else `failed` with the reason to show.
 */
export async function postJson(
	endpoint: string,
	body: string,
	{ fetch: send, isOffline, timeoutMs = REQUEST_TIMEOUT_MS }: SendOptions,
): Promise<PostResult> {
	let answer: ContactAnswer;
	try {
		answer = await send(endpoint, {
			method: 'POST',
			// A server that never answers ends in the usual error toast, not a form stuck sending.
			signal: AbortSignal.timeout(timeoutMs),
			headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
			body,
		});
	} catch (error) {
		if (isOffline()) return { kind: 'offline' };
		return { kind: 'failed', reason: requestFailure(error) };
	}
	return { kind: 'answered', answer, body: await readBody(answer) };
}

/** What an answer means: queued by the service worker, refused (with its reason), or sent. */
export function classifyAnswer(
	answer: Pick<ContactAnswer, 'ok' | 'status' | 'statusText'>,
	body: unknown,
): SendOutcome {
	if (isQueuedAnswer(answer.status, body)) return { kind: 'queued' };
	if (!answer.ok) {
		return {
			kind: 'failed',
			reason: failureReason(answer.status, answer.statusText, body),
			fields: readFieldErrors(body),
		};
	}
	return { kind: 'sent', status: sentStatus(body) };
}

/** Posts a message to CONTACT_ENDPOINT as JSON and says what became of it. Never throws. */
export async function sendContact(
	request: ContactRequest,
	options: SendOptions,
): Promise<SendOutcome> {
	const posted = await postJson(CONTACT_ENDPOINT, contactBody(request), options);
	if (posted.kind === 'offline') return posted;
	if (posted.kind === 'failed') return { ...posted, fields: null };
	return classifyAnswer(posted.answer, posted.body);
}

/**
 * What the service worker says of a request it queued and has now sent (docs/offline.md): its answer's success and body, when the message is of `type`; else null.
 */
export function workerAnswer(data: unknown, type: string): { ok: boolean; body: unknown } | null {
	if (typeof data !== 'object' || data === null) return null;
	const { type: kind, ok, body } = data as { type?: unknown; ok?: unknown; body?: unknown };
	return kind === type ? { ok: ok === true, body } : null;
}

/**
 * What the service worker's message about a queued message says (docs/offline.md), or null for any other message.
 */
export function workerOutcome(data: unknown): SendOutcome | null {
	const answer = workerAnswer(data, CONTACT_SENT);
	if (!answer) return null;
	if (answer.ok) return { kind: 'sent', status: sentStatus(answer.body) };
	return { kind: 'failed', reason: failureReason(0, '', answer.body), fields: null };
}
