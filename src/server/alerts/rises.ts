/**
 * Rises of the available pieces, and the periods of the privacy policy (docs/alerts.md): who is
 * told when a variant's available pieces at a shop rise, each once, in the order they
 * confirmed; and what the loop's pass deletes, expires and forgets. One IMMEDIATE transaction
 * each, so a rise seen twice at once is told once.
 */
import type Database from 'better-sqlite3';
import { ALERT_PERIODS, ANY_SHOP, peopleToTell } from '../../lib/alerts/rules';
import { insertEmailsDueAt } from '../core/email-rows';
import { ALERT_COLUMN, DAY, forgetAddresses, HOUR, type AlertRef } from './store';

/** What one rise did. */
export interface RiseResult {
	/** The pieces available now; null when nobody watches the variant (not counted). */
	available: number | null;
	/** How many were told (each an e-mail waiting in the outbox, due now). */
	told: number;
}

/**
 * Tells the oldest waiting requests of a variant at a shop (and the 'any shop' ones) that its
 * available pieces rose: `peopleToTell` of the rise since the figure last seen, each told once
 * (closed, its notice stored in the outbox, due now). `available` is read inside this
 * transaction, which holds the write lock: two rises seen at once are told one after the
 * other, and the second sees what the first told.
 */
export function tellRise(
	db: Database.Database,
	ref: AlertRef,
	options: { now: number; rate: number; shopName: string; available: () => number },
): RiseResult {
	return db
		.transaction((): RiseResult => {
			const seen = db
				.prepare(
					`SELECT available FROM alert_watch
					 WHERE shop_id = ? AND product_id = ? AND variant_id = ?`,
				)
				.get(ref.shopId, ref.productId, ref.variantId) as { available: number } | undefined;
			// A variant nobody waits for costs one look-up: the pieces are counted only for the
			// watched ones (a count of 5,000 rows touches thousands that nobody watches).
			if (!seen) return { available: null, told: 0 };
			const available = options.available();
			db.prepare(
				`UPDATE alert_watch SET available = ?
				 WHERE shop_id = ? AND product_id = ? AND variant_id = ?`,
			).run(available, ref.shopId, ref.productId, ref.variantId);
			const count = peopleToTell(available - seen.available, options.rate);
			if (count === 0) return { available, told: 0 };
			const chosen = db
				.prepare(
					`SELECT id, email FROM alerts
					 WHERE product_id = ? AND variant_id = ? AND status = 'waiting'
						AND shop_id IN (?, '${ANY_SHOP}')
					 ORDER BY confirmed_at, id LIMIT ?`,
				)
				.all(ref.productId, ref.variantId, ref.shopId, count) as { id: number; email: string }[];
			if (chosen.length === 0) return { available, told: 0 };
			const arrival = Number(
				db
					.prepare(
						`INSERT INTO alert_arrivals (shop_id, product_id, variant_id, available, told, at)
						 VALUES (?, ?, ?, ?, ?, ?)`,
					)
					.run(ref.shopId, ref.productId, ref.variantId, available, chosen.length, options.now)
					.lastInsertRowid,
			);
			const close = db.prepare(
				`UPDATE alerts SET status = 'told', closed_at = ?, told_shop_id = ?, told_shop_name = ?,
					arrival_id = ? WHERE id = ?`,
			);
			for (const { id, email } of chosen) {
				close.run(options.now, ref.shopId, options.shopName, arrival, id);
				insertEmailsDueAt(
					db,
					ALERT_COLUMN,
					id,
					[{ kind: 'notice', recipient: email }],
					options.now,
					options.now,
				);
			}
			return { available, told: chosen.length };
		})
		.immediate();
}

/** The key of a variant at a shop in `watchedKeys`. */
export function watchKey({ shopId, productId, variantId }: AlertRef): string {
	return `${shopId}\n${productId}\n${variantId}`;
}

/**
 * Every variant at a shop that the watch keeps (someone waited for it when it was last seen),
 * by watchKey: one read, so that a count of thousands of rows looks only at those.
 */
export function watchedKeys(db: Database.Database): Set<string> {
	const rows = db
		.prepare(
			'SELECT shop_id AS shopId, product_id AS productId, variant_id AS variantId FROM alert_watch',
		)
		.all() as AlertRef[];
	return new Set(rows.map(watchKey));
}

/** The variants at shops whose rise would tell someone: the watch of waiting requests. */
export function watchedRefs(db: Database.Database): AlertRef[] {
	return db
		.prepare(
			`SELECT DISTINCT watch.shop_id AS shopId, watch.product_id AS productId,
				watch.variant_id AS variantId
			 FROM alert_watch AS watch
			 JOIN alerts ON alerts.product_id = watch.product_id
				AND alerts.variant_id = watch.variant_id AND alerts.status = 'waiting'
				AND alerts.shop_id IN (watch.shop_id, '${ANY_SHOP}')`,
		)
		.all() as AlertRef[];
}

/**
 * The periods of the privacy policy: unconfirmed requests deleted after 48 hours (with their
 * e-mails), waiting ones expired after 90 days, and the address of closed ones dropped after 7
 * days; the watch of variants nobody waits for any more goes. Returns how many changed.
 */
export function applyAlertPeriods(db: Database.Database, now: number): number {
	return db
		.transaction(() => {
			const stale = (
				db
					.prepare(`SELECT id FROM alerts WHERE status = 'unconfirmed' AND asked_at < ?`)
					.all(now - ALERT_PERIODS.unconfirmedHours * HOUR) as { id: number }[]
			).map((row) => row.id);
			const dropEmails = db.prepare(
				`DELETE FROM emails WHERE alert_id = ? AND status <> 'sending'`,
			);
			const drop = db.prepare(
				`DELETE FROM alerts WHERE id = ?
				 AND NOT EXISTS (SELECT 1 FROM emails WHERE alert_id = ?)`,
			);
			let changed = 0;
			for (const id of stale) {
				dropEmails.run(id);
				changed += drop.run(id, id).changes;
			}
			changed += db
				.prepare(
					`UPDATE alerts SET status = 'expired', closed_at = ?
					 WHERE status = 'waiting' AND expires_at < ?`,
				)
				.run(now, now).changes;
			const old = (
				db
					.prepare(`SELECT id FROM alerts WHERE email IS NOT NULL AND closed_at < ?`)
					.all(now - ALERT_PERIODS.keepAddressDays * DAY) as { id: number }[]
			).map((row) => row.id);
			forgetAddresses(db, old);
			changed += old.length;
			db.prepare(
				`DELETE FROM alert_watch WHERE NOT EXISTS (
					SELECT 1 FROM alerts WHERE alerts.product_id = alert_watch.product_id
						AND alerts.variant_id = alert_watch.variant_id AND alerts.status = 'waiting'
						AND alerts.shop_id IN (alert_watch.shop_id, '${ANY_SHOP}'))`,
			).run();
			return changed;
		})
		.immediate();
}
