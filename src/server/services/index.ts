/**
 * The registry of the kinds of submission, listed once. Adding a kind is its own folder (its
 * checks, rows, e-mails and report, a `kind.ts` declaring them, and a service if it has a
 * route) plus its line here in KINDS and, with a service, its part of SubmissionsService and
 * createContactService (docs/submissions.md). Everything else reads this list: the core
 * (src/server/core/: the outbox, retention, the health check), which is handed it and
 * never imports this module; `npm run messages` (scripts/messages.mjs, through
 * script-exports.ts); and each kind's endpoint comes from src/lib/submissions/endpoints.ts,
 * the list the browser's outbox reads.
 */
import { createMessageService, type MessageService } from '../messages/service';
import { MESSAGES } from '../messages/kind';
import type { PickupCatalogue } from '../reservations/catalogue';
import { RESERVATIONS } from '../reservations/kind';
import { createPickupService, type PickupService } from '../reservations/service';
import {
	createReservationDeskService,
	type ReservationDeskService,
} from '../reservations/desk-service';
import { createCustomerService, type CustomerService } from '../reservations/customer-service';
import { STAFF_LINKS } from '../staff/link-mail';
import { createStaffMessagesService, type StaffMessagesService } from '../messages/staff-service';
import { contactConfigFromEnv, type ContactConfig, type Env } from '../core/config';
import type { SubmissionKind } from '../core/kind';
import {
	createSubmissions,
	type ContactServiceOptions,
	type SubmissionsCore,
} from '../core/service';

/** Every kind, in the order the reports and the outbox meet them. */
export const KINDS: readonly SubmissionKind[] = [MESSAGES, RESERVATIONS, STAFF_LINKS];

/** The service as the routes use it (App.Locals['contact']): the core and each kind's part. */
export type SubmissionsService = SubmissionsCore &
	MessageService &
	PickupService &
	ReservationDeskService &
	CustomerService &
	StaffMessagesService;

/** Creates the service; the retry loop starts with start(). */
export function createContactService(
	config: ContactConfig,
	pickup: PickupCatalogue,
	options?: ContactServiceOptions,
): SubmissionsService {
	const { core, desk } = createSubmissions(config, KINDS, options);
	const reservations = createReservationDeskService(desk, options?.log);
	return {
		...core,
		...createMessageService(desk),
		...createPickupService(desk, pickup),
		...reservations,
		...createCustomerService(desk, reservations),
		...createStaffMessagesService(desk),
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
	return createContactService(
		contactConfigFromEnv(env, root, pickup.settings.companyName),
		pickup,
		options,
	);
}
