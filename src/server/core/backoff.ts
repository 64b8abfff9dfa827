/**
 * When a failed e-mail is tried again: the delay doubles after each failed attempt, up to a
 * ceiling, and after the last allowed attempt the e-mail is given up (the message itself stays
 * stored and visible with `npm run messages`). Pure; the defaults suit a small shop, the server
 * tests shorten them through the environment (config.ts).
 */

/** How failed e-mails are retried. */
export interface RetryPolicy {
	/** Delay after the first failed attempt, in milliseconds. */
	baseDelayMs: number;
	/** Longest delay between two attempts, in milliseconds. */
	maxDelayMs: number;
	/** Attempts in all, the first one included; after that many failures the e-mail is given up. */
	maxAttempts: number;
}

/** 1 min, 2, 4, 8… up to 6 h, ten attempts in all: about eight and a half hours of trying. */
export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
	baseDelayMs: 60_000,
	maxDelayMs: 6 * 60 * 60_000,
	maxAttempts: 10,
});

/** The delay before the next attempt, after `failedAttempts` failures (1 or more). */
export function retryDelay(failedAttempts: number, policy: RetryPolicy): number {
	const exponent = Math.max(0, failedAttempts - 1);
	// 2 ** 60 is already far beyond any ceiling; capping the exponent keeps the number finite.
	return Math.min(policy.baseDelayMs * 2 ** Math.min(exponent, 60), policy.maxDelayMs);
}

/** When to try again after `failedAttempts` failures, or null when the e-mail is given up. */
export function nextAttemptAt(
	failedAttempts: number,
	now: number,
	policy: RetryPolicy,
): number | null {
	if (failedAttempts >= policy.maxAttempts) return null;
	return now + retryDelay(failedAttempts, policy);
}
