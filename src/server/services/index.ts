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
	reservationPingContents,
	type PickupCatalogue,
	type ReservationsService,
} from '../reservations';
import {
	createNotificationService,
	pushSettingsFromEnv,
	type NotificationService,
	type PushSettings,
} from '../notifications';
import {
	feedCredentialsFromEnv,
	reportClockFromEnv,
	type FeedCredentials,
	type ReportService,
} from '../reports';
import type { StaffService } from '../staff';
import { seedStockFromFile, stockSeedPath, type StockService } from '../stock';
import { createAlertsService, type AlertsService } from '../alerts';
import { availableOn, withAlertHook } from './alerts';
import { REGISTRY } from './registry';
import { createStockOn } from './stock';
import { createReportsOn } from './reports';

export { KINDS, MIGRATIONS, REGISTRY } from './registry';
export type { MessagesPageView, MessagesService } from '../messages';
export type {
	CustomerPageView,
	DeskListPage,
	PickListPage,
	PickListView,
	ReservationsService,
	ReservationView,
} from '../reservations';
export type { StaffMember, StaffService } from '../staff';
export type { AlertsService, AlertsVariantView, AlertView } from '../alerts';
export type { StockListView, StockRowView, StockService, StockVariantView } from '../stock';
export { openStockService } from './stock';
export type { FigureCard, ReportPageView, ReportService } from '../reports';
export { runReportCommand, type ReportCliContext } from '../reports';
export { openReportService, type ReportServiceHandle } from './reports';

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
	/** 'Avvisami': visitors told when a variant is available again (docs/alerts.md). */
	readonly alerts: AlertsService;
	/** Staff accounts, sessions, passkeys and one-time links. */
	readonly staff: StaffService;
	/** Web Push to staff devices: a ping for each new reservation (docs/push.md). */
	readonly notifications: NotificationService;
	/** L'andamento: figures, reorder list, the Monday e-mail (docs/report.md). */
	readonly reports: ReportService;
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
	'outbox' | 'messages' | 'reservations' | 'stock' | 'notifications' | 'reports' | 'alerts'
>;

/** What the submissions' services are created with besides the core's options. */
export interface SubmissionServicesOptions extends CoreServiceOptions {
	push?: PushSettings;
	/** People told per piece of a rise of available pieces (ALERT_RATE). */
	alertRate?: number;
	/** L'andamento's clock (REPORTS_NOW in tests); the real one when absent. */
	reportsNow?: (() => number) | undefined;
	/** The Google feed's basic-auth credentials; null: the route does not exist. */
	feedCredentials?: FeedCredentials | null;
}

/** Creates the submissions' services; the outbox's loop starts with `outbox.start()`. */
export function createSubmissionServices(
	config: CoreConfig,
	pickup: PickupCatalogue,
	options?: SubmissionServicesOptions,
): SubmissionServices {
	const { core, desk } = createSubmissions(config, REGISTRY, options);
	// Web Push to staff devices: a new reservation's pushes are queued in its transaction and
	// sent after its commit, through the one outbox (a channel of it), whose loop sends those due.
	const notifications = createNotificationService({
		db: desk.store.db,
		settings: options?.push ?? pushSettingsFromEnv({}),
		channel: (channel) => desk.channel(channel),
		now: desk.now,
		log: options?.log ?? console,
		pingContents: reservationPingContents,
	});
	// 'Avvisami': the stock reports its committed movements to it (one hook, ./alerts.ts), and
	// the loop's pass sees the rises nothing reports (a hold that ended) and applies the periods.
	const alerts = createAlertsService({
		desk,
		catalogue: pickup,
		available: availableOn(desk.store.db),
		rate: options?.alertRate ?? 1,
		log: options?.log ?? console,
	});
	desk.everyPass(() => alerts.pass());
	const stock = withAlertHook(createStockOn(desk.store.db, pickup, desk.now), () => alerts);
	const reports = createReportsOn(
		desk,
		pickup,
		stock,
		options?.reportsNow,
		options?.log,
		options?.feedCredentials ?? null,
	);
	return {
		outbox: core,
		messages: createMessagesService(desk),
		reservations: createReservationsService(desk, pickup, options?.log, notifications),
		stock,
		notifications,
		reports,
		alerts,
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
		{
			...options,
			push: pushSettingsFromEnv(env),
			reportsNow: reportClockFromEnv(env),
			feedCredentials: feedCredentialsFromEnv(env),
			alertRate: alertRateFromEnv(env),
		},
	);
	// A new database starts from the sample shop's counts (seed/magazzino.csv), once.
	seedStockFromFile(services.stock, stockSeedPath(env, root));
	return services;
}

/** ALERT_RATE: people told per piece of a rise, from 0.1 to 100 (1 when unset or not a number). */
export function alertRateFromEnv(env: Env): number {
	const rate = Number(env['ALERT_RATE'] ?? '');
	return env['ALERT_RATE'] && Number.isFinite(rate) && rate >= 0.1 && rate <= 100 ? rate : 1;
}
