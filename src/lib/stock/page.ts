/**
 * The stock page's rules (/gestione/magazzino): its filters, its quick actions, the wording of a
 * movement in a variant's history, and a stocktake's differences before it is confirmed. Pure:
 * the server's view (src/server/stock/view.ts) and the page's script both read them.
 */
import { MAX_PIECES, STOCK_REASONS, type StockActor, type StockReason } from './ledger';

/** The list's filters, as the address names them, with their Italian names. */
export const STOCK_PAGE_FILTERS = Object.freeze([
	{ id: 'esauriti', label: 'Esauriti' },
	{ id: 'sotto-scorta', label: 'Sotto la scorta minima' },
	{ id: 'prenotati', label: 'Con prenotazioni' },
	// People waiting for an 'Avvisami' (docs/alerts.md); the facade knows who waits.
	{ id: 'richieste', label: 'Con richieste' },
] as const);

export type StockPageFilter = (typeof STOCK_PAGE_FILTERS)[number]['id'];

/** The filter an address asks for: one of the list's, or none (anything else is ignored). */
export function parseStockPageFilter(value: string | null | undefined): StockPageFilter | null {
	return STOCK_PAGE_FILTERS.find((filter) => filter.id === value)?.id ?? null;
}

/** The quick actions of a variant, in the order of the buttons. */
export const QUICK_ACTIONS: readonly { reason: StockReason; label: string }[] = Object.freeze([
	{ reason: 'arrival', label: '+ Arrivo merce' },
	{ reason: 'counter_sale', label: '− Vendita al banco' },
	{ reason: 'count', label: 'Conteggio' },
	{ reason: 'damaged', label: '− Danneggiato' },
]);

/** A signed change with a true minus sign: "+3", "−2", "0". */
export function signedPieces(change: number): string {
	if (change > 0) return `+${change}`;
	if (change < 0) return `−${-change}`;
	return '0';
}

/** "1 pezzo", "12 pezzi". */
export function piecesText(count: number): string {
	return count === 1 ? '1 pezzo' : `${count} pezzi`;
}

/** What the history shows of one movement. */
export interface MovementWords {
	/** The reason's name: "Arrivo merce". */
	why: string;
	/** The change: "+6", or for a count "contati 12 (−2)". */
	change: string;
	/** Who: the member's name, "Prenotazione n. 41", or "Sistema". */
	who: string;
	/** On hand afterwards: "In negozio dopo: 12". */
	after: string;
}

/** The words of a movement of the ledger. */
export function movementWords(movement: {
	reason: StockReason;
	change: number;
	counted: number | null;
	onHandAfter: number;
	actor: StockActor;
	staffName: string | null;
	reservationId: number | null;
}): MovementWords {
	const why = STOCK_REASONS[movement.reason].label;
	const change =
		movement.counted === null
			? signedPieces(movement.change)
			: `contati ${movement.counted} (${signedPieces(movement.change)})`;
	const who =
		movement.actor === 'staff'
			? (movement.staffName ?? 'Staff')
			: movement.actor === 'reservation'
				? movement.reservationId === null
					? 'Prenotazione'
					: `Prenotazione n. ${movement.reservationId}`
				: 'Sistema';
	return { why, change, who, after: `In negozio dopo: ${movement.onHandAfter}` };
}

/** A row of a stocktake as the page shows it. */
export interface StocktakeRow {
	key: string;
	name: string;
	onHand: number;
}

/** What a stocktake would change: the rows whose count differs, and the fields that are wrong. */
export interface StocktakeReview {
	differences: { key: string; name: string; before: number; after: number; change: string }[];
	/** Rows counted with the same figure as on hand: recorded too (the count is confirmed). */
	same: number;
	errors: { key: string; name: string; message: string }[];
	/** Every row typed, in the order of the page: what is sent on confirmation. */
	counts: { key: string; counted: number }[];
}

/** The count typed into a field: an integer 0…MAX_PIECES, blank for "not counted", or wrong. */
export function parseCount(text: string): number | null | 'wrong' {
	const trimmed = text.trim();
	if (trimmed === '') return null;
	if (!/^\d+$/.test(trimmed)) return 'wrong';
	const value = Number(trimmed);
	return value <= MAX_PIECES ? value : 'wrong';
}

/** The review of a stocktake: rows left blank are not counted; a wrong field is named. */
export function reviewStocktake(
	rows: readonly StocktakeRow[],
	typed: Readonly<Record<string, string>>,
): StocktakeReview {
	const review: StocktakeReview = { differences: [], same: 0, errors: [], counts: [] };
	for (const row of rows) {
		const counted = parseCount(typed[row.key] ?? '');
		if (counted === null) continue;
		if (counted === 'wrong') {
			review.errors.push({
				key: row.key,
				name: row.name,
				message: `${row.name}: scrivi un numero intero di pezzi, da 0 a ${MAX_PIECES.toLocaleString('it-IT')}.`,
			});
			continue;
		}
		review.counts.push({ key: row.key, counted });
		if (counted === row.onHand) review.same += 1;
		else {
			review.differences.push({
				key: row.key,
				name: row.name,
				before: row.onHand,
				after: counted,
				change: signedPieces(counted - row.onHand),
			});
		}
	}
	return review;
}

/** The key of a variant at a shop, as the page's fields name it. */
export function stockKey(ref: { shopId: string; productId: string; variantId: string }): string {
	return `${ref.shopId}/${ref.productId}/${ref.variantId}`;
}
