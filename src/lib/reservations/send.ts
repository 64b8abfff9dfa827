/**
 * Sending a reservation from the browser (docs/reservations.md): the JSON request to POST
 * /api/prenotazioni through the contact form's `postJson`, and what its answer means for the page:
 * accepted with its pickup code, queued by the service worker, offline, or refused with the fields
 * and items at fault. Pure but for the `fetch` it is given.
 */
import { failureReason, readEmailStatus, type ToastText } from '../messages/outcome';
import {
	classifyAnswer,
	postJson,
	workerAnswer,
	type ContactAnswer,
	type SendOptions,
} from '../messages/send';
import { PICKUP_OUTBOX } from '../pwa/outbox';
import { tokenOfLink } from './customer-link';
import { lineKey } from './list';
import { PICKUP_FIELDS, type PickupErrors } from './form';
import type { PickupAccepted, PickupItemInput, PickupRequestBody } from './types';

/** What became of a reservation. */
export type PickupSendOutcome =
	/** Stored by the server: its pickup code and what became of its e-mails. */
	| { kind: 'sent'; accepted: PickupAccepted }
	/** Queued by the service worker: it reports once sent. */
	| { kind: 'queued' }
	/** The request failed with the phone offline: the page sends it again once online. */
	| { kind: 'offline' }
	/** Refused or not reached: the toast's reason, and the errors of a 422 when it names any. */
	| { kind: 'failed'; reason: string; errors: PickupErrors | null };

/** Said when the reservation could not leave the phone and will be sent once it is online. */
export const PICKUP_OFFLINE_TOAST: ToastText = {
	title: 'Sei offline',
	description: 'La prenotazione è salvata e verrà inviata appena torna la connessione.',
};

/** A pickup code as the page shows it: letters and digits (6 from the server). */
const CODE = /^[A-Za-z0-9-]{4,16}$/;

/** Said when a success answer has no pickup code (not the server's answer, say a proxy's). */
export const NO_CODE_ERROR = 'la risposta del server non contiene il codice di ritiro. Riprova.';

/** The accepted reservation of a success answer's body; null when it has no pickup code. */
export function readAccepted(body: unknown): PickupAccepted | null {
	if (typeof body !== 'object' || body === null) return null;
	const record = body as Record<string, unknown>;
	const code = record['code'];
	if (typeof code !== 'string' || !CODE.test(code)) return null;
	const id = record['id'];
	const link = tokenOfLink(record['link']);
	return {
		ok: true,
		id: typeof id === 'number' && Number.isSafeInteger(id) ? id : 0,
		code,
		emailStatus: readEmailStatus(record['emailStatus']),
		duplicate: record['duplicate'] === true,
		...(link ? { link: record['link'] as string } : {}),
	};
}

/**
 * The errors a 422 names: its fields (those of the contract only), and its items, each on the
 * line of the product and variant it names (or, failing that, of its position in what was sent).
 * Null when it names none.
 */
export function readRefusal(body: unknown, sent: readonly PickupItemInput[]): PickupErrors | null {
	if (typeof body !== 'object' || body === null) return null;
	const { fields, items } = body as { fields?: unknown; items?: unknown };
	const errors: PickupErrors = { fields: {}, lines: {} };
	if (typeof fields === 'object' && fields !== null) {
		for (const field of PICKUP_FIELDS) {
			const message = (fields as Record<string, unknown>)[field];
			if (typeof message === 'string') errors.fields[field] = message;
		}
	}
	for (const item of Array.isArray(items) ? (items as unknown[]) : []) {
		if (typeof item !== 'object' || item === null) continue;
		const { index, productId, variantId, error } = item as Record<string, unknown>;
		if (typeof error !== 'string') continue;
		const named =
			typeof productId === 'string' && typeof variantId === 'string'
				? { productId, variantId }
				: typeof index === 'number'
					? sent[index]
					: undefined;
		if (named) errors.lines[lineKey(named)] = error;
	}
	const any = Object.keys(errors.fields).length > 0 || Object.keys(errors.lines).length > 0;
	return any ? errors : null;
}

/**
 * What an answer means, read as the contact form reads its own (`classifyAnswer`: queued by the
 * service worker, refused with its reason) and then: the 422's errors, or the pickup code.
 */
export function classifyPickupAnswer(
	answer: Pick<ContactAnswer, 'ok' | 'status' | 'statusText'>,
	body: unknown,
	sent: readonly PickupItemInput[],
): PickupSendOutcome {
	const outcome = classifyAnswer(answer, body);
	if (outcome.kind === 'failed') {
		return { kind: 'failed', reason: outcome.reason, errors: readRefusal(body, sent) };
	}
	if (outcome.kind !== 'sent') return outcome;
	const accepted = readAccepted(body);
	return accepted
		? { kind: 'sent', accepted }
		: { kind: 'failed', reason: NO_CODE_ERROR, errors: null };
}

/** Posts a reservation as JSON and says what became of it. Never throws. */
export async function sendPickup(
	body: PickupRequestBody,
	options: SendOptions,
): Promise<PickupSendOutcome> {
	const posted = await postJson(PICKUP_OUTBOX.path, JSON.stringify(body), options);
	if (posted.kind === 'offline') return posted;
	if (posted.kind === 'failed') return { ...posted, errors: null };
	return classifyPickupAnswer(posted.answer, posted.body, body.items);
}

/**
 * The service worker's word on a reservation it queued and has now sent: accepted with its
 * code, or refused with the reason; null for any other message.
 */
export function pickupWorkerOutcome(
	data: unknown,
): { kind: 'sent'; value: PickupAccepted } | { kind: 'failed'; reason: string } | null {
	const answer = workerAnswer(data, PICKUP_OUTBOX.sent);
	if (!answer) return null;
	const accepted = answer.ok ? readAccepted(answer.body) : null;
	if (accepted) return { kind: 'sent', value: accepted };
	return {
		kind: 'failed',
		reason: answer.ok ? NO_CODE_ERROR : failureReason(0, '', answer.body),
	};
}
