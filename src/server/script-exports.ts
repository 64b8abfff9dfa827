/**
 * What the staff's scripts need of the server's code, bundled by scripts/compile-server.mjs to
 * dist/server/contact.mjs, ops.mjs, staff.mjs and magazzino.mjs (sharing their chunks with dist/server/serve.mjs:
 * one copy of the code): the database path, the store and every kind's report (`npm run
 * messages`, `npm run prenotazioni`, through the registry), the backups (`npm run backup`,
 * `restore`), the staff commands (`npm run staff`), the stock as CSV (`npm run magazzino`,
 * and scripts/bench-stock.mjs), and the pickup days for
 * scripts/bench-contact.mjs. Everything that opens the database is bound here to the one list
 * of migrations (services/registry.ts).
 */
import { backupDatabase as backupWith, restoreDatabase as restoreWith } from './operations';
import { StaffStore } from './staff';
import { MIGRATIONS, openStockService, REGISTRY } from './services';
import { runStockCommand as runWith, type StockCliContext } from './stock';
import {
	openReportService,
	runReportCommand as runReportWith,
	type ReportCliContext,
} from './services';
import { existsSync } from 'node:fs';
import { AlertsCliError, runAlertsCommand as runAlertsOn } from './alerts';
import { databasePath } from './core/config';
import { openDatabase } from './core/store';

export { databasePath, CoreConfigError } from './core/config';
export { KINDS, REGISTRY } from './services';
export { SubmissionStore } from './core/store';
export { BackupError, DEFAULT_KEEP, listBackups } from './operations';
export { runStaffCommand, StaffCliError, STAFF_HELP } from './staff';
export { StockCliError, STOCK_HELP } from './stock';
export { AlertsCliError, ALERTS_HELP } from './alerts';
export { openStockService } from './services';
/* L'andamento: `npm run andamento` and scripts/bench-report.mjs. */
export { openReportService } from './services';
export { REPORT_HELP, ReportCliError, reportPageView } from './reports';
/** For scripts/staff.mjs: the site's address when no variable names it. */
export { SITE_ORIGIN } from '../lib/site-origin';
/** For scripts/bench-contact.mjs: the pickup days, by the site's own rule. */
export { pickupDays } from '../lib/reservations/days';

type Unbound<Options> = Omit<Options, 'schemaVersion'>;

/** A checked copy of the database (`npm run backup`), for the schema this code knows. */
export const backupDatabase = (options: Unbound<Parameters<typeof backupWith>[0]>) =>
	backupWith({ ...options, schemaVersion: MIGRATIONS.length });

/** Puts a copy back (`npm run restore`), refusing one of a schema this code does not know. */
export const restoreDatabase = (options: Unbound<Parameters<typeof restoreWith>[0]>) =>
	restoreWith({ ...options, schemaVersion: MIGRATIONS.length });

/** The staff tables of the database file (`npm run staff`). */
export function openStaffStore(path: string, options?: { create?: boolean }): StaffStore {
	return StaffStore.open(path, REGISTRY, options);
}

/** One `npm run magazzino` command, on the stock service the facade opens. */
export function runStockCommand(args: readonly string[], context: Omit<StockCliContext, 'open'>) {
	return runWith(args, { ...context, open: openStockService });
}

/** One `npm run andamento` command, on the report service the facade opens. */
export function runReportCommand(args: readonly string[], context: Omit<ReportCliContext, 'open'>) {
	return runReportWith(args, { ...context, open: openReportService });
}

/**
 * One `npm run avvisi` command (access and erasure of one person's requests), on the database
 * of these settings; returns what to print.
 */
export function runAlertsCommand(
	args: readonly string[],
	{ env, root }: { env: Readonly<Record<string, string | undefined>>; root: string },
): string {
	const path = databasePath(env, root);
	// Said, not a stack trace: a mistyped CONTACT_DB_PATH must not read as "nothing kept".
	if (!existsSync(path)) {
		throw new AlertsCliError(`Il database ${path} non esiste: controlla CONTACT_DB_PATH.`, 1);
	}
	const db = openDatabase(path, MIGRATIONS, { create: false });
	try {
		return runAlertsOn(db, args);
	} finally {
		db.close();
	}
}
