/**
 * The customer's link in the messages database: the hash of a reservation's own token (stored
 * with the reservation) and of each confirmation e-mail's (stored with the e-mail, drawn anew at
 * each attempt), finding the reservation a token opens, and reading it as the customer's page
 * shows it. Functions of an open database, called by ContactStore (src/server/messages/store.ts).
 */
import type Database from 'better-sqlite3';
import { effectiveStatus, type ReservationStatus } from '../../lib/reservations/status';
import { reservationsForEmail } from './read-store';
import type { ReservationForEmail } from './email-text';

/** A reservation as its customer's page shows it. */
export interface CustomerReservation extends ReservationForEmail {
	shopId: string;
	/** The state as of now: a hold that has ended reads 'not_collected' before the pass stores it. */
	status: ReservationStatus;
	/** The last day ("YYYY-MM-DD") the shop holds the pieces. */
	heldThrough: string;
	/** Changes made so far: a change names the version it was made from. */
	version: number;
}

/** The columns a customer's page needs besides those of the e-mails. */
interface StateRow {
	id: number;
	shop_id: string;
	status: ReservationStatus;
	held_through: string | null;
	version: number;
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

/** The reservation of this id as its customer's page shows it at `now`, or null. */
export function customerReservation(
	db: Database.Database,
	reservationId: number,
	now: Date,
): CustomerReservation | null {
	const reservation = reservationsForEmail(db, [reservationId]).get(reservationId);
	const state = db
		.prepare('SELECT id, shop_id, status, held_through, version FROM reservations WHERE id = ?')
		.get(reservationId) as StateRow | undefined;
	if (!reservation || !state) return null;
	const heldThrough = state.held_through ?? reservation.day;
	return {
		...reservation,
		shopId: state.shop_id,
		status: effectiveStatus(state.status, heldThrough, now),
		heldThrough,
		version: state.version,
	};
}
