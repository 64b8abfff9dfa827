/**
 * L'andamento (docs/report.md), as the rest of the server sees it: the figures of a member's
 * shops over a period (figures.ts, reading the ledger and the reservations through their faces),
 * the brands' reorder settings (brand-settings.ts), the service (service.ts), the page's view
 * (view.ts), the staff API (http.ts: the supplier's CSV, the settings), the Monday e-mail as an
 * owner of e-mails (weekly-email.ts), `npm run andamento` (cli.ts) and its tables
 * (migrations.ts). Every other folder asks through this face.
 */
export { REPORT_MIGRATION } from './migrations';
export { REPORT_WEEKS, dueWeek } from './weekly-email';
export { reportClockFromEnv } from './clock';
export { feedCredentialsFromEnv, type FeedCredentials } from './inventory-feed';
export {
	createReportService,
	REPORT_TEXTS,
	type ReportService,
	type ReportSources,
} from './service';
export {
	CHART_WEEKS,
	reportFigures,
	type ReportFigures,
	type ReorderGroup,
	type VariantFigures,
	type WaitingCount,
} from './figures';
export { DEFAULT_BRAND_SETTING, type BrandSetting } from './brand-settings';
export {
	REPORT_PAGE,
	REPORT_PAGE_TEXTS,
	reportPageView,
	shopsAsked,
	type FigureCard,
	type ReportPageView,
} from './view';
export { reportAnswer, REPORT_HTTP_TEXTS } from './http';
export {
	REPORT_HELP,
	ReportCliError,
	reportCsv,
	reportText,
	runReportCommand,
	type ReportCliContext,
} from './cli';
