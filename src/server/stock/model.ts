/**
 * The words the stock service speaks (service.ts): a row of the stock page, the requests it
 * takes, its refusals and their Italian texts, and the context its functions share (rows.ts
 * reads, changes.ts writes).
 */
import type Database from 'better-sqlite3';
import type { PickupProduct } from '../../lib/reservations/product';
import type { PickupSettings } from '../../lib/reservations/types';
import {
	MAX_NOTE_LENGTH,
	MAX_PIECES,
	STOCK_REASONS,
	type StockReason,
} from '../../lib/stock/ledger';
import { MAX_IMPORT_ROWS } from '../../lib/stock/csv';
import type { OpenHold } from './collections';
import type { StockMovement, StockRef, StockStaff } from './store';

/** What the reservations' side tells the ledger: the pieces held now. */
export interface Holds {
	/** Pieces held at a shop now, by `${productId}\n${variantId}`. */
	held(shopId: string, now: Date): Map<string, number>;
	/** The open reservations' lines at these shops, oldest first. */
	open(shopIds: readonly string[], now: Date): OpenHold[];
}

/** One variant at one shop, as the stock page lists it. */
export interface StockRow extends StockRef {
	productName: string;
	brand: string;
	/** "Cioccolato – 900 g". */
	variantLabel: string;
	onHand: number;
	committed: number;
	available: number;
	minimum: number;
	/** The version a count from this row names (stale: 409). */
	version: number;
	belowMinimum: boolean;
	/**
	 * People waiting for it here or at any shop ('Avvisami', docs/alerts.md): filled by the
	 * facade (src/server/services/alerts.ts), which knows who waits; absent elsewhere.
	 */
	waiting?: number | undefined;
}

/** The list's filters. */
export type StockFilter = 'esauriti' | 'sotto-scorta' | 'prenotati' | 'richieste';
export const STOCK_FILTERS: readonly StockFilter[] = [
	'esauriti',
	'sotto-scorta',
	'prenotati',
	'richieste',
];

/** What the list is asked for. */
export interface StockQuery {
	shopIds: readonly string[];
	/** Words of the name, brand, flavour or size, in any order and case, accents or not. */
	search?: string | undefined;
	filter?: StockFilter | null | undefined;
}

/** Where a request may act: the member's shops. */
export interface StockActorContext {
	staff: StockStaff;
	shopIds: readonly string[];
}

/** Why an adjustment was not made (the route's status and Italian words). */
export type StockRefusal =
	| { outcome: 'not-found'; error: string }
	| { outcome: 'other-shop'; error: string }
	| { outcome: 'invalid'; error: string }
	| { outcome: 'conflict'; error: string; row: StockRow; last: StockMovement | null };

/** An adjustment asked for. */
export interface AdjustRequest extends StockRef {
	reason: StockReason;
	pieces: number;
	note?: string | null | undefined;
	/** For a count: the version of the row the page showed. */
	fromVersion?: number | undefined;
}

/** A count of a stocktake. */
export interface CountRequest extends StockRef {
	counted: number;
	fromVersion?: number | undefined;
}

/** Positions as people read them (from 1): "1, 4 e 7", the first ten and how many more. */
export function positionsText(indexes: readonly number[]): string {
	const shown = indexes.slice(0, 10).map((index) => String(index + 1));
	const more = indexes.length - shown.length;
	if (more > 0) return `${shown.join(', ')} e altre ${more}`;
	return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} e ${shown.at(-1)}` : (shown[0] ?? '');
}

export const STOCK_TEXTS = Object.freeze({
	notFound:
		'Variante non trovata: il prodotto o la variante non sono più in catalogo. Ricarica la pagina.',
	otherShop: 'Questo negozio non è tra i tuoi: puoi cambiare solo il magazzino dei tuoi negozi.',
	reason:
		'Motivo non valido: scegli Arrivo merce, Conteggio, Vendita al banco, Reso, Danneggiato o scaduto o Correzione.',
	note: `La nota è troppo lunga: al massimo ${MAX_NOTE_LENGTH} caratteri.`,
	minimum: `La scorta minima deve essere un numero intero da 0 a ${MAX_PIECES.toLocaleString('it-IT')}.`,
	conflict: (last: StockMovement | null) =>
		last
			? `Nel frattempo ${last.staffName ?? (last.actor === 'reservation' ? 'un ritiro' : 'il sistema')} ha registrato «${STOCK_REASONS[last.reason].label}» su questa variante: ora in negozio ne risultano ${last.onHandAfter}. Controlla e conta di nuovo.`
			: 'Nel frattempo questa variante è cambiata: controlla e conta di nuovo.',
	staleOthers: (count: number) =>
		count === 1
			? ' È cambiata anche un’altra riga del conteggio: nessun pezzo è stato registrato.'
			: ` Sono cambiate anche altre ${count} righe del conteggio: nessun pezzo è stato registrato.`,
	emptyStocktake: 'Nessun conteggio da registrare.',
	tooManyCounts: `Troppi conteggi in una volta: al massimo ${MAX_IMPORT_ROWS.toLocaleString('it-IT')} righe. Dividili in più conteggi.`,
	duplicates: (indexes: readonly number[]) =>
		`La stessa variante dello stesso negozio è contata più di una volta (righe ${positionsText(indexes)} del conteggio): lasciane un solo conteggio per variante. Nessun pezzo è stato registrato.`,
});

/**
 * What the ledger reads of the build served: its shops and products (the reservations' pickup
 * catalogue has this shape; the facade passes it in, so this folder imports no other thing).
 */
export interface StockCatalogue {
	readonly settings: Pick<PickupSettings, 'shops'>;
	/** The product with this id, or undefined when the build has none. */
	product(id: string): Promise<PickupProduct | undefined>;
	/** Every product of the build. */
	products(): Promise<PickupProduct[]>;
}

/** What the service's functions share: the database, the build, the holds, the clock. */
export interface StockContext {
	db: Database.Database;
	catalogue: StockCatalogue;
	holds: Holds;
	shops: readonly { id: string; name: string }[];
	clock: () => Date;
	/** The build's products by name, read once. */
	products: () => Promise<PickupProduct[]>;
}

/** Lowercase, without accents: how the search compares. */
export function folded(text: string): string {
	return text
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase();
}
