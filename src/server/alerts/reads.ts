/**
 * What staff and `npm run avvisi` read of the requests: how many wait per variant and shop, how
 * many each rise told (never an address), and one person's requests for access and erasure.
 */
import type Database from 'better-sqlite3';
import { forgetAddresses, viewOf, type AlertRow, type AlertView } from './store';

/** The requests of one address (access requests: `npm run avvisi -- elenca`), oldest first. */
export function alertsOfAddress(db: Database.Database, email: string): AlertView[] {
	return (
		db
			.prepare('SELECT * FROM alerts WHERE email = ? COLLATE NOCASE ORDER BY id')
			.all(email.trim()) as AlertRow[]
	).map(viewOf);
}

/**
 * Erasure (`npm run avvisi -- cancella`): every request of one address is deleted with its
 * e-mails (one being sent right now keeps its row, without the address). Returns how many.
 */
export function eraseAddress(db: Database.Database, email: string): number {
	return db
		.transaction(() => {
			const ids = (
				db.prepare('SELECT id FROM alerts WHERE email = ? COLLATE NOCASE').all(email.trim()) as {
					id: number;
				}[]
			).map((row) => row.id);
			forgetAddresses(db, ids);
			const dropEmails = db.prepare(
				`DELETE FROM emails WHERE alert_id = ? AND status <> 'sending'`,
			);
			const drop = db.prepare(
				`DELETE FROM alerts WHERE id = ? AND NOT EXISTS (SELECT 1 FROM emails WHERE alert_id = ?)`,
			);
			const close = db.prepare(
				`UPDATE alerts SET status = 'stopped', closed_at = COALESCE(closed_at, ?)
				 WHERE id = ? AND status IN ('unconfirmed', 'waiting')`,
			);
			for (const id of ids) {
				dropEmails.run(id);
				if (drop.run(id, id).changes === 0) close.run(Date.now(), id);
			}
			return ids.length;
		})
		.immediate();
}

/**
 * How many wait, per variant and shop: `${productId}\n${variantId}` → shop id (or 'qualsiasi')
 * → count. No address.
 */
export function waitingCounts(db: Database.Database): Map<string, Map<string, number>> {
	const rows = db
		.prepare(
			`SELECT product_id, variant_id, shop_id, COUNT(*) AS count FROM alerts
			 WHERE status = 'waiting' GROUP BY product_id, variant_id, shop_id`,
		)
		.all() as { product_id: string; variant_id: string; shop_id: string; count: number }[];
	const counts = new Map<string, Map<string, number>>();
	for (const row of rows) {
		const key = `${row.product_id}\n${row.variant_id}`;
		const byShop = counts.get(key) ?? new Map<string, number>();
		byShop.set(row.shop_id, row.count);
		counts.set(key, byShop);
	}
	return counts;
}

/** One rise that told people, as the variant's page shows it. */
export interface AlertArrival {
	shopId: string;
	at: Date;
	available: number;
	told: number;
}

/** The rises of a variant that told people, newest first. */
export function arrivalsOf(
	db: Database.Database,
	productId: string,
	variantId: string,
	limit = 20,
): AlertArrival[] {
	return (
		db
			.prepare(
				`SELECT shop_id, at, available, told FROM alert_arrivals
				 WHERE product_id = ? AND variant_id = ? ORDER BY at DESC, id DESC LIMIT ?`,
			)
			.all(productId, variantId, limit) as {
			shop_id: string;
			at: number;
			available: number;
			told: number;
		}[]
	).map((row) => ({
		shopId: row.shop_id,
		at: new Date(row.at),
		available: row.available,
		told: row.told,
	}));
}
