/**
 * L'andamento put together with what it reads of other things: the ledger joined to the
 * reservations' holds (the stock service), the build's shops and brands, and the outbox's desk
 * (the Monday e-mail's check runs at start-up and at every pass of its loop); and on a database
 * of its own for `npm run andamento` and scripts/bench-report.mjs.
 */
import { databasePath } from '../core/config';
import { customerLinkOrigin } from '../core/origin';
import type { SubmissionDesk } from '../core/service';
import { openDatabase } from '../core/store';
import { filePickupCatalogue, type PickupCatalogue } from '../reservations';
import {
	createReportService,
	reportClockFromEnv,
	type FeedCredentials,
	type ReportService,
} from '../reports';
import type { StockService } from '../stock';
import { MIGRATIONS } from './registry';
import { createStockOn } from './stock';

/** L'andamento on the desk's database, its Monday check started with the outbox's loop. */
export function createReportsOn(
	desk: SubmissionDesk,
	pickup: PickupCatalogue,
	stock: StockService,
	now: (() => number) | undefined,
	log: Pick<Console, 'log' | 'error'> | undefined,
	feedCredentials: FeedCredentials | null = null,
): ReportService {
	const reports = createReportService({
		db: desk.store.db,
		stock,
		shops: pickup.settings.shops,
		brands: async () => [...new Set((await pickup.products()).map((product) => product.brand))],
		companyName: desk.config.companyName,
		linkOrigin: desk.config.linkOrigin ?? 'http://localhost',
		sendsEmail: desk.sendsEmail,
		sendDue: (at) => desk.sendWhenDue(at),
		now: now ?? desk.now,
		log,
		feedCredentials,
	});
	const check = () =>
		reports.sendWeeklyDue().catch((error: unknown) => {
			log?.error('Andamento: the Monday e-mail check failed:', String(error));
		});
	desk.everyPass(() => void check());
	// At start-up: a week missed while the server was down goes now. Said once in the log.
	void check().then(() => log?.log('Andamento: the Monday e-mails are checked.'));
	return reports;
}

/** L'andamento on a database of its own, for `npm run andamento` and the bench. */
export interface ReportServiceHandle {
	service: ReportService;
	close: () => void;
}

/**
 * L'andamento on the database of these settings and the build at `clientDir`, without the
 * Monday e-mail (a command sends nothing); `close` closes the database.
 */
export function openReportService(
	env: Readonly<Record<string, string | undefined>>,
	root: string,
	clientDir: string,
): ReportServiceHandle {
	const catalogue = filePickupCatalogue(clientDir);
	const db = openDatabase(databasePath(env, root), MIGRATIONS);
	try {
		const clock = reportClockFromEnv(env) ?? Date.now;
		const stock = createStockOn(db, catalogue, clock);
		const service = createReportService({
			db,
			stock,
			shops: catalogue.settings.shops,
			brands: async () => [
				...new Set((await catalogue.products()).map((product) => product.brand)),
			],
			companyName: catalogue.settings.companyName,
			linkOrigin: customerLinkOrigin(env),
			sendsEmail: false,
			sendDue: () => undefined,
			now: clock,
		});
		return { service, close: () => db.close() };
	} catch (error) {
		db.close();
		throw error;
	}
}
