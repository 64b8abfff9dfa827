/**
 * What staff read of the reservations of their shops: the list of the coming days (and of the
 * earlier days whose pieces are still held), one reservation in full with its history, and the
 * search by pickup code. Every read names the shops the member of staff serves: a reservation of
 * another shop is never returned, as if it did not exist. States are those of `now`
 * (effectiveStatus), even before the background pass has stored them. Spam never shows: the
 * shop was never told of it.
 */
import type Database from 'better-sqlite3';
import type { DeskListItem } from '../../lib/reservations/desk-list';
import { romeToday } from '../../lib/reservations/days';
import {
	effectiveStatus,
	HOLDING_STATUSES_SQL,
	type ReservationStatus,
} from '../../lib/reservations/status';
import type { EmailKind, EmailState } from '../core/schema';
import { eventsOf, type ReservationEvent } from './status-store';

/** A reservation in the staff list: the shape the desk's list groups by day. */
export type StaffReservationSummary = DeskListItem;

/** A line of a reservation. */
export interface StaffReservationLine {
	productName: string;
	variantLabel: string;
	quantity: number;
	unitPriceCents: number;
}

/** One reservation in full, as staff see it. */
export interface StaffReservation extends StaffReservationSummary {
	createdAt: string;
	dayHours: string;
	email: string;
	phone: string;
	lines: StaffReservationLine[];
	events: ReservationEvent[];
	emails: { kind: EmailKind; status: EmailState }[];
}

interface SummaryRow {
	id: number;
	code: string;
	shop_id: string;
	shop_name: string;
	pickup_day: string;
	name: string;
	status: ReservationStatus;
	version: number;
	pieces: number;
	total_cents: number;
	held_through: string;
}

const SUMMARY_COLUMNS = `reservations.id, code, shop_id, shop_name, pickup_day, name, status, version,
	total_cents, held_through,
	(SELECT COALESCE(SUM(quantity), 0) FROM reservation_items AS item
	 WHERE item.reservation_id = reservations.id) AS pieces`;

function summaryOf(row: SummaryRow, now: Date): StaffReservationSummary {
	return {
		id: row.id,
		code: row.code,
		shopId: row.shop_id,
		shopName: row.shop_name,
		day: row.pickup_day,
		name: row.name,
		status: effectiveStatus(row.status, row.held_through, now),
		version: row.version,
		pieces: row.pieces,
		totalCents: row.total_cents,
		heldThrough: row.held_through,
	};
}

/** `?, ?, ?` for a list of values. */
function marks(values: readonly unknown[]): string {
	return values.map(() => '?').join(', ');
}

/**
 * The reservations of `shopIds` for today (Rome) and the coming days, and those of earlier days
 * still held (waiting for their customer), by day then by code. At most `limit` (500).
 */
export function staffReservations(
	db: Database.Database,
	shopIds: readonly string[],
	now: Date,
	limit = 500,
): StaffReservationSummary[] {
	if (shopIds.length === 0) return [];
	const today = romeToday(now);
	const rows = db
		.prepare(
			`SELECT ${SUMMARY_COLUMNS} FROM reservations
			 WHERE shop_id IN (${marks(shopIds)}) AND spam = 0
				AND (pickup_day >= ? OR (status IN ${HOLDING_STATUSES_SQL} AND held_through >= ?))
			 ORDER BY pickup_day, code LIMIT ?`,
		)
		.all(...shopIds, today, today, limit) as SummaryRow[];
	return rows.map((row) => summaryOf(row, now));
}

/** One reservation of `shopIds`, in full, or null (also when it is another shop's). */
export function staffReservation(
	db: Database.Database,
	id: number,
	shopIds: readonly string[],
	now: Date,
): StaffReservation | null {
	if (shopIds.length === 0 || !Number.isSafeInteger(id)) return null;
	const row = db
		.prepare(
			`SELECT ${SUMMARY_COLUMNS}, created_at, pickup_hours, email, phone FROM reservations
			 WHERE id = ? AND shop_id IN (${marks(shopIds)}) AND spam = 0`,
		)
		.get(id, ...shopIds) as
		| (SummaryRow & { created_at: string; pickup_hours: string; email: string; phone: string })
		| undefined;
	if (!row) return null;
	const lines = db
		.prepare(
			`SELECT product_name, variant_label, quantity, unit_price_cents FROM reservation_items
			 WHERE reservation_id = ? ORDER BY position`,
		)
		.all(id) as {
		product_name: string;
		variant_label: string;
		quantity: number;
		unit_price_cents: number;
	}[];
	const emails = db
		.prepare(`SELECT kind, status FROM emails WHERE reservation_id = ? ORDER BY id`)
		.all(id) as { kind: EmailKind; status: EmailState }[];
	return {
		...summaryOf(row, now),
		createdAt: row.created_at,
		dayHours: row.pickup_hours,
		email: row.email,
		phone: row.phone,
		lines: lines.map((line) => ({
			productName: line.product_name,
			variantLabel: line.variant_label,
			quantity: line.quantity,
			unitPriceCents: line.unit_price_cents,
		})),
		events: eventsOf(db, id),
		emails,
	};
}

/** The id of the reservation of `shopIds` with this pickup code (any case), or null. */
export function staffReservationIdByCode(
	db: Database.Database,
	code: string,
	shopIds: readonly string[],
): number | null {
	if (shopIds.length === 0) return null;
	const row = db
		.prepare(
			`SELECT id FROM reservations
			 WHERE code = ? AND shop_id IN (${marks(shopIds)}) AND spam = 0`,
		)
		.get(code.trim().toUpperCase(), ...shopIds) as { id: number } | undefined;
	return row?.id ?? null;
}
