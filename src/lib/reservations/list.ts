/**
 * The pickup list (docs/reservations.md): the variants a visitor gathers to reserve at one shop, kept in
 * the visitor's browser. Pure rules over a list of lines; the store in
 * src/stores/pickup-list.ts persists them. Each line keeps what /lista-ritiro needs to show it
 * offline; its price is the one seen when it was added, for display only (the server reads
 * prices from its own catalogue).
 */
import { parseStoredList, storedRecord } from '../stored-list';

/** What a line knows of a product's variant: enough to show it without the network. */
export interface PickupItemData {
	/** The product's id, its slug (as in /api/product/<id>.json). */
	productId: string;
	/** The product page's address ("/prodotti/proteine/whey-concentrate-80"). */
	url: string;
	name: string;
	brand: string;
	/** The variant's id ("cioccolato-2-kg"). */
	variantId: string;
	/** "Cioccolato – 2 kg". */
	variantLabel: string;
	/** A thumbnail of the variant or product ('' when none). */
	imageUrl: string;
	/** The unit price when it was added, in cents; null when unknown. Display only. */
	priceCents: number | null;
}

/** One line of the list. */
export interface PickupLine extends PickupItemData {
	/** Pieces, at least 1. */
	quantity: number;
}

/** Most distinct lines a list holds, and most pieces on one line, whatever the stock. */
export const MAX_LINES = 50;
export const MAX_LINE_QUANTITY = 99;
/** Longest id or address read back; a longer text is shortened. */
const MAX_ID_LENGTH = 200;
const MAX_TEXT_LENGTH = 200;
const MAX_PRICE_CENTS = 100_000_000;

/** The visitor-facing texts of the list (toasts, badge, empty state). */
export const PICKUP_MESSAGES = {
	added: 'Aggiunto alla lista ritiro',
	removed: 'Rimosso dalla lista ritiro',
	atLimit: 'Nella lista ci sono già tutti i pezzi disponibili di questo prodotto.',
	soldOut: 'Questo prodotto ora non è disponibile in nessun negozio.',
	full: `La lista ritiro può contenere al massimo ${MAX_LINES} prodotti diversi.`,
	addFailed: 'Errore durante l’aggiunta alla lista ritiro',
	changeFailed: 'Errore durante la modifica della lista ritiro',
	empty: 'La tua lista ritiro è vuota',
	open: 'Vedi la lista',
} as const;

/** The key of a line: one per variant of a product. */
export function lineKey(line: Pick<PickupLine, 'productId' | 'variantId'>): string {
	return `${line.productId}/${line.variantId}`;
}

/** A whole number of pieces between 1 and `max` (anything unreadable is 1). */
export function clampQuantity(value: number, max = MAX_LINE_QUANTITY): number {
	const whole = Number.isFinite(value) ? Math.floor(value) : 1;
	return Math.min(Math.max(1, Math.floor(max)), Math.max(1, whole));
}

/** What adding did. */
export type AddResult =
	| {
			ok: true;
			lines: PickupLine[];
			/** Pieces now on the line. */
			quantity: number;
			/** Fewer pieces were added than asked, as the line reached `limit`. */
			capped: boolean;
	  }
	| { ok: false; error: 'atLimit' | 'full' };

/**
 * Adds `quantity` pieces of a variant: a new line, or more pieces on the variant's line. A line
 * never holds more than `limit` (the most pieces one shop has, known where the visitor adds) nor
 * MAX_LINE_QUANTITY; a list holds at most MAX_LINES lines.
 */
export function addItem(
	lines: readonly PickupLine[],
	item: PickupItemData,
	quantity: number,
	limit = MAX_LINE_QUANTITY,
): AddResult {
	const max = clampQuantity(limit);
	const wanted = clampQuantity(quantity);
	const key = lineKey(item);
	const existing = lines.find((line) => lineKey(line) === key);
	if (!existing && lines.length >= MAX_LINES) return { ok: false, error: 'full' };
	const before = existing?.quantity ?? 0;
	if (before >= max) return { ok: false, error: 'atLimit' };
	const after = Math.min(max, before + wanted);
	const line: PickupLine = { ...item, quantity: after };
	return {
		ok: true,
		lines: existing
			? lines.map((current) => (lineKey(current) === key ? line : current))
			: [...lines, line],
		quantity: after,
		capped: after < before + wanted,
	};
}

/** The list with a line's quantity set (1 to MAX_LINE_QUANTITY); unchanged without that line. */
export function setQuantity(
	lines: readonly PickupLine[],
	key: string,
	quantity: number,
): PickupLine[] {
	return lines.map((line) =>
		lineKey(line) === key ? { ...line, quantity: clampQuantity(quantity) } : line,
	);
}

/** The list without a line. */
export function removeLine(lines: readonly PickupLine[], key: string): PickupLine[] {
	return lines.filter((line) => lineKey(line) !== key);
}

/** Pieces in the list: the header's badge counts pieces, as a shop's basket does. */
export function pieceCount(lines: readonly PickupLine[]): number {
	return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** "1 prodotto" / "3 prodotti", counting pieces. */
export function piecesText(count: number): string {
	return count === 1 ? '1 prodotto' : `${count} prodotti`;
}

/**
 * The added toast's text: "Whey 80 Concentrate, Cioccolato – 2 kg: 3 nella lista.", and when
 * the line reached its limit, that no shop has more.
 */
export function addedDescription(
	item: Pick<PickupItemData, 'name' | 'variantLabel'>,
	quantity: number,
	capped: boolean,
): string {
	const what = item.variantLabel ? `${item.name}, ${item.variantLabel}` : item.name;
	const limit = capped ? ' Nessun negozio ne ha di più.' : '';
	return `${what}: ${quantity} nella lista.${limit}`;
}

/** An id safe in a path: letters, digits, '-' and '_'. */
const ID = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
/** An address of this site: one leading slash (never two), then path characters only. */
const LOCAL_PATH = /^\/(?!\/)[A-Za-z0-9/._~%-]*$/;

function idOf(value: unknown): string | null {
	return typeof value === 'string' && value.length <= MAX_ID_LENGTH && ID.test(value)
		? value
		: null;
}

/** A text shown on the page: a string, shortened past MAX_TEXT_LENGTH; anything else is ''. */
function textOf(value: unknown): string {
	if (typeof value !== 'string') return '';
	return value.length <= MAX_TEXT_LENGTH ? value : `${value.slice(0, MAX_TEXT_LENGTH - 1)}…`;
}

/** A same-site path, or '' (a stored `javascript:` or another site's address is never used). */
function pathOf(value: unknown): string {
	return typeof value === 'string' && value.length <= MAX_ID_LENGTH && LOCAL_PATH.test(value)
		? value
		: '';
}

function priceOf(value: unknown): number | null {
	return typeof value === 'number' &&
		Number.isSafeInteger(value) &&
		value > 0 &&
		value <= MAX_PRICE_CENTS
		? value
		: null;
}

/**
 * One stored value as a line, or null when it cannot be one: product id, variant id, name and a
 * quantity of at least 1 are needed; the rest is repaired (a text that is not a string becomes
 * '', an address that is not this site's becomes '', a price that is not a positive whole
 * number of cents is unknown, a quantity is cut to MAX_LINE_QUANTITY). Never throws.
 */
export function toPickupLine(value: unknown): PickupLine | null {
	const stored = storedRecord(value);
	if (!stored) return null;
	const productId = idOf(stored['productId']);
	const variantId = idOf(stored['variantId']);
	const name = textOf(stored['name']);
	const quantity = stored['quantity'];
	if (productId === null || variantId === null || name.trim() === '') return null;
	if (typeof quantity !== 'number' || !(quantity >= 1)) return null;
	return {
		productId,
		url: pathOf(stored['url']),
		name,
		brand: textOf(stored['brand']),
		variantId,
		variantLabel: textOf(stored['variantLabel']),
		imageUrl: pathOf(stored['imageUrl']),
		priceCents: priceOf(stored['priceCents']),
		quantity: clampQuantity(quantity),
	};
}

/**
 * Reads the stored text: anything unreadable counts as an empty list, bad lines are dropped,
 * a variant stored twice is kept once (its first line), and at most MAX_LINES lines are read.
 * Never throws, whatever is stored.
 */
export function parsePickupList(text: string | null | undefined): PickupLine[] {
	return parseStoredList(text, toPickupLine, lineKey, MAX_LINES);
}
