import { describe, expect, it } from 'vitest';
import {
	DEFAULT_RETRY_POLICY,
	nextAttemptAt,
	retryDelay,
	type RetryPolicy,
} from '../../../../src/server/core/backoff';

const MINUTE = 60_000;
/** Every delay of the policy, in order: what an e-mail that always fails goes through. */
function retrySchedule(policy: RetryPolicy): number[] {
	return Array.from({ length: Math.max(0, policy.maxAttempts - 1) }, (_, index) =>
		retryDelay(index + 1, policy),
	);
}

const policy = { baseDelayMs: 1000, maxDelayMs: 5000, maxAttempts: 5 };

describe('retry backoff', () => {
	it.each([
		[1, 1000],
		[2, 2000],
		[3, 4000],
		[4, 5000],
		[10, 5000],
		[1000, 5000],
	])('after %i failure(s) waits %i ms', (failures, delay) => {
		expect(retryDelay(failures, policy)).toBe(delay);
	});

	it.each([
		[1, 11_000],
		[4, 15_000],
		[5, null],
		[6, null],
	])('after %i failure(s) the next attempt is at %j', (failures, expected) => {
		expect(nextAttemptAt(failures, 10_000, policy)).toBe(expected);
	});

	it('by default doubles from 1 minute up to 6 hours, ten attempts in all', () => {
		expect(retrySchedule(DEFAULT_RETRY_POLICY).map((delay) => delay / MINUTE)).toEqual([
			1, 2, 4, 8, 16, 32, 64, 128, 256,
		]);
		expect(retryDelay(50, DEFAULT_RETRY_POLICY)).toBe(360 * MINUTE);
	});

	it('a single attempt means no retry', () => {
		expect(retrySchedule({ ...policy, maxAttempts: 1 })).toEqual([]);
		expect(nextAttemptAt(1, 0, { ...policy, maxAttempts: 1 })).toBeNull();
	});
});
