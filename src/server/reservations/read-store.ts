/**
 * Stored reservations read back with their lines (tables `reservations` and
 * `reservation_items`): for the e-mails the outbox sends about them (RESERVATION_OWNER, the
 * reservations as owners of e-mails) and for the staff's report with its e-mails.
 */
import type Database from 'better-sqlite3';
import type { ReservationLine } from '../../lib/reservations/items';
import { heldThrough } from '../../lib/reservations/hold';
import { storedEmailsFrom } from '../core/email-rows';
import type { EmailOwner } from '../core/kind';
import type { Delivery, StoredEmail } from '../core/schema';
import { RESERVATION_EMAILS, type ReservationForEmail } from './email-text';
import { RESERVATION_STATUS_EMAILS } from './status-email-text';
import { withCustomerLink } from './email-link';

/** The column of `emails` naming a reservation. */
export const RESERVATION_COLUMN = 'reservation_id';

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
