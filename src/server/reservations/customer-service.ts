/**
 * The customer's link as part of the service (App.Locals['contact'], put together in
 * src/server/services/index.ts): the reservation a token opens, read as of now, and its cancelling
 * through the reservations' one change of state (src/server/reservations/desk-service.ts), which
 * stores the change, its event and the shop's e-mail together and sends the e-mail.
 */
import type { ReservationDeskService } from './desk-service';
import type { SubmissionDesk } from '../core/service';
import { createCustomerLinks, type CustomerLinks } from './customer-links';
import { customerReservation, reservationIdOfToken } from './customer-store';

/** The customer's part of the service. */
export interface CustomerService {
	/** The customer's link: the reservation a token opens, and its cancelling. */
	readonly customer: CustomerLinks;
}

/** The customer's links, on the core's desk and the reservations' changes of state. */
export function createCustomerService(
	desk: SubmissionDesk,
	reservations: Pick<ReservationDeskService, 'changeReservation'>,
): CustomerService {
	const { db } = desk.store;
	return {
		customer: createCustomerLinks(
			{
				find(tokenHash) {
					const id = reservationIdOfToken(db, tokenHash);
					return id === null ? null : customerReservation(db, id, new Date(desk.now()));
				},
				cancel: (reservationId, fromVersion, reason) =>
					reservations.changeReservation({
						reservationId,
						to: 'cancelled',
						actor: 'customer',
						fromVersion: fromVersion ?? undefined,
						reason,
					}),
			},
			{ now: desk.now },
		),
	};
}
