/**
 * One push to one device. The `web-push` library does what must not be hand-written: the
 * VAPID signature (a JWT signed with the server's private key) and the payload's encryption for
 * the device (RFC 8291, aes128gcm). The request it describes is sent here through Node's https
 * with the Agents of connect.ts (which connect to public addresses only) and a timeout of our
 * own, so that the outcome is classified the outbox's way (at most once):
 *
 * - 2xx: sent;
 * - 404, 410: the push service no longer knows the device: its subscription is dropped; so is
 *   a device whose address the rules no longer accept (push-endpoint.ts): it can never be sent to;
 * - an address that is not public (the name resolves to the loopback, a private range…): never
 *   connected to, given up;
 * - 429, 5xx, or no connection at all (refused, no such host): not taken, tried again;
 * - another 4xx or a redirect: refused for good (a key the service does not accept): given up;
 * - anything else (the timeout, a connection cut mid-request): the service may have taken it,
 *   so it is never sent again ('interrupted').
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import webPush from 'web-push';
import {
	checkEndpoint,
	isLoopbackAddress,
	isPublicAddress,
	literalAddress,
	type EndpointRules,
} from '../../lib/notifications/push-endpoint';
import type { ReservationPing } from '../../lib/notifications/ping';
import { pushAgents, REFUSED_ADDRESS } from './connect';
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

/** What sending one push needs besides the push. */
export interface SendOptions {
	subject: string;
	timeoutMs: number;
	rules: EndpointRules;
}

type Answer = { status: number } | { error: NodeJS.ErrnoException | Error };

/**
 * POSTs the request web-push described; resolves with the status or the error, never rejects.
 * Nothing of the request is written before the connection (and its TLS handshake) is up, and
 * `started` is called just before: a stop before that leaves the push due again, a stop after
 * it never sends it again (the outbox's rule).
 */
function post(
	url: URL,
	headers: Record<string, string>,
	body: Buffer | null,
	timeoutMs: number,
	started: () => void,
): Promise<Answer> {
	return new Promise((resolve) => {
		const https = url.protocol === 'https:';
		const options = { method: 'POST', headers, agent: https ? pushAgents.https : pushAgents.http };
		const sent = https ? httpsRequest(url, options) : httpRequest(url, options);
		const timer = setTimeout(() => {
			const error = new Error('timeout');
			error.name = 'TimeoutError';
			sent.destroy(error);
		}, timeoutMs);
		sent.on('response', (response) => {
			clearTimeout(timer);
			response.resume();
			resolve({ status: response.statusCode ?? 0 });
		});
		sent.on('error', (error) => {
			clearTimeout(timer);
			resolve({ error });
		});
		sent.on('socket', (socket) => {
			const write = () => {
				started();
				sent.end(body ?? undefined);
			};
			if (socket.connecting) socket.once(https ? 'secureConnect' : 'connect', write);
			else write();
		});
	});
}

/** Sends `ping` to one device, signed with `keys`, and says what became of it. Never throws. */
export async function sendPush(
	subscription: PushSubscriptionInput,
	ping: ReservationPing,
	keys: VapidKeys,
	options: SendOptions,
	started: () => void = () => undefined,
): Promise<PushOutcome> {
	// Checked again when sending: a device stored under laxer rules is never sent to.
	const verdict = checkEndpoint(subscription.endpoint, options.rules);
	if (!verdict.ok) return { kind: 'gone', status: 0 };
	// An address written out is connected to without a lookup: check it here.
	const literal = literalAddress(verdict.url.hostname);
	if (
		literal !== null &&
		!isPublicAddress(literal) &&
		!(verdict.loopbackLiteral && isLoopbackAddress(literal))
	) {
		return { kind: 'refused', error: `${literal}: not a public address, not connected` };
	}
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
	const answer = await post(verdict.url, headers, details.body ?? null, options.timeoutMs, started);
	if ('error' in answer) {
		const code = (answer.error as NodeJS.ErrnoException).code;
		if (code === REFUSED_ADDRESS) return { kind: 'refused', error: answer.error.message };
		if (code && NOT_CONNECTED.has(code)) return { kind: 'retry', error: code };
		return {
			kind: 'uncertain',
			error: answer.error.name === 'TimeoutError' ? 'timeout' : (code ?? answer.error.message),
		};
	}
	const { status } = answer;
	if (status >= 200 && status < 300) return { kind: 'sent' };
	if (status === 404 || status === 410) return { kind: 'gone', status };
	if (status === 429 || status >= 500) return { kind: 'retry', error: `HTTP ${status}` };
	return { kind: 'refused', error: `HTTP ${status}` };
}
