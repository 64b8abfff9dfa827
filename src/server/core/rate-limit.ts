/**
 * At most N messages per minute from one address (a token bucket per address: N tokens, refilled
 * continuously at N per minute, so a burst of N is allowed and then one every 60/N seconds). In
 * memory, per process: it slows down a flood, it is not an account quota. Pure; the clock is
 * passed in.
 */

/** The answer for one message. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Bucket {
	tokens: number;
	updatedAt: number;
}

const MINUTE = 60_000;
/** Above this many addresses, the ones whose bucket is full again are forgotten. */
const PRUNE_ABOVE = 10_000;

/** Counts messages per address. */
export class RateLimiter {
	readonly #limit: number;
	readonly #now: () => number;
	readonly #buckets = new Map<string, Bucket>();
	#prunedAt = 0;

	/** `limitPerMinute` 0 (or less) turns the limit off. */
	constructor(limitPerMinute: number, now: () => number = Date.now) {
		this.#limit = limitPerMinute;
		this.#now = now;
	}

	/** Takes one message from the address's allowance, or says how long to wait. */
	take(key: string): RateDecision {
		if (this.#limit <= 0) return { allowed: true };
		const now = this.#now();
		const bucket = this.#refill(this.#buckets.get(key), now);
		if (bucket.tokens >= 1) {
			bucket.tokens -= 1;
			this.#buckets.set(key, bucket);
			if (this.#buckets.size > PRUNE_ABOVE && now - this.#prunedAt >= MINUTE) this.#prune(now);
			return { allowed: true };
		}
		this.#buckets.set(key, bucket);
		const waitMs = ((1 - bucket.tokens) * MINUTE) / this.#limit;
		return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
	}

	/** Addresses currently remembered (for tests). */
	get size(): number {
		return this.#buckets.size;
	}

	#refill(bucket: Bucket | undefined, now: number): Bucket {
		if (!bucket) return { tokens: this.#limit, updatedAt: now };
		const elapsed = Math.max(0, now - bucket.updatedAt);
		const tokens = Math.min(this.#limit, bucket.tokens + (elapsed * this.#limit) / MINUTE);
		return { tokens, updatedAt: now };
	}

	#prune(now: number): void {
		this.#prunedAt = now;
		for (const [key, bucket] of this.#buckets) {
			if (this.#refill(bucket, now).tokens >= this.#limit) this.#buckets.delete(key);
		}
	}
}
