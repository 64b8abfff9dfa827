/**
 * The customer's link as the service offers it (src/server/messages/service.ts): the reservation
 * a token opens, and its cancelling by the customer through the one change of state every actor
 * uses (src/server/reservations/status-store.ts: the change, its event and the shop's e-mail in
 * one transaction). A token that opens nothing counts against its sender's allowance of misses:
 * a link that works is never slowed down, and guessing is (past the allowance a wrong token
 * answers 429, until time has refilled it).
 */
import { isCustomerToken } from '../../lib/reservations/customer-link';
import type { ReservationStatus } from '../../lib/reservations/status';
import { RateLimiter } from '../core/rate-limit';
import type { StatusChangeResult } from './status-store';
import type { CustomerReservation } from './customer-store';
import { hashCustomerToken } from './customer-token';

/** Wrong tokens one address may send per minute before it has to wait. */
export const MISSES_PER_MINUTE = 10;

/** Refused past the allowance of wrong tokens. */
export interface TooMany {
	kind: 'too-many';
	retryAfterSeconds: number;
}

/** What opening a link found. */
export type OpenResult =
	{ kind: 'found'; reservation: CustomerReservation } | { kind: 'not-found' } | TooMany;

/** What cancelling from a link did. */
export type CancelResult =
	| { kind: 'cancelled' }
	| { kind: 'not-found' }
	/** The reservation is in a final state. */
	| { kind: 'not-allowed'; status: ReservationStatus }
	/** The reservation changed since the version the customer saw. */
	| { kind: 'conflict'; status: ReservationStatus }
	| TooMany;

/** What the links need of the service. */
export interface CustomerLinkDeps {
	/** The reservation a token's hash opens, as of now; null for none. */
	find(tokenHash: string): CustomerReservation | null;
	/** Cancels a reservation for its customer (fromVersion null: whatever it is now). */
	cancel(
		reservationId: number,
		fromVersion: number | null,
		reason: string | null,
	): StatusChangeResult;
}

/** The customer's links of one process. */
export interface CustomerLinks {
	/** The reservation a token opens, for the visitor at `address`. */
	open(token: string, address: string): OpenResult;
	/**
	 * Cancels the reservation a token opens, from the version the customer saw (null: whatever
	 * it is now), with the customer's optional reason, for the visitor at `address`.
	 */
	cancel(
		token: string,
		address: string,
		fromVersion: number | null,
		reason: string | null,
	): CancelResult;
}

/** Options of createCustomerLinks. */
export interface CustomerLinkOptions {
	now?: () => number;
	/** Wrong tokens per minute and address; 0 turns the limit off. */
	missesPerMinute?: number;
}

export function createCustomerLinks(
	deps: CustomerLinkDeps,
	{ now = Date.now, missesPerMinute = MISSES_PER_MINUTE }: CustomerLinkOptions = {},
): CustomerLinks {
	const misses = new RateLimiter(missesPerMinute, now);
	/** A wrong token: counted, and not found until the allowance is used up. */
	function miss(address: string): { kind: 'not-found' } | TooMany {
		const decision = misses.take(address);
		return decision.allowed
			? { kind: 'not-found' }
			: { kind: 'too-many', retryAfterSeconds: decision.retryAfterSeconds };
	}
	const find = (token: string) =>
		isCustomerToken(token) ? deps.find(hashCustomerToken(token)) : null;
	return {
		open(token, address) {
			const reservation = find(token);
			return reservation ? { kind: 'found', reservation } : miss(address);
		},
		cancel(token, address, fromVersion, reason) {
			const reservation = find(token);
			if (!reservation) return miss(address);
			const result = deps.cancel(reservation.id, fromVersion, reason);
			switch (result.outcome) {
				case 'changed':
					return { kind: 'cancelled' };
				case 'not-found':
					return { kind: 'not-found' };
				case 'conflict':
					return { kind: 'conflict', status: result.status };
				case 'not-allowed':
					return { kind: 'not-allowed', status: result.status };
			}
		},
	};
}
