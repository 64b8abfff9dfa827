/**
 * The reservations, as the rest of the server sees them: the visitor's POST and the pieces still
 * free (http.ts, availability.ts, service.ts, store.ts; hold-store.ts: held stock), the desk's changes of state
 * (status-store.ts, desk-service.ts, desk.ts; the undo of 'Pronta'), what staff read
 * (staff-store.ts) and the morning's pick list (pick-list.ts), the customer's
 * link (customer-*.ts), their e-mails, the views of their pages (view.ts, customer-page.ts) and
 * their tables (migrations.ts). Every other folder asks through this face.
 */
import type { SubmissionDesk } from '../core/service';
import type { PickupCatalogue } from './catalogue';
import { createCustomerService, type CustomerService } from './customer-service';
import { createReservationDeskService, type ReservationDeskService } from './desk-service';
import { createPickListService, type PickListService } from './pick-list-store';
import { createPickupService, type PickupService } from './service';

export { RESERVATIONS } from './kind';
export {
	RESERVATION_STATES,
	RESERVATIONS_CUSTOMER_LINK,
	RESERVATIONS_HELD_STOCK,
	RESERVATIONS_TABLES,
} from './migrations';
export { filePickupCatalogue, httpPickupCatalogue, type PickupCatalogue } from './catalogue';
export { handlePickupPost, PICKUP_PAGE } from './http';
/** The pieces reservations hold, as the stock ledger's facade wiring reads them. */
export { heldPieces, openHolds } from './hold-store';
export { AVAILABILITY_ERRORS, handleAvailability } from './availability-http';
export { actionAnswer, detailAnswer, listAnswer } from './desk-http';
export {
	handleCustomerPage,
	PRIVATE_PAGE_HEADERS,
	type CustomerPageView,
} from './customer-page-http';
export {
	deskListView,
	reservationPageView,
	type DeskListPage,
	type PageAnswer,
	type ReservationPage,
	type ReservationView,
} from './view';
export type { PickDayLink, PickListView } from './pick-list-store';
export { pickListPageView, type PickListPage } from './pick-list-view';

/* What a staff device's ping (src/server/notifications/, wired by the facade) says of one. */
export { reservationPingContents, type ReservationPingContent } from './ping-reads';
/* What l'andamento (src/server/reports/) reads of the reservations. */
export {
	reservationOutcomes,
	reservationsMade,
	type MadeReservation,
	type ReservationOutcome,
} from './report-reads';

/**
 * The reservations' service, as pages and routes reach it
 * (`Astro.locals.services.reservations`).
 */
export interface ReservationsService
	extends PickupService, ReservationDeskService, CustomerService, PickListService {
	/** The company name of the build served: it signs the answers' pages. */
	readonly companyName: string;
}

/** The reservations' service, on the core's desk, checked against the build's `pickup`. */
export function createReservationsService(
	desk: SubmissionDesk,
	pickup: PickupCatalogue,
	log?: Pick<Console, 'log'>,
	notifications?: Parameters<typeof createPickupService>[2],
): ReservationsService {
	const changes = createReservationDeskService(desk, log);
	return {
		companyName: desk.config.companyName,
		...createPickupService(desk, pickup, notifications),
		...changes,
		...createCustomerService(desk, changes),
		...createPickListService(desk, pickup.settings),
	};
}
