/**
 * Rises of the available pieces, and the periods of the privacy policy (docs/alerts.md): who is
 * told when a variant's available pieces at a shop rise, each once, in the order they
 * confirmed; and what the loop's pass deletes, expires and forgets. One IMMEDIATE transaction
 * each (noting a rise, each slice of its telling, the periods), so a rise seen twice at once is
 * noted once and nobody is told twice.
 */
import type Database from 'better-sqlite3';
import { ALERT_PERIODS, ANY_SHOP, peopleToTell } from '../../lib/alerts/rules';
import { insertEmailsDueAt } from '../core/email-rows';
import { ALERT_COLUMN, DAY, forgetAddresses, HOUR, type AlertRef } from './store';

/**
 * Notes a rise of a variant's available pieces at a shop since the figure last seen: one row
 * (`alert_rises`) saying how many people it tells, `peopleToTell` of the rise; the telling
 * follows in slices (`tellSlice`). `available` is read inside this transaction, which holds
 * the write lock, and the figure seen is updated with it: two rises seen at once are noted one
 * after the other, and the second counts from what the first saw. Its cost does not grow with
 * the number of people waiting. Returns the pieces available now and how many it will tell.
 */
export function noteRise(
	db: Database.Database,
	ref: AlertRef,
	options: { now: number; rate: number; available: () => number },
): { available: number | null; toTell: number } {
	return db
		.transaction(() => {
			const seen = db
				.prepare(
					`SELECT available FROM alert_watch
					 WHERE shop_id = ? AND product_id = ? AND variant_id = ?`,
				)
				.get(ref.shopId, ref.productId, ref.variantId) as { available: number } | undefined;
			// A variant nobody waits for costs one look-up: the pieces are counted only for the
			// watched ones (a count of 5,000 rows touches thousands that nobody watches).
			if (!seen) return { available: null, toTell: 0 };
			const available = options.available();
			db.prepare(
				`UPDATE alert_watch SET available = ?
				 WHERE shop_id = ? AND product_id = ? AND variant_id = ?`,
			).run(available, ref.shopId, ref.productId, ref.variantId);
			const toTell = peopleToTell(available - seen.available, options.rate);
			if (toTell === 0) return { available, toTell };
			db.prepare(
				`INSERT INTO alert_rises (shop_id, product_id, variant_id, available, remaining, at)
				 VALUES (?, ?, ?, ?, ?, ?)`,
			).run(ref.shopId, ref.productId, ref.variantId, available, toTell, options.now);
			return { available, toTell };
		})
		.immediate();
}

/** A rise noted and not yet told in full. */
interface PendingRise {
	id: number;
	shopId: string;
	productId: string;
	variantId: string;
	available: number;
	remaining: number;
	arrivalId: number | null;
	at: number;
}

/**
 * Tells one slice of the oldest rise noted: its next `size` people at most, the oldest waiting
 * requests for that shop and variant and the 'any shop' ones, in the order they confirmed.
 * Each is closed ('told') with its notice stored in the outbox (due now) in this transaction,
 * and the rise's remaining count with them, so a slice is told whole or not at all and nobody
 * twice, whoever runs it (this process after a restart, or two at once). The rise is done when
 * its count is told or nobody waits any more. Returns how many this slice told, or null when
 * no rise waits to be told.
 */
export function tellSlice(
	db: Database.Database,
	options: { now: number; size: number; shopName: (shopId: string) => string },
): number | null {
	return db
		.transaction((): number | null => {
			const rise = db
				.prepare(
					`SELECT id, shop_id AS shopId, product_id AS productId, variant_id AS variantId,
						available, remaining, arrival_id AS arrivalId, at
					 FROM alert_rises ORDER BY id LIMIT 1`,
				)
				.get() as PendingRise | undefined;
			if (!rise) return null;
			const take = Math.min(rise.remaining, options.size);
			const chosen = db
				.prepare(
					`SELECT id, email FROM alerts
					 WHERE product_id = ? AND variant_id = ? AND status = 'waiting'
						AND shop_id IN (?, '${ANY_SHOP}')
					 ORDER BY confirmed_at, id LIMIT ?`,
				)
				.all(rise.productId, rise.variantId, rise.shopId, take) as {
				id: number;
				email: string;
			}[];
			const remaining = rise.remaining - chosen.length;
			if (chosen.length === 0 || remaining === 0 || chosen.length < take) {
				db.prepare(`DELETE FROM alert_rises WHERE id = ?`).run(rise.id);
			}
			if (chosen.length === 0) return 0;
			let arrival = rise.arrivalId;
			if (arrival === null) {
				arrival = Number(
					db
						.prepare(
							`INSERT INTO alert_arrivals (shop_id, product_id, variant_id, available, told, at)
							 VALUES (?, ?, ?, ?, ?, ?)`,
						)
						.run(
							rise.shopId,
							rise.productId,
							rise.variantId,
							rise.available,
							chosen.length,
							rise.at,
						).lastInsertRowid,
				);
			} else {
				db.prepare(`UPDATE alert_arrivals SET told = told + ? WHERE id = ?`).run(
					chosen.length,
					arrival,
				);
			}
			if (remaining > 0 && chosen.length === take) {
				db.prepare(`UPDATE alert_rises SET remaining = ?, arrival_id = ? WHERE id = ?`).run(
					remaining,
					arrival,
					rise.id,
				);
			}
			const close = db.prepare(
				`UPDATE alerts SET status = 'told', closed_at = ?, told_shop_id = ?, told_shop_name = ?,
					arrival_id = ? WHERE id = ?`,
			);
			const shopName = options.shopName(rise.shopId);
			for (const { id, email } of chosen) {
				close.run(options.now, rise.shopId, shopName, arrival, id);
				insertEmailsDueAt(
					db,
					ALERT_COLUMN,
					id,
					[{ kind: 'notice', recipient: email }],
					options.now,
					options.now,
				);
			}
			return chosen.length;
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
