/**
 * The customer's link as the service offers it (src/server/contact/service.ts): the reservation
 * a token opens, and its cancelling by the customer. A token that opens nothing counts against
 * its sender's allowance of misses: a link that works is never slowed down, and guessing is
 * (past the allowance a wrong token answers 429, until time has refilled it).
 */
import { isCustomerToken } from '../../lib/pickup/customer-link';
import { RateLimiter } from '../contact/rate-limit';
import type { CustomerCancel, CustomerReservation } from './store';
import { hashCustomerToken } from './token';

/** Wrong tokens one address may send per minute before it has to wait. */
export const MISSES_PER_MINUTE = 10;

/** What opening a link found. */
export type OpenResult =
	| { kind: 'found'; reservation: CustomerReservation }
	| { kind: 'not-found' }
	| { kind: 'too-many'; retryAfterSeconds: number };

/** What the store offers the links. */
export interface CustomerLinkStore {
	customerReservation(tokenHash: string): CustomerReservation | null;
	cancelByCustomer(tokenHash: string, fromVersion: number | null): CustomerCancel;
}

/** What cancelling from a link did. */
export type CancelResult = CustomerCancel | { kind: 'too-many'; retryAfterSeconds: number };

/** The customer's links of one process. */
export interface CustomerLinks {
	/** The reservation a token opens, for the visitor at `address`. */
	open(token: string, address: string): OpenResult;
	/**
	 * Cancels the reservation a token opens, from the version the customer saw (null: whatever
	 * it is now), for the visitor at `address`.
	 */
	cancel(token: string, address: string, fromVersion: number | null): CancelResult;
}

/** Options of createCustomerLinks. */
export interface CustomerLinkOptions {
	now?: () => number;
	/** Wrong tokens per minute and address; 0 turns the limit off. */
	missesPerMinute?: number;
}

export function createCustomerLinks(
	store: CustomerLinkStore,
	{ now = Date.now, missesPerMinute = MISSES_PER_MINUTE }: CustomerLinkOptions = {},
): CustomerLinks {
	const misses = new RateLimiter(missesPerMinute, now);
	/** A wrong token: counted, and answered not-found until the allowance is used up. */
	function miss(address: string): { kind: 'not-found' } | OpenResult {
		const decision = misses.take(address);
		return decision.allowed
			? { kind: 'not-found' }
			: { kind: 'too-many', retryAfterSeconds: decision.retryAfterSeconds };
	}
	return {
		open(token, address) {
			const reservation = isCustomerToken(token)
				? store.customerReservation(hashCustomerToken(token))
				: null;
			return reservation ? { kind: 'found', reservation } : miss(address);
		},
		cancel(token, address, fromVersion) {
			if (!isCustomerToken(token)) return miss(address) as CancelResult;
			const result = store.cancelByCustomer(hashCustomerToken(token), fromVersion);
			return result.kind === 'not-found' ? (miss(address) as CancelResult) : result;
		},
	};
}
