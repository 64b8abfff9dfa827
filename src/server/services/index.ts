/**
 * The one facade of the server: what pages and routes reach as `Astro.locals.services.<thing>`,
 * and how it is put together. Each thing lives in its own folder with an `index.ts` as its face
 * (messages/, reservations/, stock/, notifications/, staff/, editor-auth/, operations/), on the
 * core (core/: the database, the outbox, the mailer, rate limits, the HTTP steps), which imports
 * none of them.
 * Pages import nothing else of the server: their types from here, and the few route adapters
 * they run from ./routes.ts.
 *
 * The services are created once per process: by the server at start-up (src/server/main.ts),
 * or under `astro dev` by src/integrations/dev-contact.ts and dev-staff.ts. No `astro:*`
 * imports: pages import this module's types only, so Astro's build bundles no second copy.
 */
import { coreConfigFromEnv, type CoreConfig, type Env } from '../core/config';
import { createSubmissions, type CoreServiceOptions, type SubmissionsCore } from '../core/service';
import type { OAuthSettings } from '../editor-auth';
import { createMessagesService, type MessagesService } from '../messages';
import {
	createReservationsService,
	type PickupCatalogue,
	type ReservationsService,
} from '../reservations';
import {
	createNotificationService,
	pushSettingsFromEnv,
	type NotificationService,
	type PushSettings,
} from '../notifications';
import type { StaffService } from '../staff';
import { seedStockFromFile, stockSeedPath, type StockService } from '../stock';
import { REGISTRY } from './registry';
import { createStockOn } from './stock';

export { KINDS, MIGRATIONS, REGISTRY } from './registry';
export type { MessagesService } from '../messages';
export type {
	CustomerPageView,
	DeskListPage,
	ReservationsService,
	ReservationView,
} from '../reservations';
export type { StaffMember, StaffService } from '../staff';
export type { StockListView, StockRowView, StockService, StockVariantView } from '../stock';
export { openStockService } from './stock';

/** Every service of the process, by the thing it keeps. */
export interface Services {
	/** The outbox of every kind, its background loop and the health check's facts. */
	readonly outbox: SubmissionsCore;
	/** The contact messages: the form, the staff's list and its mark. */
	readonly messages: MessagesService;
	/** The reservations: the visitor's, the desk's, the customer's link. */
	readonly reservations: ReservationsService;
	/** The stock ledger: /gestione/magazzino, its API, the CSV, what visitors are offered. */
	readonly stock: StockService;
	/** Staff accounts, sessions, passkeys and one-time links. */
	readonly staff: StaffService;
	/** Web Push to staff devices: a ping for each new reservation (docs/push.md). */
	readonly notifications: NotificationService;
	/** The editor's GitHub sign-in, or null when it is not configured. */
	readonly editorAuth: OAuthSettings | null;
}

/**
 * What a request finds in `Astro.locals.services`: every service in production; under `astro
 * dev`, those the dev integrations have created so far. A route without the service it needs
 * answers 503.
 */
export type RequestServices = Partial<Services>;

/** The services on the submissions' database connection, created together. */
export type SubmissionServices = Pick<
	Services,
	'outbox' | 'messages' | 'reservations' | 'stock' | 'notifications'
>;

/** Creates the submissions' services; the outbox's loop starts with `outbox.start()`. */
export function createSubmissionServices(
	config: CoreConfig,
	pickup: PickupCatalogue,
	options?: CoreServiceOptions & { push?: PushSettings },
): SubmissionServices {
	const { core, desk } = createSubmissions(config, REGISTRY, options);
	// Web Push to staff devices: a new reservation's pushes are queued in its transaction and
	// sent after its commit; the outbox's loop sends those due again.
	const notifications = createNotificationService({
		db: desk.store.db,
		settings: options?.push ?? pushSettingsFromEnv({}),
		instance: desk.instance,
		now: desk.now,
		log: options?.log ?? console,
	});
	desk.everyPass(() => void notifications.sendDuePushes());
	return {
		outbox: {
			...core,
			async close(graceMs) {
				await notifications.closePushes(graceMs);
				await core.close(graceMs);
			},
		},
		messages: createMessagesService(desk),
		reservations: createReservationsService(desk, pickup, options?.log, notifications),
		stock: createStockOn(desk.store.db, pickup, desk.now),
		notifications,
	};
}

/**
 * Creates them from environment variables (relative paths resolve against `root`) and the
 * build's pickup catalogue, whose company name signs the e-mails.
 */
export function createSubmissionServicesFromEnv(
	env: Env,
	root: string,
	pickup: PickupCatalogue,
	options?: CoreServiceOptions,
): SubmissionServices {
	const services = createSubmissionServices(
		coreConfigFromEnv(env, root, pickup.settings.companyName),
		pickup,
		{ ...options, push: pushSettingsFromEnv(env) },
	);
	// A new database starts from the sample shop's counts (seed/magazzino.csv), once.
	seedStockFromFile(services.stock, stockSeedPath(env, root));
	return services;
}
