/**
 * The stock ledger (docs/stock.md): what other folders ask of it. Reservations record a
 * collection (recordCollection) in their own transaction and read on hand (onHandAt); the
 * routes, the page and `npm run magazzino` use the service.
 */
export {
	ledgerMismatches,
	onHandAt,
	stockHistory,
	stockLevel,
	type StockLevel,
	type StockMovement,
	type StockRef,
	type StockStaff,
} from './store';
export {
	recordCollection,
	recordCollectionUndone,
	type MissingLine,
	type OpenHold,
	type ReservedLine,
} from './collections';
export {
	createStockService,
	STOCK_FILTERS,
	STOCK_TEXTS,
	type AdjustRequest,
	type CountRequest,
	type Holds,
	type StockActorContext,
	type StockFilter,
	type StockQuery,
	type StockRefusal,
	type StockRow,
	type StockCatalogue,
	type StockService,
} from './service';
export {
	differenceText,
	exportStock,
	importStock,
	IMPORT_MODES,
	type ImportActor,
	type ImportDifference,
	type ImportMode,
	type ImportResult,
} from './csv';
export { DEFAULT_STOCK_SEED, seedStockFromFile, stockSeedPath } from './seed';
export { STOCK_MIGRATION } from './migrations';
export { stockAnswer, STOCK_HTTP_TEXTS } from './http';
export {
	runStockCommand,
	StockCliError,
	STOCK_HELP,
	type StockCliContext,
	type StockServiceHandle,
} from './cli';
export {
	belowMinimumTotal,
	missingPiecesIds,
	STOCK_PAGE,
	STOCK_PAGE_TEXTS,
	stockListView,
	stockVariantView,
	type StockListView,
	type StockRowView,
	type StockVariantView,
} from './view';

/* What l'andamento (src/server/reports/) reads of the ledger. */
export {
	movementsSince,
	movementTotals,
	type MovementTotals,
	type ReportMovement,
} from './report-reads';
