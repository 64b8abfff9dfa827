/**
 * What a staff device's ping says of a new reservation (src/server/notifications/ reads it
 * through this face, wired by the facade): its pickup code, its day and its pieces in all.
 * Read-only, in the caller's transaction (the outbox's claim).
 */
import type Database from 'better-sqlite3';

/** A reservation as a ping names it. */
export interface ReservationPingContent {
	code: string;
	/** The pickup day, "YYYY-MM-DD". */
	day: string;
	/** Pieces in all. */
	pieces: number;
}

/** The ping's content of each of these reservations, by id; an id with no reservation is absent. */
export function reservationPingContents(
	db: Database.Database,
	ids: readonly number[],
): ReadonlyMap<number, ReservationPingContent> {
	if (ids.length === 0) return new Map();
	const rows = db
		.prepare(
			`SELECT reservation.id, reservation.code, reservation.pickup_day AS day,
				(SELECT COALESCE(SUM(quantity), 0) FROM reservation_items
				 WHERE reservation_id = reservation.id) AS pieces
			 FROM reservations AS reservation
			 WHERE reservation.id IN (SELECT value FROM json_each(?))`,
		)
		.all(JSON.stringify([...new Set(ids)])) as ({ id: number } & ReservationPingContent)[];
	return new Map(rows.map(({ id, code, day, pieces }) => [id, { code, day, pieces }]));
}
