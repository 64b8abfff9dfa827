/**
 * Web Push's settings, read from environment variables (docs/push.md, docs/operations.md). A
 * malformed value stops the server at start-up with the variable's name. Pure.
 *
 * - PUSH_SERVICE_HOSTS (the browsers' push services, DEFAULT_PUSH_SERVICE_HOSTS): the hosts a
 *   device's push service may be on, comma-separated, `*.` for any name below one. Whatever it
 *   says, a push is sent over https to the default port of a name that resolves to public
 *   addresses only (src/lib/notifications/push-endpoint.ts).
 * - PUSH_TIMEOUT_MS (5000): how long one push may take before it counts as sent or not, unknown
 *   ('interrupted', never sent again). Pushes are sent side by side, so one device's slow push
 *   service delays no other.
 * - PUSH_ALLOW_LOOPBACK_HTTP (unset): `1` is for tests on this machine: a push service at plain
 *   http on the loopback written as an address (http://127.0.0.1:<port>/…, http://[::1]…), and
 *   any port on an allowlisted host. The server refuses to start with it when PUBLIC_ORIGIN is
 *   an https address (production), and warns at start when it is on.
 */
import type { Env } from '../core/config';
import type { RetryPolicy } from '../core/backoff';
import {
	DEFAULT_PUSH_SERVICE_HOSTS,
	parseHostPattern,
	type EndpointRules,
} from '../../lib/notifications/push-endpoint';

export interface PushSettings {
	timeoutMs: number;
	/** Which push services a device may name (the allowlist, and the tests' exception). */
	rules: EndpointRules;
	/** The VAPID subject the push services may write to: PUBLIC_ORIGIN (https) or SHOP_EMAIL. */
	subject: string;
	/** Retries of a push the service did not take: 30 s, 1 min, 2, 4, 8, then given up. */
	retry: RetryPolicy;
	/** How long a claimed push may stay 'sending' before it counts as interrupted. */
	leaseMs: number;
	/** Pushes under way at once, at most; each has its own timeout, none waits behind another. */
	maxInFlight: number;
	/** What the start-up log must say about these settings (a weakened rule is never silent). */
	warnings: string[];
}

/** A ping is worth little late: five attempts over about a quarter of an hour. */
export const PUSH_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
	baseDelayMs: 30_000,
	maxDelayMs: 8 * 60_000,
	maxAttempts: 5,
});

/** A push service answers in well under a second; past a few, the ping is late anyway. */
export const DEFAULT_PUSH_TIMEOUT_MS = 5_000;

/** The allowlist of PUSH_SERVICE_HOSTS, or the defaults when unset. */
function serviceHosts(env: Env): string[] {
	const raw = env['PUSH_SERVICE_HOSTS']?.trim() ?? '';
	if (!raw) return [...DEFAULT_PUSH_SERVICE_HOSTS];
	return raw
		.split(',')
		.map((entry) => entry.trim())
		.filter((entry) => entry !== '')
		.map((entry) => {
			const pattern = parseHostPattern(entry);
			if (pattern === null) {
				throw new Error(
					`PUSH_SERVICE_HOSTS: "${entry}" is not a host name (e.g. fcm.googleapis.com, *.push.apple.com; no address, port or scheme).`,
				);
			}
			return pattern;
		});
}

/** The settings of Web Push from the environment. */
export function pushSettingsFromEnv(env: Env): PushSettings {
	const rawTimeout = env['PUSH_TIMEOUT_MS']?.trim();
	const timeoutMs = rawTimeout ? Number(rawTimeout) : DEFAULT_PUSH_TIMEOUT_MS;
	if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 60_000) {
		throw new Error(
			`PUSH_TIMEOUT_MS must be a whole number of ms from 100 to 60000 (got "${rawTimeout}").`,
		);
	}
	const rawLoopback = env['PUSH_ALLOW_LOOPBACK_HTTP']?.trim() ?? '';
	if (!['', '0', '1'].includes(rawLoopback)) {
		throw new Error(`PUSH_ALLOW_LOOPBACK_HTTP must be 1 or unset (got "${rawLoopback}").`);
	}
	const publicOrigin = env['PUBLIC_ORIGIN']?.trim() ?? '';
	const testServices = rawLoopback === '1';
	if (testServices && publicOrigin.startsWith('https://')) {
		throw new Error(
			'PUSH_ALLOW_LOOPBACK_HTTP is for tests on this machine: it cannot be set with an https PUBLIC_ORIGIN.',
		);
	}
	const hosts = serviceHosts(env);
	const warnings: string[] = [];
	if (env['PUSH_SERVICE_HOSTS']?.trim()) {
		warnings.push(`Push: PUSH_SERVICE_HOSTS accepts push services at ${hosts.join(', ')}.`);
	}
	if (testServices) {
		warnings.push(
			'Push: PUSH_ALLOW_LOOPBACK_HTTP=1 (tests only): push services on this machine at http://127.0.0.1 and any port are accepted.',
		);
	}
	const shopEmail = env['SHOP_EMAIL']?.trim();
	const subject = publicOrigin.startsWith('https://')
		? publicOrigin
		: shopEmail
			? `mailto:${shopEmail}`
			: 'mailto:gestione@localhost';
	return {
		timeoutMs,
		rules: { hosts, testServices },
		subject,
		retry: PUSH_RETRY_POLICY,
		leaseMs: 10 * 60_000,
		maxInFlight: 16,
		warnings,
	};
}
