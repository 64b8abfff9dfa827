/**
 * The customer's link in a reservation's confirmation e-mail. The token is drawn just before
 * each attempt and only its hash is stored, with the e-mail: a retry draws a new one (the
 * attempt before it never reached anyone, or it would not be retried), and a copy of the
 * database holds no link that works. The `prepare` of the confirmation's declaration
 * (src/server/reservations/read-store.ts, RESERVATION_OWNER).
 */
import type Database from 'better-sqlite3';
import { customerLinkPath } from '../../lib/reservations/customer-link';
import { SITE_ORIGIN } from '../../lib/site-origin';
import type { ReservationForEmail } from './email-text';
import type { EmailAttemptContext } from '../core/kind';
import { hashCustomerToken, newCustomerToken } from './customer-token';

/**
 * The reservation with its customer's link, the token's hash stored with the e-mail; as it
 * is when the e-mail is no longer claimed by this process (nothing to send then).
 */
export function withCustomerLink(
	reservation: ReservationForEmail,
	{ db, emailId, claimedBy, settings }: EmailAttemptContext,
): ReservationForEmail {
	const token = newCustomerToken();
	if (!setEmailToken(db, emailId, claimedBy, hashCustomerToken(token))) return reservation;
	const origin = settings.linkOrigin ?? SITE_ORIGIN;
	return { ...reservation, customerLink: `${origin}${customerLinkPath(token)}` };
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
