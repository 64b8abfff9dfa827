/**
 * The life of a pickup reservation: its states, who may move it from one to another, and the
 * automatic 'Non ritirata' once its hold has ended. Pure, shared by the server (which stores
 * every change with who made it) and the pages (which offer only the allowed actions).
 *
 * - 'held' (Da preparare): stored, its pieces held, not yet prepared.
 * - 'ready' (Pronta per il ritiro): prepared; the customer was told until when it is held.
 * - 'collected' (Ritirata), 'cancelled' (Annullata), 'not_collected' (Non ritirata): final.
 *
 * Staff move it to ready, collected or cancelled (cancelling needs a reason, since the customer
 * receives it); the customer can only cancel it; the system only marks it 'not_collected', and
 * only once its last held day (`held_through`, Rome's calendar) has passed. Pieces are held while
 * the reservation is 'held' or 'ready' and its hold has not ended: every final state frees them.
 */
import { romeToday } from './days';

/** Where a reservation is in its life. */
export type ReservationStatus = 'held' | 'ready' | 'collected' | 'cancelled' | 'not_collected';

/** Who changes a reservation: a member of staff, the customer (their link), or the server. */
export type StatusActor = 'staff' | 'customer' | 'system';

/** Every state, in the order of a reservation's life. */
export const RESERVATION_STATUSES: readonly ReservationStatus[] = Object.freeze([
	'held',
	'ready',
	'collected',
	'cancelled',
	'not_collected',
]);

/** Every actor. */
export const STATUS_ACTORS: readonly StatusActor[] = Object.freeze(['staff', 'customer', 'system']);

/** The state of a reservation just stored. */
export const NEW_RESERVATION_STATUS: ReservationStatus = 'held';

/** The Italian name of each state, as staff and customers read it. */
export const STATUS_LABELS: Readonly<Record<ReservationStatus, string>> = Object.freeze({
	held: 'Da preparare',
	ready: 'Pronta per il ritiro',
	collected: 'Ritirata',
	cancelled: 'Annullata',
	not_collected: 'Non ritirata',
});

/** Longest reason for a cancellation, in characters (it goes into an e-mail). */
export const MAX_REASON_LENGTH = 500;

/**
 * The changes each actor may make, from each state. A final state has none: once collected,
 * cancelled or not collected, a reservation stays so (a new one is made instead).
 */
const ALLOWED: Readonly<
	Record<StatusActor, Readonly<Partial<Record<ReservationStatus, readonly ReservationStatus[]>>>>
> = Object.freeze({
	staff: { held: ['ready', 'collected', 'cancelled'], ready: ['collected', 'cancelled'] },
	customer: { held: ['cancelled'], ready: ['cancelled'] },
	system: { held: ['not_collected'], ready: ['not_collected'] },
});

/** True for a state no change leaves. */
export function isFinal(status: ReservationStatus): boolean {
	return status === 'collected' || status === 'cancelled' || status === 'not_collected';
}

/** True when `value` is one of the states. */
export function isReservationStatus(value: unknown): value is ReservationStatus {
	return typeof value === 'string' && (RESERVATION_STATUSES as readonly string[]).includes(value);
}

/** Whether `actor` may move a reservation from `from` to `to` (the reason aside). */
export function canChange(
	from: ReservationStatus,
	to: ReservationStatus,
	actor: StatusActor,
): boolean {
	return ALLOWED[actor][from]?.includes(to) ?? false;
}

/** The states `actor` may move a reservation in `from` to, in the order of its life. */
export function nextStatuses(from: ReservationStatus, actor: StatusActor): ReservationStatus[] {
	return RESERVATION_STATUSES.filter((to) => canChange(from, to, actor));
}

/** Why a change cannot be made, or ok. */
export type ChangeCheck =
	| { ok: true; reason: string | null }
	| { ok: false; error: 'not-allowed' | 'reason-required' | 'reason-too-long' };

/**
 * Checks a change and its reason: staff cancelling must say why (the customer is told; at most
 * MAX_REASON_LENGTH characters, spaces trimmed); any other change keeps no reason.
 */
export function checkChange(
	from: ReservationStatus,
	to: ReservationStatus,
	actor: StatusActor,
	reason?: string | null,
): ChangeCheck {
	if (!canChange(from, to, actor)) return { ok: false, error: 'not-allowed' };
	const trimmed = reason?.trim() ?? '';
	if (to === 'cancelled' && actor === 'staff') {
		if (trimmed === '') return { ok: false, error: 'reason-required' };
		if (trimmed.length > MAX_REASON_LENGTH) return { ok: false, error: 'reason-too-long' };
		return { ok: true, reason: trimmed };
	}
	if (to === 'cancelled' && actor === 'customer' && trimmed !== '') {
		if (trimmed.length > MAX_REASON_LENGTH) return { ok: false, error: 'reason-too-long' };
		return { ok: true, reason: trimmed };
	}
	return { ok: true, reason: null };
}

/** True once the last held day (`heldThrough`, "YYYY-MM-DD") has ended in Rome at `now`. */
export function holdEnded(heldThrough: string, now: Date): boolean {
	return romeToday(now) > heldThrough;
}

/**
 * The state a stored reservation is in at `now`: a 'held' or 'ready' one whose hold has ended is
 * 'not_collected', even before the server's background pass has stored it so.
 */
export function effectiveStatus(
	status: ReservationStatus,
	heldThrough: string,
	now: Date,
): ReservationStatus {
	return !isFinal(status) && holdEnded(heldThrough, now) ? 'not_collected' : status;
}

/** True while a reservation keeps its pieces from other customers. */
export function holdsPieces(status: ReservationStatus, heldThrough: string, now: Date): boolean {
	return !isFinal(effectiveStatus(status, heldThrough, now));
}
