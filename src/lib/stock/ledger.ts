/**
 * The stock ledger's arithmetic (docs/stock.md): the reasons a shop's pieces move, what each
 * movement does to the pieces on hand, the pieces available to a new reservation, and which open
 * reservations a shop can no longer serve in full. Pure; the server (src/server/stock/) stores
 * the movements and reads these rules.
 *
 * The vocabulary is Shopify's: on hand (the pieces physically in a shop), committed (the pieces
 * open reservations hold), available (on hand less committed, never below 0).
 */

/** Why the pieces of a variant moved at a shop. */
export type StockReason =
	| 'arrival'
	| 'count'
	| 'counter_sale'
	| 'return'
	| 'damaged'
	| 'correction'
	| 'collection'
	| 'initial_count';

/** Who moved them: a member of staff, a collected reservation, or the system (the first load). */
export type StockActor = 'staff' | 'reservation' | 'system';

/**
 * What a reason does to on hand: adds pieces, takes pieces away, sets the count (a stocktake),
 * or corrects by a signed number.
 */
export type StockEffect = 'add' | 'remove' | 'count' | 'signed';

/** Each reason: its Italian name, its effect, and who may record it. */
export const STOCK_REASONS: Readonly<
	Record<StockReason, { label: string; effect: StockEffect; actor: StockActor }>
> = Object.freeze({
	arrival: { label: 'Arrivo merce', effect: 'add', actor: 'staff' },
	count: { label: 'Conteggio', effect: 'count', actor: 'staff' },
	counter_sale: { label: 'Vendita al banco', effect: 'remove', actor: 'staff' },
	return: { label: 'Reso', effect: 'add', actor: 'staff' },
	damaged: { label: 'Danneggiato o scaduto', effect: 'remove', actor: 'staff' },
	correction: { label: 'Correzione', effect: 'signed', actor: 'staff' },
	collection: { label: 'Ritiro prenotazione', effect: 'remove', actor: 'reservation' },
	initial_count: { label: 'Conteggio iniziale', effect: 'count', actor: 'system' },
});

/** Every reason, in the order the ledger names them. */
export const STOCK_REASON_IDS = Object.keys(STOCK_REASONS) as StockReason[];

/** The reasons a member of staff records by hand. */
export const STAFF_REASONS = STOCK_REASON_IDS.filter(
	(reason) => STOCK_REASONS[reason].actor === 'staff',
);

/** Whether a value names a reason staff may record. */
export function isStaffReason(value: unknown): value is StockReason {
	return typeof value === 'string' && (STAFF_REASONS as string[]).includes(value);
}

/** Most pieces one count or one movement may state: a typo of extra digits is refused. */
export const MAX_PIECES = 100_000;

/** Most characters of a movement's note. */
export const MAX_NOTE_LENGTH = 300;

/** A movement asked for, before it is applied. */
export interface MovementRequest {
	reason: StockReason;
	/**
	 * Pieces: added or removed (add, remove: at least 1), the count (count: 0 or more), or the
	 * signed correction (signed: not 0).
	 */
	pieces: number;
}

/** Why a movement is refused. */
export type MovementRefusal =
	| { error: 'not-a-number' }
	| { error: 'too-large' }
	| { error: 'zero' }
	| { error: 'below-zero'; onHand: number };

/** A movement applied: the change of on hand, and on hand after it. */
export interface AppliedMovement {
	change: number;
	onHandAfter: number;
	/** For a count, the pieces counted; null otherwise. */
	counted: number | null;
	/**
	 * For a collection, the pieces the ledger lacked (on hand was lower than the pieces handed
	 * over: the last count was wrong): on hand stops at 0 and the next count puts it right.
	 */
	missing: number;
}

/** What a movement does to `onHand`, or why it cannot be made. */
export function applyMovement(
	onHand: number,
	request: MovementRequest,
): AppliedMovement | MovementRefusal {
	const { pieces } = request;
	if (!Number.isSafeInteger(pieces)) return { error: 'not-a-number' };
	if (Math.abs(pieces) > MAX_PIECES) return { error: 'too-large' };
	const { effect } = STOCK_REASONS[request.reason];
	switch (effect) {
		case 'count':
			if (pieces < 0) return { error: 'not-a-number' };
			return { change: pieces - onHand, onHandAfter: pieces, counted: pieces, missing: 0 };
		case 'add':
			if (pieces < 1) return pieces === 0 ? { error: 'zero' } : { error: 'not-a-number' };
			return { change: pieces, onHandAfter: onHand + pieces, counted: null, missing: 0 };
		case 'remove': {
			if (pieces < 1) return pieces === 0 ? { error: 'zero' } : { error: 'not-a-number' };
			if (request.reason === 'collection') {
				// The pieces have left the shop: the counter is never blocked by a wrong count.
				const taken = Math.min(pieces, Math.max(0, onHand));
				return {
					change: -taken,
					onHandAfter: onHand - taken,
					counted: null,
					missing: pieces - taken,
				};
			}
			if (pieces > onHand) return { error: 'below-zero', onHand };
			return { change: -pieces, onHandAfter: onHand - pieces, counted: null, missing: 0 };
		}
		case 'signed':
			if (pieces === 0) return { error: 'zero' };
			if (onHand + pieces < 0) return { error: 'below-zero', onHand };
			return { change: pieces, onHandAfter: onHand + pieces, counted: null, missing: 0 };
	}
}

/** The pieces a new reservation may take: on hand less committed, never below 0. */
export function availablePieces(onHand: number, committed: number): number {
	return Math.max(0, onHand - Math.max(0, committed));
}

/** On hand as the sum of a variant's movements' changes (what a check of the ledger adds up). */
export function ledgerSum(changes: readonly number[]): number {
	return changes.reduce((sum, change) => sum + change, 0);
}

/** An open reservation's hold on one variant, in the order the shop took them. */
export interface Hold {
	reservationId: number;
	pieces: number;
}

/**
 * The pieces each open reservation cannot be given when on hand is shared out in the order the
 * reservations were made (the first come, the first served): reservation id → pieces missing.
 * Empty when on hand covers every hold.
 */
export function missingPieces(onHand: number, holds: readonly Hold[]): Map<number, number> {
	const missing = new Map<number, number>();
	let left = Math.max(0, onHand);
	for (const hold of holds) {
		const given = Math.min(left, hold.pieces);
		left -= given;
		if (given < hold.pieces) {
			missing.set(hold.reservationId, (missing.get(hold.reservationId) ?? 0) + hold.pieces - given);
		}
	}
	return missing;
}

/**
 * A number of pieces as typed (a count, an arrival): a whole number written with digits only, an
 * optional leading minus; anything else (decimals, thousands separators, a formula) is null.
 */
export function parsePieces(value: unknown): number | null {
	if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
	if (typeof value !== 'string') return null;
	const text = value.trim();
	if (!/^-?\d{1,9}$/.test(text)) return null;
	return Number(text);
}

/** The Italian words of a refused movement, for the routes and the CSV import. */
export function refusalText(refusal: MovementRefusal): string {
	switch (refusal.error) {
		case 'not-a-number':
			return 'Indica un numero intero di pezzi, senza decimali (per esempio 12).';
		case 'too-large':
			return `Il numero di pezzi è troppo grande: al massimo ${MAX_PIECES.toLocaleString('it-IT')}.`;
		case 'zero':
			return 'Indica almeno 1 pezzo.';
		case 'below-zero':
			return refusal.onHand === 1
				? 'In negozio ne risulta solo 1: se i pezzi sono di più, fai prima un conteggio.'
				: `In negozio ne risultano solo ${refusal.onHand}: se i pezzi sono di più, fai prima un conteggio.`;
	}
}
