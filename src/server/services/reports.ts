/**
 * L'andamento put together with what it reads of other things: the ledger joined to the
 * reservations' holds (the stock service), the build's shops and brands, and the outbox's desk
 * (the Monday e-mail's check runs at start-up and at every pass of its loop).
 */
import type { SubmissionDesk } from '../core/service';
import type { PickupCatalogue } from '../reservations';
import { createReportService, type ReportService } from '../reports';
import type { StockService } from '../stock';

/** L'andamento on the desk's database, its Monday check started with the outbox's loop. */
export function createReportsOn(
	desk: SubmissionDesk,
	pickup: PickupCatalogue,
	stock: StockService,
	now: (() => number) | undefined,
	log: Pick<Console, 'log' | 'error'> | undefined,
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
	});
	const check = () => {
		reports.sendWeeklyDue().catch((error: unknown) => {
			log?.error('Andamento: the Monday e-mail check failed:', String(error));
		});
	};
	desk.everyPass(check);
	check();
	return reports;
}
