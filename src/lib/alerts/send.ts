/**
 * Sending the form 'Avvisami' from the browser (docs/alerts.md): the JSON request to POST
 * /api/avvisi and what its answer means. Offline, nothing is sent and nothing is kept for later:
 * the visitor is told, and the form stays as it was. Pure but for the `fetch` it is given.
 */
import type { AlertErrors } from './rules';

/** The form's action: it also works before the island has hydrated. */
export const ALERT_ENDPOINT = '/api/avvisi';

/** Longest wait for the answer. */
const TIMEOUT_MS = 15_000;

/** What the island does with the answer. */
export type AlertOutcome =
	| { kind: 'sent' }
	| { kind: 'offline' }
	| { kind: 'invalid'; errors: AlertErrors }
	| { kind: 'failed'; message: string };

/** The part of a fetch Response that is read. */
export interface AlertAnswer {
	ok: boolean;
	status: number;
	text(): Promise<string>;
}

export type AlertFetch = (url: string, init: RequestInit) => Promise<AlertAnswer>;

/** What the visitor reads for each outcome. */
export const ALERT_OUTCOME_TEXTS = Object.freeze({
	sent: 'Ti abbiamo scritto: apri il link nell’email per confermare la richiesta.',
	offline: 'Sei offline: la richiesta non è stata inviata. Riprova quando sei di nuovo connesso.',
	failed: 'Non è stato possibile inviare la richiesta. Riprova tra qualche minuto.',
});

/** Posts the form's fields; never throws. */
export async function sendAlertRequest(
	fetchImpl: AlertFetch,
	fields: Record<string, string | boolean>,
	online: boolean,
): Promise<AlertOutcome> {
	if (!online) return { kind: 'offline' };
	let answer: AlertAnswer;
	try {
		answer = await fetchImpl(ALERT_ENDPOINT, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
			body: JSON.stringify(fields),
			signal: AbortSignal.timeout(TIMEOUT_MS),
		});
	} catch {
		return { kind: 'offline' };
	}
	if (answer.ok) return { kind: 'sent' };
	let body: { error?: unknown; fields?: unknown } = {};
	try {
		body = JSON.parse(await answer.text()) as typeof body;
	} catch {
		// Not JSON: a proxy's page.
	}
	if (answer.status === 422 && typeof body.fields === 'object' && body.fields !== null) {
		return { kind: 'invalid', errors: body.fields };
	}
	return {
		kind: 'failed',
		message: typeof body.error === 'string' ? body.error : ALERT_OUTCOME_TEXTS.failed,
	};
}
