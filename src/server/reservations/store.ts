/**
 * Pickup reservations in the submissions database (tables `reservations` and
 * `reservation_items`, src/server/core/schema.ts): storing one with its e-mails in one
 * transaction, under a pickup code no other stored reservation has, only when the shop
 * still has its pieces available (on hand in the stock ledger, src/server/stock/, minus the
 * pieces other reservations hold there, src/lib/reservations/hold.ts); finding the one stored under
 * a submission key; reading them for the e-mails and for staff. Functions of the open database (SubmissionStore.db,
 * src/server/core/store.ts); the outbox, retention and the rest are the core's.
 */
import type Database from 'better-sqlite3';
import { pickupCode } from '../../lib/reservations/code';
import type { ReservationLine } from '../../lib/reservations/items';
import type { PickupReservation } from '../../lib/reservations/request';
import { pickupDayHours, romeToday } from '../../lib/reservations/days';
import { heldThrough, NEW_RESERVATION_STATUS } from '../../lib/reservations/hold';
import { HOLDING_STATUSES_SQL } from '../../lib/reservations/status';
import { formatDayHours } from '../../lib/shops/hours';
import {
	emailStates,
	insertClaimedEmails,
	limitConfirmations,
	storedEmailsFrom,
} from '../core/email-rows';
import type { EmailJob, EmailOwner } from '../core/kind';
import type { Delivery, EarlierSubmission, StoredEmail, SubmissionBase } from '../core/schema';
import { RESERVATION_EMAILS, type ReservationForEmail } from './email-text';
import { RESERVATION_STATUS_EMAILS } from './status-email-text';
import { withCustomerLink } from './email-link';
import { onHandAt, type OpenHold } from '../stock';
import { availablePieces } from '../../lib/stock/ledger';

/** The column of `emails` naming a reservation. */
const RESERVATION_COLUMN = 'reservation_id';

/** A checked reservation to store. */
export interface NewReservation extends SubmissionBase {
	reservation: PickupReservation;
	/** Days the shop holds the items (the settings' pickupHoldDays when it arrived). */
	holdDays: number;
	/** The SHA-256 of the customer's link token (src/server/reservations/customer-token.ts). */
	customerTokenHash?: string | undefined;
	/** Queues the new reservation's pushes to staff devices, inside its transaction. */
	queuePushes?:
		((db: Database.Database, reservation: { id: number; shopId: string }) => number) | undefined;
}

/** A line the shop cannot hold: fewer pieces available than asked. */
export interface HeldShortage {
	/** The line (after merging), as in `reservation.lines`. */
	line: number;
	/** Pieces still available at the shop: on hand minus those held. */
	free: number;
	/** Pieces other reservations hold there (0: the shop simply has no more). */
	held: number;
}

/** A reservation stored earlier under the same submission key. */
export interface EarlierReservation extends EarlierSubmission {
	code: string;
}

/** What insertReservation did: stored the reservation, or found it stored already. */
export type InsertReservationResult =
	| {
			id: number;
			code: string;
			jobs: EmailJob<ReservationForEmail>[];
			earlier?: undefined;
	  }
	| { id: number; code: string; jobs: []; earlier: EarlierReservation }
	| { shortages: HeldShortage[]; earlier?: undefined };

/** A stored reservation with its e-mails, as staff see it. */
export interface StoredReservation extends ReservationForEmail {
	spam: boolean;
	delivery: Delivery;
	emails: StoredEmail[];
	/** The sender's address as the server knew it; null for one stored before it was kept. */
	clientAddress: string | null;
}

/** A row of `reservations`. */
interface ReservationRow {
	id: number;
	created_at: string;
	code: string;
	shop_name: string;
	shop_address: string;
	shop_phone: string;
	shop_email: string;
	pickup_day: string;
	pickup_hours: string;
	hold_days: number;
	total_cents: number;
	name: string;
	email: string;
	phone: string;
	spam: number;
	delivery: Delivery;
	confirmation_withheld: number;
	client_address: string | null;
	held_through: string | null;
	cancel_reason: string | null;
}

/** A row of `reservation_items`. */
export interface ItemRow {
	reservation_id: number;
	position: number;
	product_id: string;
	variant_id: string;
	product_name: string;
	variant_label: string;
	unit_price_cents: number;
	quantity: number;
}

/** Draws after which a clash of codes is taken for a broken source of randomness. */
const MAX_CODE_DRAWS = 20;

/** A code no stored reservation has (inside the write transaction, so none can take it). */
function freshCode(db: Database.Database, draw: () => string): string {
	const taken = db.prepare('SELECT 1 FROM reservations WHERE code = ?');
	for (let attempt = 0; attempt < MAX_CODE_DRAWS; attempt++) {
		const code = draw();
		if (!taken.get(code)) return code;
	}
	throw new Error(`No free pickup code after ${MAX_CODE_DRAWS} draws.`);
}

/** The reservation stored under this submission key, if any. */
export function earlierReservation(
	db: Database.Database,
	submissionKey: string,
): EarlierReservation | null {
	const row = db
		.prepare(
			`SELECT id, code, delivery, submission_fingerprint AS fingerprint
			 FROM reservations WHERE submission_key = ?`,
		)
		.get(submissionKey) as Omit<EarlierReservation, 'emails'> | undefined;
	if (!row) return null;
	return { ...row, emails: emailStates(db, RESERVATION_COLUMN, row.id) };
}

/** The key of a variant in heldPieces' map. */
export function variantKey(productId: string, variantId: string): string {
	return `${productId}\n${variantId}`;
}

/**
 * Pieces held at a shop on `now`'s Rome day, by variant (variantKey): those of the reservations
 * still 'held' or 'ready' whose last held day has not passed (src/lib/reservations/hold.ts), even
 * before the background pass has marked them 'not_collected'. Spam holds nothing: the shop
 * never prepares it.
 */
export function heldPieces(db: Database.Database, shopId: string, now: Date): Map<string, number> {
	const rows = db
		.prepare(
			`SELECT item.product_id, item.variant_id, SUM(item.quantity) AS held
			 FROM reservation_items AS item JOIN reservations ON reservations.id = item.reservation_id
			 WHERE reservations.shop_id = ? AND reservations.status IN ${HOLDING_STATUSES_SQL}
				AND reservations.held_through >= ? AND reservations.spam = 0
			 GROUP BY item.product_id, item.variant_id`,
		)
		.all(shopId, romeToday(now)) as { product_id: string; variant_id: string; held: number }[];
	return new Map(rows.map((row) => [variantKey(row.product_id, row.variant_id), row.held]));
}

/** The lines asking more than the shop has available (on hand in the ledger less what is held). */
function shortages(db: Database.Database, input: NewReservation): HeldShortage[] {
	const { reservation } = input;
	const shopId = reservation.shop.id;
	const held = heldPieces(db, shopId, input.createdAt);
	const onHand = onHandAt(db, shopId, [
		...new Set(reservation.lines.map((line) => line.productId)),
	]);
	return reservation.lines.flatMap((line, index): HeldShortage[] => {
		const key = variantKey(line.productId, line.variantId);
		const taken = held.get(key) ?? 0;
		const free = availablePieces(onHand.get(key) ?? 0, taken);
		return line.quantity > free ? [{ line: index, free, held: taken }] : [];
	});
}

/**
 * The lines of the open reservations of these shops (held or ready, hold not ended, not spam),
 * oldest reservation first: what the ledger shares on hand out to ('Pezzi mancanti').
 */
export function openHolds(
	db: Database.Database,
	shopIds: readonly string[],
	now: Date,
): OpenHold[] {
	if (shopIds.length === 0) return [];
	return db
		.prepare(
			`SELECT reservations.id AS reservationId, reservations.shop_id AS shopId,
				item.product_id AS productId, item.variant_id AS variantId, SUM(item.quantity) AS pieces
			 FROM reservation_items AS item JOIN reservations ON reservations.id = item.reservation_id
			 WHERE reservations.shop_id IN (${shopIds.map(() => '?').join(', ')})
				AND reservations.status IN ${HOLDING_STATUSES_SQL} AND reservations.held_through >= ?
				AND reservations.spam = 0
			 GROUP BY reservations.id, item.product_id, item.variant_id
			 ORDER BY reservations.id`,
		)
		.all(...shopIds, romeToday(now)) as OpenHold[];
}

/** The lines of one reservation by variant, as a collection lowers on hand. */
export function reservationLines(
	db: Database.Database,
	reservationId: number,
): { productId: string; variantId: string; pieces: number }[] {
	return db
		.prepare(
			`SELECT product_id AS productId, variant_id AS variantId, SUM(quantity) AS pieces
			 FROM reservation_items WHERE reservation_id = ?
			 GROUP BY product_id, variant_id ORDER BY MIN(position)`,
		)
		.all(reservationId) as { productId: string; variantId: string; pieces: number }[];
}

/**
 * Stores a reservation, its lines and its e-mails (claimed by `claimedBy`) in one IMMEDIATE
 * transaction, under a fresh pickup code; or, for a submission key stored already, returns
 * the earlier reservation and stores nothing.
 */
export function insertReservation(
	db: Database.Database,
	input: NewReservation,
	claimedBy: string,
	draw: () => string = pickupCode,
): InsertReservationResult {
	const { reservation, createdAt } = input;
	const insert = db.transaction((): InsertReservationResult => {
		const earlier = input.submissionKey ? earlierReservation(db, input.submissionKey) : null;
		if (earlier) return { id: earlier.id, code: earlier.code, jobs: [], earlier };
		// Checked and stored under one write lock: two reservations for the last pieces cannot
		// both see them free.
		const short = input.spam ? [] : shortages(db, input);
		if (short.length > 0) return { shortages: short };
		const limited = limitConfirmations(db, input.emails, input.confirmationsPerDay, createdAt);
		const code = freshCode(db, draw);
		const { shop } = reservation;
		const dayHours = formatDayHours(pickupDayHours(shop, reservation.day));
		const id = Number(
			db
				.prepare(
					`INSERT INTO reservations (created_at, code, shop_id, shop_name, shop_address, shop_phone,
						shop_email, pickup_day, pickup_hours, hold_days, total_cents, name, email, phone,
						privacy_accepted, spam, delivery, submission_key, status, held_through,
						submission_fingerprint, confirmation_withheld, client_address, customer_token_hash)
					 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				)
				.run(
					createdAt.toISOString(),
					code,
					shop.id,
					shop.name,
					shop.address,
					shop.phone,
					shop.email,
					reservation.day,
					dayHours,
					input.holdDays,
					reservation.totalCents,
					reservation.name,
					reservation.email,
					reservation.phone,
					input.spam ? 1 : 0,
					input.delivery,
					input.submissionKey ?? null,
					NEW_RESERVATION_STATUS,
					heldThrough(reservation.day, input.holdDays),
					input.submissionFingerprint ?? null,
					limited.withheld ? 1 : 0,
					input.clientAddress ?? null,
					input.customerTokenHash ?? null,
				).lastInsertRowid,
		);
		const addLine = db.prepare(
			`INSERT INTO reservation_items (reservation_id, position, product_id, variant_id,
				product_name, variant_label, unit_price_cents, quantity)
			 VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		);
		reservation.lines.forEach((line, position) => {
			addLine.run(
				id,
				position,
				line.productId,
				line.variantId,
				line.productName,
				line.variantLabel,
				line.unitPriceCents,
				line.quantity,
			);
		});
		const forEmail: ReservationForEmail = {
			id,
			code,
			createdAt,
			shopName: shop.name,
			shopAddress: shop.address,
			shopPhone: shop.phone,
			shopEmail: shop.email,
			day: reservation.day,
			dayHours,
			holdDays: input.holdDays,
			name: reservation.name,
			email: reservation.email,
			phone: reservation.phone,
			lines: reservation.lines,
			totalCents: reservation.totalCents,
			confirmationWithheld: limited.withheld,
			heldThrough: heldThrough(reservation.day, input.holdDays),
			cancelReason: null,
		};
		const emails = insertClaimedEmails(
			db,
			RESERVATION_COLUMN,
			id,
			limited.emails,
			createdAt.getTime(),
			claimedBy,
		);
		const jobs = emails.map((email) => ({ ...email, owner: RESERVATION_OWNER, about: forEmail }));
		input.queuePushes?.(db, { id, shopId: shop.id });
		return { id, code, jobs };
	});
	// IMMEDIATE: the write lock is taken before the look-ups (submission key, held pieces, code).
	return insert.immediate();
}

const RESERVATION_COLUMNS = `id, created_at, code, shop_name, shop_address, shop_phone, shop_email,
	pickup_day, pickup_hours, hold_days, total_cents, name, email, phone, spam, delivery,
	confirmation_withheld, client_address, held_through,
	(SELECT reason FROM reservation_events AS event
	 WHERE event.reservation_id = reservations.id AND event.to_status = 'cancelled'
	 ORDER BY event.id DESC LIMIT 1) AS cancel_reason`;

/** Rows of `reservations` with their lines, as the e-mails show them. */
function withLines(db: Database.Database, rows: readonly ReservationRow[]): ReservationForEmail[] {
	if (rows.length === 0) return [];
	const ids = rows.map((row) => row.id);
	const items = db
		.prepare(
			`SELECT * FROM reservation_items WHERE reservation_id IN (${ids.map(() => '?').join(', ')})
			 ORDER BY reservation_id, position`,
		)
		.all(...ids) as ItemRow[];
	const lines = new Map<number, ReservationLine[]>();
	for (const item of items) {
		const list = lines.get(item.reservation_id) ?? [];
		list.push({
			productId: item.product_id,
			variantId: item.variant_id,
			productName: item.product_name,
			variantLabel: item.variant_label,
			unitPriceCents: item.unit_price_cents,
			quantity: item.quantity,
		});
		lines.set(item.reservation_id, list);
	}
	return rows.map((row) => ({
		id: row.id,
		code: row.code,
		createdAt: new Date(row.created_at),
		shopName: row.shop_name,
		shopAddress: row.shop_address,
		shopPhone: row.shop_phone,
		shopEmail: row.shop_email,
		day: row.pickup_day,
		dayHours: row.pickup_hours,
		holdDays: row.hold_days,
		name: row.name,
		email: row.email,
		phone: row.phone,
		lines: lines.get(row.id) ?? [],
		totalCents: row.total_cents,
		confirmationWithheld: row.confirmation_withheld === 1,
		heldThrough: row.held_through ?? heldThrough(row.pickup_day, row.hold_days),
		cancelReason: row.cancel_reason,
	}));
}

/** The reservations of these ids, with their lines, by id (for claimed e-mails). */
export function reservationsForEmail(
	db: Database.Database,
	ids: readonly number[],
): Map<number, ReservationForEmail> {
	if (ids.length === 0) return new Map();
	const rows = db
		.prepare(
			`SELECT ${RESERVATION_COLUMNS} FROM reservations WHERE id IN (${ids.map(() => '?').join(', ')})`,
		)
		.all(...ids) as ReservationRow[];
	return new Map(withLines(db, rows).map((reservation) => [reservation.id, reservation]));
}

/** The stored reservations, newest first, with their lines and e-mails. */
export function listReservations(db: Database.Database, limit?: number): StoredReservation[] {
	const rows = db
		.prepare(`SELECT ${RESERVATION_COLUMNS} FROM reservations ORDER BY id DESC LIMIT ?`)
		.all(limit ?? -1) as ReservationRow[];
	const emails = storedEmailsFrom(
		db,
		RESERVATION_COLUMN,
		rows.at(-1)?.id ?? Number.MAX_SAFE_INTEGER,
	);
	return withLines(db, rows).map((reservation, index) => ({
		...reservation,
		spam: rows[index]?.spam === 1,
		delivery: rows[index]?.delivery ?? 'none',
		emails: emails.get(reservation.id) ?? [],
		clientAddress: rows[index]?.client_address ?? null,
	}));
}

/** How many reservations are stored. */
export function countReservations(db: Database.Database): number {
	return (db.prepare('SELECT COUNT(*) AS count FROM reservations').get() as { count: number })
		.count;
}

/** Reservations as owners of e-mails, for the outbox (src/server/core/kind.ts). */
export const RESERVATION_OWNER: EmailOwner<ReservationForEmail> = {
	name: 'reservation',
	column: RESERVATION_COLUMN,
	messageIdPrefix: 'ritiro',
	emails: {
		...RESERVATION_EMAILS,
		// The confirmation carries the customer's link, drawn at each attempt.
		confirmation: { ...RESERVATION_EMAILS.confirmation, prepare: withCustomerLink },
		...RESERVATION_STATUS_EMAILS,
	},
	load: reservationsForEmail,
};
