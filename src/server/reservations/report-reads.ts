/**
 * What l'andamento (src/server/reports/) reads of the reservations: when they were made, and the
 * changes of state that end them or make them ready, with who made them. Spam is left out: the
 * shop never sees it. Read-only; the indexes these reads use are the reports' migration's
 * (src/server/reports/migrations.ts).
 */
import type Database from 'better-sqlite3';
import type { ReservationStatus, StatusActor } from '../../lib/reservations/status';

/** A reservation made, by shop and time. */
export interface MadeReservation {
	shopId: string;
	createdAt: string;
}

/** A change of state to 'ready' or to a final state, with its reservation's creation time. */
export interface ReservationOutcome {
	shopId: string;
	reservationId: number;
	createdAt: string;
	at: string;
	toStatus: ReservationStatus;
	actor: StatusActor;
}

const placeholders = (count: number) => Array.from({ length: count }, () => '?').join(', ');

/** The reservations made at these shops from `fromIso` (included) to `toIso` (excluded). */
export function reservationsMade(
	db: Database.Database,
	shopIds: readonly string[],
	fromIso: string,
	toIso: string,
): MadeReservation[] {
	if (shopIds.length === 0) return [];
	return db
		.prepare(
			`SELECT shop_id AS shopId, created_at AS createdAt FROM reservations
			 INDEXED BY reservations_shop_created
			 WHERE shop_id IN (${placeholders(shopIds.length)}) AND created_at >= ? AND created_at < ?
				AND spam = 0`,
		)
		.all(...shopIds, fromIso, toIso) as MadeReservation[];
}

/**
 * The changes to 'ready', 'collected', 'not_collected' and 'cancelled' of reservations of these
 * shops made from `fromIso` (included) to `toIso` (excluded), oldest first. The events of the
 * span first (CROSS JOIN keeps that order), each then finding its reservation by id: the other
 * way round would walk every reservation ever made.
 */
export function reservationOutcomes(
	db: Database.Database,
	shopIds: readonly string[],
	fromIso: string,
	toIso: string,
): ReservationOutcome[] {
	if (shopIds.length === 0) return [];
	return db
		.prepare(
			`SELECT r.shop_id AS shopId, r.id AS reservationId, r.created_at AS createdAt, e.at,
				e.to_status AS toStatus, e.actor
			 FROM reservation_events AS e INDEXED BY reservation_events_time
			 CROSS JOIN reservations AS r ON r.id = e.reservation_id
			 WHERE e.at >= ? AND e.at < ?
				AND e.to_status IN ('ready', 'collected', 'not_collected', 'cancelled')
				AND r.shop_id IN (${placeholders(shopIds.length)}) AND r.spam = 0
			 ORDER BY e.at, e.id`,
		)
		.all(fromIso, toIso, ...shopIds) as ReservationOutcome[];
}
