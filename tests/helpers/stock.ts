import type Database from 'better-sqlite3';
import { adjustStock } from '../../src/server/stock/store';

/**
 * Sets a variant's pieces on hand at a shop through the ledger (a system count), as the seed of a
 * new database does: tests that store reservations directly give their shop pieces this way.
 */
export function countStock(
	db: Database.Database,
	shopId: string,
	productId: string,
	variantId: string,
	pieces: number,
	at = new Date('2026-11-26T08:00:00Z'),
): void {
	const result = adjustStock(db, {
		shopId,
		productId,
		variantId,
		reason: 'initial_count',
		pieces,
		actor: 'system',
		at,
	});
	if (result.outcome !== 'recorded') throw new Error(`count refused: ${JSON.stringify(result)}`);
}
