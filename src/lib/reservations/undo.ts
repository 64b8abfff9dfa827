/**
 * The undo of 'Pronta per il ritiro': a mistaken tap at the counter can be taken back for a
 * short while (the undo window, 10 seconds unless the server is told otherwise), and the
 * customer's 'pronta' e-mail waits in the outbox until that window is over, so an undone 'Pronta'
 * never reaches the customer. Pure, shared by the server (which refuses a late undo in the same
 * transaction that would make it) and the pages (which offer 'Annulla' only while it can work).
 *
 * Only the latest step can be undone, and only when it is a member of staff's 'held' → 'ready':
 * any change after it (another member collecting it, the customer cancelling) ends the undo, as
 * does the window's end, when the e-mail leaves. Only the member who marked it can undo it: the
 * undo takes back one's own mistaken tap, and a colleague who saw the bag on the shelf must not
 * silently put it back to 'Da preparare' under the one who prepared it.
 */
import type { ReservationStatus, StatusActor } from './status';

/** The undo window unless the server is configured otherwise (STAFF_UNDO_SECONDS). */
export const DEFAULT_UNDO_SECONDS = 10;

/** The longest undo window the server accepts: the customer should not wait longer. */
export const MAX_UNDO_SECONDS = 300;

/** The step a reservation's undo looks at: its latest recorded change. */
export interface LastStep {
	actor: StatusActor;
	/** The member of staff who made it (null for the customer or the system). */
	staffId: number | null;
	from: ReservationStatus;
	to: ReservationStatus;
	/** ISO time. */
	at: string;
}

/** Whether an undo can be made now, and until when. */
export type UndoCheck =
	{ ok: true; until: Date } | { ok: false; why: 'state' | 'expired' | 'another-member' };

/**
 * Whether the 'Pronta' of a reservation now in `status`, whose latest change is `last`, can be
 * undone by the member `staffId` at `now` with a window of `windowMs`: only a member of staff's
 * 'held' → 'ready' that is still the latest change ('state' otherwise), only by that member
 * ('another-member'), and only before its window ends ('expired').
 */
export function undoCheck(
	status: ReservationStatus,
	last: LastStep | null,
	staffId: number,
	now: Date,
	windowMs: number,
): UndoCheck {
	if (status !== 'ready' || !last) return { ok: false, why: 'state' };
	if (last.actor !== 'staff' || last.from !== 'held' || last.to !== 'ready') {
		return { ok: false, why: 'state' };
	}
	if (last.staffId !== staffId) return { ok: false, why: 'another-member' };
	const until = new Date(Date.parse(last.at) + windowMs);
	if (!Number.isFinite(until.getTime()) || windowMs <= 0 || now >= until) {
		return { ok: false, why: 'expired' };
	}
	return { ok: true, until };
}

/** When the 'pronta' e-mail of a 'Pronta' made at `now` may leave: once the undo window ends. */
export function readyEmailDueAt(now: Date, windowMs: number): number {
	return now.getTime() + Math.max(0, windowMs);
}

/** Whole seconds left until `until` at `now` (rounded up, never below 0), for the countdown. */
export function secondsLeft(until: Date, now: Date): number {
	return Math.max(0, Math.ceil((until.getTime() - now.getTime()) / 1000));
}
