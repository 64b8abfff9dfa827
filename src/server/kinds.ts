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
import {
	createNotificationService,
	pushSettingsFromEnv,
	type NotificationService,
	type PushSettings,
} from './notifications';
import { MESSAGES } from './contact/kind';
import type { PickupCatalogue } from './pickup/catalogue';
import { RESERVATIONS } from './pickup/kind';
import { createPickupService, type PickupService } from './pickup/service';
import { createReservationDeskService, type ReservationDeskService } from './staff-desk/service';
import { createCustomerService, type CustomerService } from './customer/service';
import { STAFF_LINKS } from './staff/link-mail';
import { createStaffMessagesService, type StaffMessagesService } from './staff-messages/service';
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
	StaffMessagesService &
	NotificationService;

/** Creates the service; the retry loop starts with start(). */
export function createContactService(
	config: ContactConfig,
	pickup: PickupCatalogue,
	options?: ContactServiceOptions & { push?: PushSettings },
): SubmissionsService {
	const { core, desk } = createSubmissions(config, KINDS, options);
	const reservations = createReservationDeskService(desk, options?.log);
	// Web Push to staff devices: a new reservation's pushes are queued in its transaction and
	// sent after its commit; the loop sends those due again.
	const notifications = createNotificationService({
		db: desk.store.db,
		settings: options?.push ?? pushSettingsFromEnv({}),
		instance: desk.instance,
		now: desk.now,
		log: options?.log ?? console,
	});
	desk.everyPass(() => void notifications.sendDuePushes());
	return {
		...core,
		...createMessageService(desk),
		...createPickupService(desk, pickup, notifications),
		...reservations,
		...createCustomerService(desk, reservations),
		...createStaffMessagesService(desk),
		...notifications,
		async close(graceMs) {
			await notifications.closePushes(graceMs);
			await core.close(graceMs);
		},
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
		{ ...options, push: pushSettingsFromEnv(env) },
	);
}
