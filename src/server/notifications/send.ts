/**
 * One push to one device. The `web-push` library does what must not be hand-written: the
 * VAPID signature (a JWT signed with the server's private key) and the payload's encryption for
 * the device (RFC 8291, aes128gcm). The request it describes is sent here with Node's fetch,
 * with a timeout of our own, so that the outcome is classified the outbox's way (at most once):
 *
 * - 2xx: sent;
 * - 404, 410: the push service no longer knows the device: its subscription is dropped;
 * - 429, 5xx, or no connection at all (refused, no such host): not taken, tried again;
 * - another 4xx: refused for good (a key the service does not accept): given up;
 * - anything else (a timeout, a connection cut mid-request): the service may have taken it, so
 *   it is never sent again ('interrupted').
 */
import webPush from 'web-push';
import type { ReservationPing } from '../../lib/notifications/ping';
import type { VapidKeys } from './keys';
import type { PushSubscriptionInput } from './store';

/** What became of one push. */
export type PushOutcome =
	| { kind: 'sent' }
	| { kind: 'gone'; status: number }
	| { kind: 'retry'; error: string }
	| { kind: 'refused'; error: string }
	| { kind: 'uncertain'; error: string };

/** Seconds a push service keeps a ping for a device that is off: a day. */
export const PUSH_TTL_SECONDS = 86_400;

/** Errors of a connection that never carried the request. */
const NOT_CONNECTED = new Set([
	'ECONNREFUSED',
	'ENOTFOUND',
	'EAI_AGAIN',
	'ENETUNREACH',
	'EHOSTUNREACH',
]);

/** The code of a fetch failure's cause (undici puts the socket's error there). */
function causeCode(error: unknown): string | undefined {
	const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
	return typeof cause?.code === 'string' ? cause.code : undefined;
}

/** Sends `ping` to one device, signed with `keys`, and says what became of it. Never throws. */
export async function sendPush(
	subscription: PushSubscriptionInput,
	ping: ReservationPing,
	keys: VapidKeys,
	options: { subject: string; timeoutMs: number },
): Promise<PushOutcome> {
	let details: webPush.RequestDetails;
	try {
		details = webPush.generateRequestDetails(subscription, JSON.stringify(ping), {
			vapidDetails: { subject: options.subject, ...keys },
			TTL: PUSH_TTL_SECONDS,
			urgency: 'high',
			contentEncoding: 'aes128gcm',
		});
	} catch (error) {
		// Keys the library cannot encrypt for: this device can never be reached.
		return { kind: 'refused', error: error instanceof Error ? error.message : String(error) };
	}
	const headers = Object.fromEntries(
		Object.entries(details.headers).map(([name, value]) => [name, String(value)]),
	);
	let response: Response;
	try {
		response = await fetch(details.endpoint, {
			method: 'POST',
			headers,
			body: details.body ? new Uint8Array(details.body) : null,
			redirect: 'manual',
			signal: AbortSignal.timeout(options.timeoutMs),
		});
	} catch (error) {
		const code = causeCode(error);
		if (code && NOT_CONNECTED.has(code)) return { kind: 'retry', error: code };
		const name = (error as { name?: string } | null)?.name;
		return {
			kind: 'uncertain',
			error: name === 'TimeoutError' ? 'timeout' : (code ?? String(error)),
		};
	}
	await response.body?.cancel().catch(() => undefined);
	const { status } = response;
	if (status >= 200 && status < 300) return { kind: 'sent' };
	if (status === 404 || status === 410) return { kind: 'gone', status };
	if (status === 429 || status >= 500) return { kind: 'retry', error: `HTTP ${status}` };
	return { kind: 'refused', error: `HTTP ${status}` };
}
