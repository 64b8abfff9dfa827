/**
 * The requests 'Avvisami' in the one database (tables of migrations.ts): asking (a new request or
 * the refresh of the open one), confirming and stopping by the link's token, telling the oldest
 * waiting requests at a rise, the periods of the privacy policy, and what staff and `npm run
 * avvisi` read. Functions of the open database; each change runs in one IMMEDIATE transaction,
 * and every e-mail is stored in the outbox (`emails.alert_id`) in the same one.
 */
import type Database from 'better-sqlite3';
import { ALERT_PERIODS, ANY_SHOP, type AlertStatus } from '../../lib/alerts/rules';
import { insertClaimedEmails, limitConfirmations } from '../core/email-rows';
import type { EmailJob, EmailOwner } from '../core/kind';
import { confirmationText, noticeText, type AlertForEmail } from './email-text';
import { withAlertLink } from './token';

export const ALERT_COLUMN = 'alert_id';
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** A variant at a shop. */
export interface AlertRef {
	shopId: string;
	productId: string;
	variantId: string;
}

/** What a request is about, with the names its e-mails show (from the build). */
export interface NewAlert {
	email: string;
	productId: string;
	variantId: string;
	/** A shop's id, or null for any shop. */
	shopId: string | null;
	productName: string;
	variantLabel: string;
	productPath: string;
	/** The shop's name, or null for any shop. */
	shopName: string | null;
	clientAddress: string | null;
}

/** A row of `alerts`. */
export interface AlertRow {
	id: number;
	email: string | null;
	product_id: string;
	variant_id: string;
	shop_id: string;
	product_name: string;
	variant_label: string;
	product_path: string;
	shop_name: string;
	status: AlertStatus;
	created_at: number;
	asked_at: number;
	confirmed_at: number | null;
	expires_at: number | null;
	closed_at: number | null;
	told_shop_name: string | null;
}

/** A request as its link's page and `npm run avvisi` show it. */
export interface AlertView {
	id: number;
	status: AlertStatus;
	productName: string;
	variantLabel: string;
	productPath: string;
	variantId: string;
	shopName: string | null;
	askedAt: Date;
	expiresAt: Date | null;
}

export function viewOf(row: AlertRow): AlertView {
	return {
		id: row.id,
		status: row.status,
		productName: row.product_name,
		variantLabel: row.variant_label,
		productPath: row.product_path,
		variantId: row.variant_id,
		shopName: row.shop_id === ANY_SHOP ? null : row.shop_name,
		askedAt: new Date(row.asked_at),
		expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
	};
}

/** What asking stored: the request and its confirmation e-mail (none when withheld). */
export interface AskResult {
	id: number;
	jobs: EmailJob<AlertForEmail>[];
	withheld: boolean;
}

/**
 * Stores a request, or refreshes the open one of the same address, variant and shop (an
 * unconfirmed one is asked anew, its 48 hours counted again; a waiting one keeps its place and
 * is renewed for 90 days), with its confirmation e-mail claimed by `claimedBy` unless the
 * address had its day's share of confirmations, or `sendsEmail` is false (simulation).
 */
export function askAlert(
	db: Database.Database,
	alert: NewAlert,
	options: { now: number; claimedBy: string; sendsEmail: boolean; confirmationsPerDay: number },
): AskResult {
	const { now } = options;
	const shopId = alert.shopId ?? ANY_SHOP;
	return db
		.transaction((): AskResult => {
			const open = db
				.prepare(
					`SELECT id, status FROM alerts
					 WHERE email = ? COLLATE NOCASE AND product_id = ? AND variant_id = ? AND shop_id = ?
						AND status IN ('unconfirmed', 'waiting')`,
				)
				.get(alert.email, alert.productId, alert.variantId, shopId) as
				{ id: number; status: AlertStatus } | undefined;
			let id: number;
			if (open) {
				id = open.id;
				db.prepare(
					`UPDATE alerts SET asked_at = ?, client_address = ?,
						expires_at = CASE WHEN status = 'waiting' THEN ? ELSE expires_at END
					 WHERE id = ?`,
				).run(now, alert.clientAddress, now + ALERT_PERIODS.expireDays * DAY, id);
			} else {
				id = Number(
					db
						.prepare(
							`INSERT INTO alerts (email, product_id, variant_id, shop_id, product_name,
								variant_label, product_path, shop_name, status, created_at, asked_at,
								client_address)
							 VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'unconfirmed', ?, ?, ?)`,
						)
						.run(
							alert.email,
							alert.productId,
							alert.variantId,
							shopId,
							alert.productName,
							alert.variantLabel,
							alert.productPath,
							alert.shopName ?? '',
							now,
							now,
							alert.clientAddress,
						).lastInsertRowid,
				);
			}
			if (!options.sendsEmail) return { id, jobs: [], withheld: false };
			const limited = limitConfirmations(
				db,
				[{ kind: 'confirmation', recipient: alert.email }],
				options.confirmationsPerDay,
				new Date(now),
			);
			const claimed = insertClaimedEmails(
				db,
				ALERT_COLUMN,
				id,
				limited.emails,
				now,
				options.claimedBy,
			);
			const about = alertsForEmail(db, [id]).get(id);
			const jobs = about ? claimed.map((email) => ({ ...email, owner: ALERT_OWNER, about })) : [];
			return { id, jobs, withheld: limited.withheld };
		})
		.immediate();
}

/** The request whose latest link carries the token of this hash, if any. */
export function alertByToken(db: Database.Database, tokenHash: string): AlertView | null {
	const row = db.prepare('SELECT * FROM alerts WHERE token_hash = ?').get(tokenHash) as
		AlertRow | undefined;
	return row ? viewOf(row) : null;
}

/**
 * Confirms the request of this token: it waits from now (its place in the queue), for 90 days;
 * a waiting one is renewed. The available pieces it will wait for are noted now (`available`
 * of each shop it names), so only a later rise tells it. Null for an unknown token or a closed
 * request.
 */
export function confirmAlert(
	db: Database.Database,
	tokenHash: string,
	now: number,
	shops: readonly string[],
	available: (ref: AlertRef) => number,
): AlertView | null {
	return db
		.transaction(() => {
			const row = db
				.prepare(
					`SELECT * FROM alerts WHERE token_hash = ? AND status IN ('unconfirmed', 'waiting')`,
				)
				.get(tokenHash) as AlertRow | undefined;
			if (!row) return null;
			db.prepare(
				`UPDATE alerts SET status = 'waiting', confirmed_at = COALESCE(confirmed_at, ?),
					expires_at = ? WHERE id = ?`,
			).run(now, now + ALERT_PERIODS.expireDays * DAY, row.id);
			const watch = db.prepare(
				`INSERT OR IGNORE INTO alert_watch (shop_id, product_id, variant_id, available)
				 VALUES (?, ?, ?, ?)`,
			);
			for (const shopId of row.shop_id === ANY_SHOP ? shops : [row.shop_id]) {
				const ref = { shopId, productId: row.product_id, variantId: row.variant_id };
				watch.run(shopId, row.product_id, row.variant_id, available(ref));
			}
			const confirmed = db.prepare('SELECT * FROM alerts WHERE id = ?').get(row.id) as AlertRow;
			return viewOf(confirmed);
		})
		.immediate();
}

/**
 * 'Non mi interessa più': closes the request of this token if it still waits, and drops its
 * address at once, from the request and from its e-mails (a pending one is not sent).
 */
export function stopAlert(db: Database.Database, tokenHash: string, now: number): AlertView | null {
	return db
		.transaction(() => {
			const row = db.prepare('SELECT * FROM alerts WHERE token_hash = ?').get(tokenHash) as
				AlertRow | undefined;
			if (!row) return null;
			db.prepare(
				`UPDATE alerts SET status = CASE WHEN status IN ('unconfirmed', 'waiting')
						THEN 'stopped' ELSE status END,
					closed_at = COALESCE(closed_at, ?) WHERE id = ?`,
			).run(now, row.id);
			forgetAddresses(db, [row.id]);
			return viewOf({
				...row,
				status: row.status === 'unconfirmed' || row.status === 'waiting' ? 'stopped' : row.status,
			});
		})
		.immediate();
}

/** Drops the address of these requests and of their e-mails; a pending e-mail goes. */
export function forgetAddresses(db: Database.Database, ids: readonly number[]): void {
	const forget = db.prepare('UPDATE alerts SET email = NULL, token_hash = NULL WHERE id = ?');
	const unsent = db.prepare(`DELETE FROM emails WHERE alert_id = ? AND status = 'pending'`);
	const blank = db.prepare(`UPDATE emails SET recipient = '' WHERE alert_id = ?`);
	for (const id of ids) {
		forget.run(id);
		unsent.run(id);
		blank.run(id);
	}
}

/** The requests of these ids, as their e-mails show them, by id. */
export function alertsForEmail(
	db: Database.Database,
	ids: readonly number[],
): Map<number, AlertForEmail> {
	if (ids.length === 0) return new Map();
	const rows = db
		.prepare(`SELECT * FROM alerts WHERE id IN (${ids.map(() => '?').join(', ')})`)
		.all(...ids) as AlertRow[];
	return new Map(
		rows.map((row) => [
			row.id,
			{
				id: row.id,
				createdAt: new Date(row.asked_at),
				productName: row.product_name,
				variantLabel: row.variant_label,
				productPath: row.product_path,
				variantId: row.variant_id,
				shopName: row.shop_id === ANY_SHOP ? null : row.shop_name,
				toldShopName: row.told_shop_name,
				confirmed: row.confirmed_at !== null,
			},
		]),
	);
}

/** The requests as owners of e-mails, for the outbox (src/server/core/kind.ts). */
export const ALERT_OWNER: EmailOwner<AlertForEmail> = {
	name: 'alert',
	column: ALERT_COLUMN,
	messageIdPrefix: 'avviso',
	emails: {
		confirmation: {
			label: 'Conferma della richiesta',
			compose: confirmationText,
			prepare: withAlertLink,
		},
		notice: { label: 'Avviso di disponibilità', compose: noticeText, prepare: withAlertLink },
	},
	load: alertsForEmail,
};
