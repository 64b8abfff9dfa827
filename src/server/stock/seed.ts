/**
 * The first count of a new database: the sample shop's pieces, kept in the repository as a CSV
 * (seed/magazzino.csv, the import's columns), loaded once as 'Conteggio iniziale' by the system
 * when the ledger has no movement at all. A ledger that has ever moved is never touched again,
 * so a restart, a deploy or an edit of the file changes nothing of a shop's real figures.
 *
 * STOCK_SEED_CSV names another file (relative to the project folder), or '' for none.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseImportCsv, problemText } from '../../lib/stock/csv';
import type { StockService } from './service';

/** Where the first count is kept, from the project folder. */
export const DEFAULT_STOCK_SEED = 'seed/magazzino.csv';

/** The seed file of these settings, or null for none. */
export function stockSeedPath(env: Readonly<Record<string, string | undefined>>, root: string) {
	const value = env['STOCK_SEED_CSV'];
	if (value !== undefined && value.trim() === '') return null;
	return resolve(root, value?.trim() || DEFAULT_STOCK_SEED);
}

/**
 * Loads the seed into an empty ledger; returns how many rows it recorded (0 when the ledger has
 * moved already or there is no file). A malformed file throws naming its line and column.
 */
export function seedStockFromFile(service: StockService, path: string | null): number {
	if (path === null || !existsSync(path)) return 0;
	const parsed = parseImportCsv(readFileSync(path, 'utf8'));
	if ('problem' in parsed) throw new Error(`${path}: ${problemText(parsed.problem)}`);
	return service.seedStock(parsed.rows);
}
