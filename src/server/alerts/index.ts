/**
 * 'Avvisami quando torna disponibile' (docs/alerts.md), as the rest of the server sees it: the
 * form's POST (http.ts), the link's page (page.ts), the service with the stock's hook
 * (service.ts), the outbox's owner (kind.ts) and the tables (migrations.ts). Every other folder
 * asks through this face.
 */
export { ALERTS } from './kind';
export { ALERTS_HELP, AlertsCliError, runAlertsCommand } from './cli';
export { ALERT_RISES_MIGRATION, ALERTS_MIGRATION } from './migrations';
export { ALERT_PAGE, ALERT_TEXTS, handleAlertPost } from './http';
export {
	ALERT_PAGE_HEADERS,
	ALERT_PAGE_TEXTS,
	handleAlertPage,
	type AlertPageResult,
	type AlertPageView,
} from './page';
export {
	createAlertsService,
	type AlertCatalogue,
	type AlertsService,
	type AvailableNow,
} from './service';
export type { AlertRef, AlertView } from './store';
export type { AlertArrival } from './reads';
export { alertsVariantView, type AlertsVariantView } from './staff-view';
