/**
 * The staff desk's part of the service (App.Locals['contact'], put together in
 * src/server/services/index.ts): changing a reservation's state (status-store.ts) with its e-mails sent
 * through the core's outbox, the automatic 'Non ritirata' on every pass of the background loop,
 * and what staff read of their shops' reservations (staff-store.ts).
 */
import { undoCheck } from '../../lib/reservations/undo';
import type { SubmissionDesk } from '../core/service';
import {
	staffReservation,
	staffReservationIdByCode,
	staffReservations,
	type StaffReservation,
	type StaffReservationSummary,
} from './staff-store';
import {
	changeReservationStatus,
	expireReservations,
	type StatusChange,
	type StatusChangeResult,
} from './status-store';

/** One reservation as the desk shows it: with, while 'Pronta' can be undone, until when. */
export type DeskReservation = StaffReservation & {
	/**
	 * ISO time the undo of the latest 'Pronta' ends, or null when the member reading has none to
	 * undo (only who marked it can undo it).
	 */
	undoUntil: string | null;
};

/** The member of staff reading the desk: their id and their shops. */
export interface DeskReader {
	id: number;
	shops: readonly string[];
}

/** A change of a reservation's state, as a route asks for it (the service adds the time). */
export type ReservationChange = Omit<StatusChange, 'now' | 'claimedBy'>;

/** The staff desk's service. */
export interface ReservationDeskService {
	/**
	 * Changes a reservation's state: the change, its event and its e-mails are stored in one
	 * transaction, then the e-mails go out through the outbox in the background (none in
	 * simulation mode).
	 */
	changeReservation(change: ReservationChange): StatusChangeResult;
	/** The reservations of these shops from today (Rome) on, and earlier ones still held. */
	staffReservations(shopIds: readonly string[]): StaffReservationSummary[];
	/** One reservation of the reader's shops in full, with its history; null for any other. */
	staffReservation(id: number, reader: DeskReader): DeskReservation | null;
	/** The id of the reservation of these shops with this pickup code, or null. */
	staffReservationIdByCode(code: string, shopIds: readonly string[]): number | null;
}

/** The staff desk's service, on the core's desk. */
export function createReservationDeskService(
	desk: SubmissionDesk,
	log: Pick<Console, 'log'> = console,
): ReservationDeskService {
	const { db } = desk.store;
	const now = () => new Date(desk.now());
	// Reads apply 'Non ritirata' by themselves; the pass stores it, with its event.
	desk.everyPass(() => {
		const expired = expireReservations(db, now());
		if (expired > 0) log.log(`Reservations: ${expired} not collected in time.`);
	});
	return {
		changeReservation(change) {
			const result = changeReservationStatus(db, {
				...change,
				now: now(),
				claimedBy: desk.sendsEmail ? desk.instance : undefined,
				undoWindowMs: desk.config.readyUndoMs,
			});
			// Stored: the e-mails go on in the background, retried by the loop when they fail;
			// the 'pronta' one once 'Pronta' can no longer be undone.
			if (result.outcome === 'changed' && result.jobs.length > 0) void desk.send(result.jobs);
			if (result.outcome === 'changed' && result.emailDueAt !== null) {
				desk.sendWhenDue(result.emailDueAt);
			}
			return result;
		},
		staffReservations: (shopIds) => staffReservations(db, shopIds, now()),
		staffReservation(id, reader) {
			const at = now();
			const reservation = staffReservation(db, id, reader.shops, at);
			if (!reservation) return null;
			const undo = undoCheck(
				reservation.status,
				reservation.events.at(-1) ?? null,
				reader.id,
				at,
				desk.config.readyUndoMs,
			);
			const left = reservation.emails.some(
				(email) => email.kind === 'ready' && email.status !== 'pending',
			);
			return { ...reservation, undoUntil: undo.ok && !left ? undo.until.toISOString() : null };
		},
		staffReservationIdByCode: (code, shopIds) => staffReservationIdByCode(db, code, shopIds),
	};
}
