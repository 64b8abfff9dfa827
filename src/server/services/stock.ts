/**
 * The stock ledger put together with what it reads of other things: the reservations' holds
 * (the pieces they keep, and the open ones 'Pezzi mancanti' shares on hand out to) and the
 * build's catalogue. The ledger's folder imports no reservation module (of the other things,
 * only the staff guard's face, for its routes) and reservations ask the ledger through its face,
 * so the two meet only here.
 */
import type Database from 'better-sqlite3';
import { databasePath } from '../core/config';
import { openDatabase } from '../core/store';
import { filePickupCatalogue, heldPieces, openHolds } from '../reservations';
import {
	createStockService,
	seedStockFromFile,
	stockSeedPath,
	type StockCatalogue,
	type StockService,
	type StockServiceHandle,
} from '../stock';
import { MIGRATIONS } from './registry';

/** The stock service on the database `db`, reading the holds of its reservations. */
export function createStockOn(
	db: Database.Database,
	catalogue: StockCatalogue,
	now: () => number,
): StockService {
	return createStockService(
		db,
		catalogue,
		{
			held: (shopId, at) => heldPieces(db, shopId, at),
			open: (ids, at) => openHolds(db, ids, at),
		},
		now,
	);
}

/**
 * The stock service on the database of these settings and the build at `clientDir`, its first
 * count loaded when the ledger is empty; `close` closes the database. For `npm run magazzino`
 * and scripts/bench-stock.mjs.
 */
export function openStockService(
	env: Readonly<Record<string, string | undefined>>,
	root: string,
	clientDir: string,
): StockServiceHandle {
	const catalogue = filePickupCatalogue(clientDir);
	const db = openDatabase(databasePath(env, root), MIGRATIONS);
	try {
		const service = createStockOn(db, catalogue, Date.now);
		seedStockFromFile(service, stockSeedPath(env, root));
		return { service, close: () => db.close() };
	} catch (error) {
		db.close();
		throw error;
	}
}
