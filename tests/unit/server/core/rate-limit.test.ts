import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../../../src/server/core/rate-limit';

/** A clock the test moves by hand. */
function clock(start = 0) {
	let now = start;
	return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe('rate limit', () => {
	it('allows a burst of N per address, then says how long to wait', () => {
		const time = clock();
		const limiter = new RateLimiter(5, time.now);
		for (let i = 0; i < 5; i++) expect(limiter.take('1.2.3.4')).toEqual({ allowed: true });
		expect(limiter.take('1.2.3.4')).toEqual({ allowed: false, retryAfterSeconds: 12 });
		expect(limiter.take('5.6.7.8')).toEqual({ allowed: true });
	});

	it.each([
		[11_999, false],
		[12_000, true],
	])('refills one message every 60/N seconds: after %i ms allowed = %s', (wait, allowed) => {
		const time = clock();
		const limiter = new RateLimiter(5, time.now);
		for (let i = 0; i < 5; i++) limiter.take('a');
		time.advance(wait);
		expect(limiter.take('a').allowed).toBe(allowed);
	});

	it('never allows more than N after a long pause', () => {
		const time = clock();
		const limiter = new RateLimiter(2, time.now);
		time.advance(3_600_000);
		expect([limiter.take('a'), limiter.take('a'), limiter.take('a')].map((d) => d.allowed)).toEqual(
			[true, true, false],
		);
	});

	it('Retry-After is at least one second', () => {
		const time = clock();
		const limiter = new RateLimiter(600, time.now);
		for (let i = 0; i < 600; i++) limiter.take('a');
		expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
	});

	it('0 turns the limit off', () => {
		const limiter = new RateLimiter(0);
		for (let i = 0; i < 100; i++) expect(limiter.take('a').allowed).toBe(true);
		expect(limiter.size).toBe(0);
	});

	it('forgets addresses whose allowance is full again when there are very many', () => {
		const time = clock();
		const limiter = new RateLimiter(5, time.now);
		for (let i = 0; i < 10_001; i++) limiter.take(`10.0.${i >> 8}.${i & 255}`);
		time.advance(60_000);
		limiter.take('last');
		expect(limiter.size).toBe(1);
	});
});
