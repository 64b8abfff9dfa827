/**
 * Changes of a reservation's state in the messages database (src/lib/reservations/status.ts has the
 * rules): one function for every change, by staff, by the customer or by the server. A change,
 * the event that records who made it and when, and the e-mails it sends are written in one
 * IMMEDIATE transaction, so no one sees one without the others, and two changes of the same
 * reservation are made one after the other: the second one, made from the version the first one
 * replaced, is refused as a conflict instead of overwriting it.
 *
 * 'Pronta per il ritiro' can be undone for a short while (src/lib/reservations/undo.ts): its e-mail to
 * the customer is stored due at the end of that window rather than sent at once, and the undo
 * deletes it in the same transaction that moves the reservation back to 'held', so an undone
 * 'Pronta' never reaches the customer and an e-mail already on its way cannot be undone. Any
 * other change away from 'ready' also drops that e-mail while it waits: a customer who collected
 * or cancelled meanwhile is not told afterwards that it is ready.
 *
 * 'Ritirata' lowers the shop's on hand in the stock ledger by the reservation's pieces, in the
 * same transaction (src/server/stock/): the pieces have left the shop. Every other end of a
 * reservation only releases its hold, which is read, not stored.
 *
 * A 'held' or 'ready' reservation whose hold has ended becomes 'not_collected' (by the system):
 * the background pass (expireReservations) stores it for every reservation due, and a change
 * stores it first for its own, so a change is always judged against the state of now.
 */
import type Database from 'better-sqlite3';
import { romeToday } from '../../lib/reservations/days';
import {
	checkChange,
	effectiveStatus,
	HOLDING_STATUSES_SQL,
	type ReservationStatus,
	type StatusActor,
} from '../../lib/reservations/status';
import type { ReservationForEmail } from './email-text';
import type { ReservationChangeEmailKind } from './status-email-text';
import { reservationLines } from './hold-store';
import { RESERVATION_OWNER, reservationsForEmail } from './read-store';
import { recordCollection } from '../stock';
import { readyEmailDueAt, undoCheck } from '../../lib/reservations/undo';
import { insertClaimedEmails, insertEmailsDueAt } from '../core/email-rows';
import type { EmailJob } from '../core/kind';
import type { NewEmail } from '../core/schema';

/** A member of staff, as a change records them. */
export interface StaffActor {
	id: number;
	name: string;
}

/** A change asked for. */
export interface StatusChange {
	reservationId: number;
	to: ReservationStatus;
	actor: StatusActor;
	/** Who, when the actor is staff (required then). */
	staff?: StaffActor | undefined;
	/** Why (staff cancelling must give one: the customer receives it). */
	reason?: string | null | undefined;
	/** The version the change was made from; when given and no longer current: a conflict. */
	fromVersion?: number | undefined;
	/** Only reservations of these shops: any other is not found (staff see their shops only). */
	shopIds?: readonly string[] | undefined;
	now: Date;
	/** Stores the change's e-mails claimed by this process; without it none (no mail server). */
	claimedBy?: string | undefined;
	/**
	 * The undo of staff's latest 'Pronta' (`to` is then 'held'): allowed only to the member who
	 * marked it, within `undoWindowMs` of it, and only while its e-mail has not left.
	 */
	undo?: boolean | undefined;
	/**
	 * How long 'Pronta' can be undone, in ms: its e-mail is due when this ends (0: sent at once).
	 */
	undoWindowMs?: number | undefined;
}

/** One recorded change of a reservation. */
export interface ReservationEvent {
	id: number;
	/** ISO time. */
	at: string;
	actor: StatusActor;
	staffId: number | null;
	staffName: string | null;
	from: ReservationStatus;
	to: ReservationStatus;
	reason: string | null;
}

/** What a change did. */
export type StatusChangeResult =
	| {
			outcome: 'changed';
			status: ReservationStatus;
			version: number;
			event: ReservationEvent;
			/** The e-mails of the change, claimed by `claimedBy`, for the outbox to send now. */
			jobs: EmailJob<ReservationForEmail>[];
			/** When an e-mail stored for later is due (the 'pronta' one, after the undo window). */
			emailDueAt: number | null;
	  }
	| { outcome: 'not-found' }
	| {
			outcome: 'conflict';
			status: ReservationStatus;
			version: number;
			/** The latest change, which the caller had not seen. */
			last: ReservationEvent | null;
	  }
	| {
			outcome: 'not-allowed';
			status: ReservationStatus;
			version: number;
			why: 'state' | 'reason-required' | 'reason-too-long' | 'undo-expired';
	  }
	| {
			outcome: 'not-allowed';
			status: ReservationStatus;
			version: number;
			why: 'undo-not-yours';
			/** The member who marked it 'Pronta', as it was then: only they can undo it. */
			markedBy: string | null;
	  };

/** The columns of `reservations` a change reads. */
interface StateRow {
	id: number;
	shop_id: string;
	status: ReservationStatus;
	version: number;
	held_through: string;
	email: string;
	shop_email: string;
	spam: number;
}

/** A row of `reservation_events`. */
export interface EventRow {
	id: number;
	at: string;
	actor: StatusActor;
	staff_id: number | null;
	staff_name: string | null;
	from_status: ReservationStatus;
	to_status: ReservationStatus;
	reason: string | null;
}

/** An event row as the callers see it. */
export function eventOf(row: EventRow): ReservationEvent {
	return {
		id: row.id,
		at: row.at,
		actor: row.actor,
		staffId: row.staff_id,
		staffName: row.staff_name,
		from: row.from_status,
		to: row.to_status,
		reason: row.reason,
	};
}

/** The e-mail a change sends, if any: whom it tells and of what. */
function emailOf(
	row: StateRow,
	to: ReservationStatus,
	actor: StatusActor,
): (NewEmail & { kind: ReservationChangeEmailKind }) | null {
	// Spam was never shown to the shop, and its address may not be the sender's.
	if (row.spam === 1) return null;
	if (to === 'ready' && actor === 'staff') return { kind: 'ready', recipient: row.email };
	if (to === 'cancelled' && actor === 'staff') return { kind: 'cancelled', recipient: row.email };
	if (to === 'cancelled' && actor === 'customer') {
		return { kind: 'customer_cancelled', recipient: row.shop_email };
	}
	return null;
}

/**
 * Deletes the 'pronta' e-mail of a reservation while it waits unsent (inside the caller's
 * transaction); returns whether there was one. One being sent or sent stays.
 */
function dropWaitingReadyEmail(db: Database.Database, reservationId: number): boolean {
	return (
		db
			.prepare(
				`DELETE FROM emails WHERE reservation_id = ? AND kind = 'ready' AND status = 'pending'`,
			)
			.run(reservationId).changes > 0
	);
}

/** Whether the reservation has a 'pronta' e-mail being sent, sent, or past sending. */
function readyEmailLeft(db: Database.Database, reservationId: number): boolean {
	return (
		db
			.prepare(
				`SELECT 1 FROM emails WHERE reservation_id = ? AND kind = 'ready' AND status <> 'pending'`,
			)
			.get(reservationId) !== undefined
	);
}

/** Writes one change and its event (inside the caller's transaction). */
function record(
	db: Database.Database,
	row: StateRow,
	to: ReservationStatus,
	actor: StatusActor,
	staff: StaffActor | null,
	reason: string | null,
	now: Date,
): ReservationEvent {
	if (row.status === 'ready') dropWaitingReadyEmail(db, row.id);
	db.prepare(`UPDATE reservations SET status = ?, version = version + 1 WHERE id = ?`).run(
		to,
		row.id,
	);
	const at = now.toISOString();
	const id = Number(
		db
			.prepare(
				`INSERT INTO reservation_events (reservation_id, at, actor, staff_id, staff_name,
					from_status, to_status, reason)
				 VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			)
			.run(row.id, at, actor, staff?.id ?? null, staff?.name ?? null, row.status, to, reason)
			.lastInsertRowid,
	);
	return {
		id,
		at,
		actor,
		staffId: staff?.id ?? null,
		staffName: staff?.name ?? null,
		from: row.status,
		to,
		reason,
	};
}

/** The latest event of a reservation, if any. */
export function lastEvent(db: Database.Database, reservationId: number): ReservationEvent | null {
	const row = db
		.prepare(`SELECT * FROM reservation_events WHERE reservation_id = ? ORDER BY id DESC LIMIT 1`)
		.get(reservationId) as EventRow | undefined;
	return row ? eventOf(row) : null;
}

/** Every event of a reservation, oldest first. */
export function eventsOf(db: Database.Database, reservationId: number): ReservationEvent[] {
	return (
		db
			.prepare(`SELECT * FROM reservation_events WHERE reservation_id = ? ORDER BY id`)
			.all(reservationId) as EventRow[]
	).map(eventOf);
}

const STATE_COLUMNS = 'id, shop_id, status, version, held_through, email, shop_email, spam';

/** Stores 'not_collected' for one reservation whose hold has ended; returns its new row. */
function expireIfDue(db: Database.Database, row: StateRow, now: Date): StateRow {
	if (effectiveStatus(row.status, row.held_through, now) !== 'not_collected') return row;
	if (row.status === 'not_collected') return row;
	record(db, row, 'not_collected', 'system', null, null, now);
	return { ...row, status: 'not_collected', version: row.version + 1 };
}

/**
 * Makes one change of a reservation's state (see the top of this file): not found (also for
 * another shop's, so staff cannot learn it exists), a conflict when `fromVersion` is no longer
 * current, not allowed by the rules, or made, with its event and its e-mails.
 */
export function changeReservationStatus(
	db: Database.Database,
	change: StatusChange,
): StatusChangeResult {
	const run = db.transaction((): StatusChangeResult => {
		const found = db
			.prepare(`SELECT ${STATE_COLUMNS} FROM reservations WHERE id = ?`)
			.get(change.reservationId) as StateRow | undefined;
		if (!found || (change.shopIds && !change.shopIds.includes(found.shop_id))) {
			return { outcome: 'not-found' };
		}
		const row = expireIfDue(db, found, change.now);
		if (change.fromVersion !== undefined && change.fromVersion !== row.version) {
			return {
				outcome: 'conflict',
				status: row.status,
				version: row.version,
				last: lastEvent(db, row.id),
			};
		}
		const staff = change.actor === 'staff' ? (change.staff ?? null) : null;
		if (change.actor === 'staff' && !staff) throw new Error('A change by staff names who.');
		if (change.undo) {
			// Only a member of staff undoes, and only their own 'Pronta'.
			if (!staff) {
				return { outcome: 'not-allowed', status: row.status, version: row.version, why: 'state' };
			}
			const last = lastEvent(db, row.id);
			const undo = undoCheck(row.status, last, staff.id, change.now, change.undoWindowMs ?? 0);
			if (!undo.ok && undo.why === 'another-member') {
				return {
					outcome: 'not-allowed',
					status: row.status,
					version: row.version,
					why: 'undo-not-yours',
					markedBy: last?.staffName ?? null,
				};
			}
			const late = !undo.ok ? undo.why === 'expired' : readyEmailLeft(db, row.id);
			if (!undo.ok || late || change.to !== 'held') {
				const why = late ? 'undo-expired' : 'state';
				return { outcome: 'not-allowed', status: row.status, version: row.version, why };
			}
			const event = record(db, row, 'held', 'staff', staff, null, change.now);
			return {
				outcome: 'changed',
				status: 'held',
				version: row.version + 1,
				event,
				jobs: [],
				emailDueAt: null,
			};
		}
		const check = checkChange(row.status, change.to, change.actor, change.reason);
		if (!check.ok) {
			const why = check.error === 'not-allowed' ? 'state' : check.error;
			return { outcome: 'not-allowed', status: row.status, version: row.version, why };
		}
		const event = record(db, row, change.to, change.actor, staff, check.reason, change.now);
		// Spam was never prepared: nothing of it leaves the shelf.
		if (change.to === 'collected' && row.spam === 0) {
			const lines = reservationLines(db, row.id);
			recordCollection(db, { reservationId: row.id, shopId: row.shop_id, lines }, change.now);
		}
		const email = change.claimedBy ? emailOf(row, change.to, change.actor) : null;
		// 'Pronta' can be undone for a while: its e-mail waits in the outbox until then.
		const delay = email?.kind === 'ready' ? (change.undoWindowMs ?? 0) : 0;
		if (email && delay > 0) {
			const dueAt = readyEmailDueAt(change.now, delay);
			insertEmailsDueAt(db, RESERVATION_OWNER.column, row.id, [email], change.now.getTime(), dueAt);
			return {
				outcome: 'changed',
				status: change.to,
				version: row.version + 1,
				event,
				jobs: [],
				emailDueAt: dueAt,
			};
		}
		const claimed =
			email && change.claimedBy
				? insertClaimedEmails(
						db,
						RESERVATION_OWNER.column,
						row.id,
						[email],
						change.now.getTime(),
						change.claimedBy,
					)
				: [];
		const reservation = claimed.length > 0 ? reservationsForEmail(db, [row.id]).get(row.id) : null;
		const jobs: EmailJob<ReservationForEmail>[] = reservation
			? claimed.map((job) => ({ ...job, owner: RESERVATION_OWNER, about: reservation }))
			: [];
		return {
			outcome: 'changed',
			status: change.to,
			version: row.version + 1,
			event,
			jobs,
			emailDueAt: null,
		};
	});
	// IMMEDIATE: the write lock is taken before the state is read, so no other change slips in.
	return run.immediate();
}

/**
 * The background pass: stores 'not_collected' (by the system) for every 'held' or 'ready'
 * reservation whose last held day has ended in Rome at `now`. Returns how many it changed.
 */
export function expireReservations(db: Database.Database, now: Date): number {
	const run = db.transaction((): number => {
		const due = db
			.prepare(
				`SELECT ${STATE_COLUMNS} FROM reservations
				 WHERE status IN ${HOLDING_STATUSES_SQL} AND held_through < ?`,
			)
			.all(romeToday(now)) as StateRow[];
		for (const row of due) expireIfDue(db, row, now);
		return due.length;
	});
	return run.immediate();
}
