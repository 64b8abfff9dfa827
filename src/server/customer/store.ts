/**
 * The customer's link in the messages database: the hash of a reservation's own token (stored
 * with the reservation) and of each confirmation e-mail's (stored with the e-mail, drawn anew at
 * each attempt), finding the reservation a token opens, and reading it as the customer's page
 * shows it. Functions of an open database, called by ContactStore (src/server/contact/store.ts).
 */
import type Database from 'better-sqlite3';
import { reservationsForEmail } from '../pickup/store';
import type { ReservationForEmail } from '../pickup/email-text';

/** A reservation as its customer's page shows it. */
export interface CustomerReservation extends ReservationForEmail {
	shopId: string;
	/** The stored status ('held', 'ready', 'collected', 'cancelled', 'not_collected'). */
	status: string;
	/** The last day ("YYYY-MM-DD") the shop holds the pieces. */
	heldThrough: string;
	/** Changes made so far: a change names the version it was made from. */
	version: number;
}

/** The columns a customer's page needs besides those of the e-mails. */
interface StateRow {
	id: number;
	shop_id: string;
	status: string;
	held_through: string | null;
	version?: number | null;
}

/**
 * The id of the reservation a token's hash opens: its own token, or the token of one of its
 * confirmation e-mails; null for a hash no reservation has.
 */
export function reservationIdOfToken(db: Database.Database, tokenHash: string): number | null {
	const row = db
		.prepare(
			`SELECT id FROM reservations WHERE customer_token_hash = @hash
			 UNION ALL
			 SELECT reservation_id AS id FROM emails
			 WHERE customer_token_hash = @hash AND reservation_id IS NOT NULL
			 LIMIT 1`,
		)
		.get({ hash: tokenHash }) as { id: number } | undefined;
	return row?.id ?? null;
}

/** The reservation of this id as its customer's page shows it, or null. */
export function customerReservation(
	db: Database.Database,
	reservationId: number,
): CustomerReservation | null {
	const reservation = reservationsForEmail(db, [reservationId]).get(reservationId);
	// SELECT *: the version column comes with the reservation states' migration.
	const state = db.prepare('SELECT * FROM reservations WHERE id = ?').get(reservationId) as
		StateRow | undefined;
	if (!reservation || !state) return null;
	return {
		...reservation,
		shopId: state.shop_id,
		status: state.status,
		heldThrough: state.held_through ?? reservation.day,
		version: state.version ?? 0,
	};
}

/**
 * Records the hash of the token a confirmation e-mail is about to carry, replacing the one of
 * an earlier attempt (which never reached anyone: an attempt that may have is never repeated).
 * Only while the e-mail is claimed by `claimedBy`; false when it is not.
 */
export function setEmailToken(
	db: Database.Database,
	emailId: number,
	claimedBy: string,
	tokenHash: string,
): boolean {
	const { changes } = db
		.prepare(
			`UPDATE emails SET customer_token_hash = ?
			 WHERE id = ? AND status = 'sending' AND claimed_by = ?`,
		)
		.run(tokenHash, emailId, claimedBy);
	return changes === 1;
}

/** What a customer's cancel did. */
export type CustomerCancel =
	| { kind: 'cancelled'; reservation: CustomerReservation }
	| { kind: 'not-found' }
	/** The reservation is in a state that cannot be cancelled (final). */
	| { kind: 'not-allowed'; status: string }
	/** The reservation changed since the version the customer saw. */
	| { kind: 'conflict'; status: string };

/**
 * Cancels a reservation for its customer, from the version the customer saw, in one IMMEDIATE
 * transaction: only while it is held or ready.
 */
export function cancelByCustomer(
	db: Database.Database,
	reservationId: number,
	fromVersion: number | null,
): CustomerCancel {
	const cancel = db.transaction((): CustomerCancel => {
		const before = customerReservation(db, reservationId);
		if (!before) return { kind: 'not-found' };
		if (before.status !== 'held' && before.status !== 'ready') {
			return { kind: 'not-allowed', status: before.status };
		}
		if (fromVersion !== null && fromVersion !== before.version) {
			return { kind: 'conflict', status: before.status };
		}
		db.prepare(`UPDATE reservations SET status = 'cancelled' WHERE id = ?`).run(reservationId);
		const after = customerReservation(db, reservationId);
		return after ? { kind: 'cancelled', reservation: after } : { kind: 'not-found' };
	});
	return cancel.immediate();
}
