/**
 * Web Push's settings, read from environment variables (docs/push.md), and the rule for
 * the push service's address a device may give. A malformed value stops the server at start-up
 * with the variable's name. Pure.
 *
 * - PUSH_TIMEOUT_MS (10000): how long one push may take before it counts as sent or not, unknown
 *   ('interrupted', never sent again).
 * - PUSH_ALLOW_LOOPBACK_HTTP (unset): `1` also accepts a push service at plain http on the
 *   loopback (http://127.0.0.1:<port>/…, http://[::1]…, http://localhost…), which the tests run
 *   on the machine. Browsers' push services are all https; the server refuses to start with it
 *   when PUBLIC_ORIGIN is an https address (production).
 */
import type { Env } from '../core/config';
import type { RetryPolicy } from '../core/backoff';

export interface PushSettings {
	timeoutMs: number;
	allowLoopbackHttp: boolean;
	/** The VAPID subject the push services may write to: PUBLIC_ORIGIN (https) or SHOP_EMAIL. */
	subject: string;
	/** Retries of a push the service did not take: 30 s, 1 min, 2, 4, 8, then given up. */
	retry: RetryPolicy;
	/** How long a claimed push may stay 'sending' before it counts as interrupted. */
	leaseMs: number;
}

/** A ping is worth little late: five attempts over about a quarter of an hour. */
export const PUSH_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
	baseDelayMs: 30_000,
	maxDelayMs: 8 * 60_000,
	maxAttempts: 5,
});

export const DEFAULT_PUSH_TIMEOUT_MS = 10_000;

/** The settings of Web Push from the environment. */
export function pushSettingsFromEnv(env: Env): PushSettings {
	const rawTimeout = env['PUSH_TIMEOUT_MS']?.trim();
	const timeoutMs = rawTimeout ? Number(rawTimeout) : DEFAULT_PUSH_TIMEOUT_MS;
	if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 100) {
		throw new Error(
			`PUSH_TIMEOUT_MS must be a whole number of ms, 100 or more (got "${rawTimeout}").`,
		);
	}
	const rawLoopback = env['PUSH_ALLOW_LOOPBACK_HTTP']?.trim() ?? '';
	if (!['', '0', '1'].includes(rawLoopback)) {
		throw new Error(`PUSH_ALLOW_LOOPBACK_HTTP must be 1 or unset (got "${rawLoopback}").`);
	}
	const publicOrigin = env['PUBLIC_ORIGIN']?.trim() ?? '';
	const allowLoopbackHttp = rawLoopback === '1';
	if (allowLoopbackHttp && publicOrigin.startsWith('https://')) {
		throw new Error(
			'PUSH_ALLOW_LOOPBACK_HTTP is for tests on this machine: it cannot be set with an https PUBLIC_ORIGIN.',
		);
	}
	const shopEmail = env['SHOP_EMAIL']?.trim();
	const subject = publicOrigin.startsWith('https://')
		? publicOrigin
		: shopEmail
			? `mailto:${shopEmail}`
			: 'mailto:gestione@localhost';
	return { timeoutMs, allowLoopbackHttp, subject, retry: PUSH_RETRY_POLICY, leaseMs: 10 * 60_000 };
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** Whether a device's push service address is acceptable: https, or http on the loopback in tests. */
export function isAllowedEndpoint(endpoint: string, allowLoopbackHttp: boolean): boolean {
	let url: URL;
	try {
		url = new URL(endpoint);
	} catch {
		return false;
	}
	if (url.username || url.password) return false;
	if (url.protocol === 'https:') return true;
	return allowLoopbackHttp && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}
