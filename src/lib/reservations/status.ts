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

/** What a state means, and who may move a reservation from it to where. */
export interface StateRule {
	/** The Italian name, as staff read it. */
	label: string;
	/** Whether a reservation in this state keeps its pieces from other customers. */
	holdsPieces: boolean;
	/** The states each actor may move it to; none for anyone: the state is final. */
	moves: Readonly<Record<StatusActor, readonly ReservationStatus[]>>;
}

/**
 * The life of a reservation, one row per state: the one table every rule below, the desk's
 * buttons, the customer's cancel and the SQL's lists of holding states come from. A new state
 * is a compile error here until it has its row, and at every `Record<ReservationStatus, …>` and
 * exhaustive `switch` that must decide something for it.
 *
 * A final state has no moves: once collected, cancelled or not collected, a reservation stays
 * so (a new one is made instead), so its history never has to be rewritten.
 */
export const RESERVATION_LIFE: Readonly<Record<ReservationStatus, StateRule>> = Object.freeze({
	held: {
		label: 'Da preparare',
		holdsPieces: true,
		moves: {
			staff: ['ready', 'collected', 'cancelled'],
			customer: ['cancelled'],
			system: ['not_collected'],
		},
	},
	ready: {
		label: 'Pronta per il ritiro',
		holdsPieces: true,
		moves: {
			staff: ['collected', 'cancelled'],
			customer: ['cancelled'],
			system: ['not_collected'],
		},
	},
	collected: {
		label: 'Ritirata',
		holdsPieces: false,
		moves: { staff: [], customer: [], system: [] },
	},
	cancelled: {
		label: 'Annullata',
		holdsPieces: false,
		moves: { staff: [], customer: [], system: [] },
	},
	not_collected: {
		label: 'Non ritirata',
		holdsPieces: false,
		moves: { staff: [], customer: [], system: [] },
	},
});

/** Every state, in the order of a reservation's life. */
export const RESERVATION_STATUSES: readonly ReservationStatus[] = Object.freeze(
	Object.keys(RESERVATION_LIFE) as ReservationStatus[],
);

/** Every actor. */
export const STATUS_ACTORS: readonly StatusActor[] = Object.freeze(['staff', 'customer', 'system']);

/** The state of a reservation just stored. */
export const NEW_RESERVATION_STATUS: ReservationStatus = 'held';

/** The Italian name of each state, as staff and customers read it. */
export const STATUS_LABELS: Readonly<Record<ReservationStatus, string>> = Object.freeze(
	Object.fromEntries(
		RESERVATION_STATUSES.map((status) => [status, RESERVATION_LIFE[status].label]),
	) as Record<ReservationStatus, string>,
);

/** The states that keep their pieces (while the hold lasts): what the SQL's lists name. */
export const HOLDING_STATUSES: readonly ReservationStatus[] = Object.freeze(
	RESERVATION_STATUSES.filter((status) => RESERVATION_LIFE[status].holdsPieces),
);

/**
 * The holding states as an SQL list, `('held', 'ready')`: the stores' queries are written with
 * it, so no SQL spells them. The states are this module's own words, never input.
 */
export const HOLDING_STATUSES_SQL = `(${HOLDING_STATUSES.map((status) => `'${status}'`).join(', ')})`;

/** Longest reason for a cancellation, in characters (it goes into an e-mail). */
export const MAX_REASON_LENGTH = 500;

/** True for a state no change leaves. */
export function isFinal(status: ReservationStatus): boolean {
	return STATUS_ACTORS.every((actor) => RESERVATION_LIFE[status].moves[actor].length === 0);
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
	return RESERVATION_LIFE[from].moves[actor].includes(to);
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
	return RESERVATION_LIFE[status].moves.system.includes('not_collected') &&
		holdEnded(heldThrough, now)
		? 'not_collected'
		: status;
}

/** True while a reservation keeps its pieces from other customers. */
export function holdsPieces(status: ReservationStatus, heldThrough: string, now: Date): boolean {
	return RESERVATION_LIFE[effectiveStatus(status, heldThrough, now)].holdsPieces;
}
