/**
 * The registry of the kinds of submission, listed once. Adding a kind is its own folder (its
 * checks, rows, e-mails and report, a `kind.ts` declaring them, and a service if it has a
 * route) plus its line here in KINDS and, with a service, its part of SubmissionsService and
 * createContactService (docs/submissions.md). Everything else reads this list: the core
 * (src/server/submissions/: the outbox, retention, the health check), which is handed it and
 * never imports this module; `npm run messages` (scripts/messages.mjs, through
 * script-exports.ts); and each kind's endpoint comes from src/lib/submissions/endpoints.ts,
 * the list the browser's outbox reads.
 */
import { createMessageService, type MessageService } from './contact/service';
import { MESSAGES } from './contact/kind';
import type { PickupCatalogue } from './pickup/catalogue';
import { RESERVATIONS } from './pickup/kind';
import { createPickupService, type PickupService } from './pickup/service';
import { createReservationDeskService, type ReservationDeskService } from './staff-desk/service';
import { createCustomerService, type CustomerService } from './customer/service';
import { STAFF_LINKS } from './staff/link-mail';
import { createStaffMessagesService, type StaffMessagesService } from './staff-messages/service';
import { heldPieces, openHolds } from './pickup/store';
import { createStockService, seedStockFromFile, stockSeedPath, type StockService } from './stock';
import { contactConfigFromEnv, type ContactConfig, type Env } from './submissions/config';
import type { SubmissionKind } from './submissions/kind';
import {
	createSubmissions,
	type ContactServiceOptions,
	type SubmissionsCore,
} from './submissions/service';

/** Every kind, in the order the reports and the outbox meet them. */
export const KINDS: readonly SubmissionKind[] = [MESSAGES, RESERVATIONS, STAFF_LINKS];

/** The service as the routes use it (App.Locals['contact']): the core and each kind's part. */
export type SubmissionsService = SubmissionsCore &
	MessageService &
	PickupService &
	ReservationDeskService &
	CustomerService &
	StaffMessagesService & {
		/** The stock ledger (src/server/stock/): /gestione/magazzino, its API, the CSV. */
		stock: StockService;
	};

/** Creates the service; the retry loop starts with start(). */
export function createContactService(
	config: ContactConfig,
	pickup: PickupCatalogue,
	options?: ContactServiceOptions,
): SubmissionsService {
	const { core, desk } = createSubmissions(config, KINDS, options);
	const reservations = createReservationDeskService(desk, options?.log);
	const { db } = desk.store;
	const stock = createStockService(
		db,
		pickup,
		{
			held: (shopId, now) => heldPieces(db, shopId, now),
			open: (ids, now) => openHolds(db, ids, now),
		},
		desk.now,
	);
	return {
		...core,
		...createMessageService(desk),
		...createPickupService(desk, pickup),
		...reservations,
		...createCustomerService(desk, reservations),
		...createStaffMessagesService(desk),
		stock,
	};
}

/**
 * Creates the service from environment variables (relative paths resolve against `root`) and
 * the build's pickup catalogue, whose company name signs the e-mails.
 */
export function createContactServiceFromEnv(
	env: Env,
	root: string,
	pickup: PickupCatalogue,
	options?: ContactServiceOptions,
): SubmissionsService {
	const service = createContactService(
		contactConfigFromEnv(env, root, pickup.settings.companyName),
		pickup,
		options,
	);
	// A new database starts from the sample shop's counts (seed/magazzino.csv), once.
	seedStockFromFile(service.stock, stockSeedPath(env, root));
	return service;
}
