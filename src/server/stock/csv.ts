/**
 * The stock's CSV export and import, shared by `npm run magazzino` (cli.ts) and the stock
 * page's download and upload (http.ts). The file's shape and numbers are checked by
 * src/lib/stock/csv.ts; here each row's shop and variant are checked against the build, the
 * differences are worked out against the ledger, and, when confirmed, applied in one
 * transaction: a file is taken whole or not at all.
 */
import type { Readable } from 'node:stream';
import { problemText, stockCsv, type CsvProblem, type ImportRow } from '../../lib/stock/csv';
import { applyMovement, refusalText } from '../../lib/stock/ledger';
import { timeSlices } from '../core/slices';
import { readImportRows } from './csv-read';
import type { StockService } from './service';
import { stockKey, type StockStaff } from './store';

/** How an import's `pezzi` are read: the count (a stocktake) or pieces received. */
export type ImportMode = 'conteggio' | 'arrivo';
export const IMPORT_MODES: readonly ImportMode[] = ['conteggio', 'arrivo'];

const REASON_OF = { conteggio: 'count', arrivo: 'arrival' } as const;

/** The export of these shops (all when none given): one row per variant and shop. */
export async function exportStock(
	service: StockService,
	shopIds: readonly string[] = service.shops.map((shop) => shop.id),
): Promise<string> {
	const rows = await service.stockList({ shopIds });
	return stockCsv(
		rows.map((row) => ({
			shopId: row.shopId,
			productId: row.productId,
			variantId: row.variantId,
			name: `${row.productName} – ${row.variantLabel}`,
			onHand: row.onHand,
			committed: row.committed,
			available: row.available,
			minimum: row.minimum,
			waiting: row.waiting ?? 0,
		})),
	);
}

/** A row of an import that changes on hand. */
export interface ImportDifference {
	line: number;
	shopId: string;
	productId: string;
	variantId: string;
	name: string;
	before: number;
	after: number;
	change: number;
}

/** Who an import is recorded by: a member of staff (the page), or the system (the command). */
export type ImportActor = { staff: StockStaff; shopIds: readonly string[] } | { system: string };

/** What an import found, and whether it was applied. */
export type ImportResult =
	| {
			ok: true;
			applied: boolean;
			differences: ImportDifference[];
			rows: number;
			/** Of a preview: the ledger it read, for the confirmation to name (`versione`). */
			version?: number;
	  }
	| { ok: false; problem: CsvProblem; message: string; stale?: undefined }
	| { ok: false; stale: number[]; message: string; problem?: undefined };

function failed(problem: CsvProblem): ImportResult {
	return { ok: false, problem, message: problemText(problem) };
}

/** A row of the file, its shop and variant found in the build. */
interface CheckedRow {
	row: ImportRow;
	name: string;
}

/** The Italian problem of a row whose shop or variant is not the build's or not the member's. */
async function rowProblem(
	service: StockService,
	row: ImportRow,
	actor: ImportActor,
): Promise<CsvProblem | string> {
	const known = service.shops.map((shop) => shop.id);
	const at = (column: string, message: string): CsvProblem => ({ line: row.line, column, message });
	if (!known.includes(row.shopId)) {
		return at(
			'negozio',
			`il negozio «${row.shopId.slice(0, 40)}» non esiste. Negozi: ${known.join(', ')}.`,
		);
	}
	if ('staff' in actor && !actor.shopIds.includes(row.shopId)) {
		return at(
			'negozio',
			`il negozio «${row.shopId}» non è tra i tuoi: puoi importare solo il magazzino dei tuoi negozi.`,
		);
	}
	const found = await service.findProduct(row.productId);
	if (!found) {
		return at('prodotto', `il prodotto «${row.productId.slice(0, 80)}» non è in catalogo.`);
	}
	const variant = found.variants.find((candidate) => candidate.id === row.variantId);
	if (!variant) {
		return at(
			'variante',
			`il prodotto «${row.productId}» non ha la variante «${row.variantId.slice(0, 80)}».`,
		);
	}
	return `${found.name} – ${[variant.flavour, variant.size].filter(Boolean).join(' – ')}`;
}

/** Every row's shop and variant checked, one row per variant and shop, or the first problem. */
async function checkRows(
	service: StockService,
	rows: readonly ImportRow[],
	actor: ImportActor,
): Promise<CheckedRow[] | CsvProblem> {
	const pause = timeSlices();
	const seen = new Map<string, number>();
	const checked: CheckedRow[] = [];
	for (const row of rows) {
		const name = await rowProblem(service, row, actor);
		if (typeof name !== 'string') return name;
		const key = stockKey(row.shopId, row.productId, row.variantId);
		const earlier = seen.get(key);
		if (earlier !== undefined) {
			return {
				line: row.line,
				column: 'variante',
				message: `questa variante di questo negozio è già alla riga ${earlier}: lasciane una sola.`,
			};
		}
		seen.set(key, row.line);
		checked.push({ row, name });
		await pause();
	}
	return checked;
}

/** The differences the file makes against the ledger of now (one read of the figures). */
async function preview(
	service: StockService,
	checked: readonly CheckedRow[],
	mode: ImportMode,
): Promise<ImportResult> {
	const shopIds = [...new Set(checked.map(({ row }) => row.shopId))];
	const { levels, lastMovement } = service.snapshot(shopIds);
	const reason = REASON_OF[mode];
	const differences: ImportDifference[] = [];
	const pause = timeSlices();
	for (const { row, name } of checked) {
		await pause();
		const before = levels.get(stockKey(row.shopId, row.productId, row.variantId))?.onHand ?? 0;
		if (mode === 'arrivo' && row.pieces === 0) continue;
		const applied = applyMovement(before, { reason, pieces: row.pieces });
		if ('error' in applied) {
			return failed({ line: row.line, column: 'pezzi', message: refusalText(applied) });
		}
		if (applied.change === 0) continue;
		const { line, shopId, productId, variantId } = row;
		const { onHandAfter: after, change } = applied;
		differences.push({ line, shopId, productId, variantId, name, before, after, change });
	}
	return { ok: true, applied: false, differences, rows: checked.length, version: lastMovement };
}

/** Of a file's counts, the words of the rows that moved since the preview. */
function staleText(lines: readonly number[]): string {
	const shown = lines.slice(0, 10).join(', ');
	const more = lines.length > 10 ? ` e altre ${lines.length - 10}` : '';
	return `Nel frattempo in magazzino sono cambiate le righe ${shown}${more} del file (una vendita, un arrivo, un ritiro o un altro conteggio): nessun pezzo è stato registrato. Carica di nuovo il file per vedere le differenze di adesso.`;
}

/**
 * Reads an import file (a stream: it stops at the first problem, the row limit or the byte
 * limit): every row checked (shop, product, variant, number, one row per variant and shop), the
 * differences against the ledger of now, and with `apply` the movements recorded in one
 * transaction. The first bad row stops the whole file, naming its line and column. A count
 * confirmed with `movedAfter` (the `version` its preview gave) is refused whole, naming the
 * rows, when any row of the file moved since: the file was checked against figures no longer
 * true, and applying it would silently undo a sale.
 */
export async function importStock(
	service: StockService,
	input: Readable,
	mode: ImportMode,
	apply: boolean,
	actor: ImportActor,
	movedAfter?: number,
): Promise<ImportResult> {
	const read = await readImportRows(input);
	if ('problem' in read) return failed(read.problem);
	const checked = await checkRows(service, read.rows, actor);
	if (!Array.isArray(checked)) return failed(checked);
	if (!apply) return preview(service, checked, mode);
	const kept = checked.filter(({ row }) => mode === 'conteggio' || row.pieces > 0);
	const result = await service.recordBatch({
		reason: REASON_OF[mode],
		rows: kept.map(({ row }) => row),
		keepUnchanged: false,
		// Arrivals add to whatever is there: a sale meanwhile is not undone by them.
		movedAfter: mode === 'conteggio' ? movedAfter : undefined,
		withMovements: true,
		staff: 'staff' in actor ? actor.staff : undefined,
		note: 'system' in actor ? actor.system : 'Importato da file CSV',
		at: service.now(),
	});
	if (result.outcome === 'conflict') {
		const lines = result.indexes.map((index) => kept[index]?.row.line ?? 1);
		return { ok: false, stale: lines, message: staleText(lines) };
	}
	const byKey = new Map(
		kept.map((entry) => [
			stockKey(entry.row.shopId, entry.row.productId, entry.row.variantId),
			entry,
		]),
	);
	const differences = result.movements.flatMap((movement): ImportDifference[] => {
		const entry = byKey.get(stockKey(movement.shopId, movement.productId, movement.variantId));
		if (!entry) return [];
		const { shopId, productId, variantId, change, onHandAfter: after } = movement;
		const before = after - change;
		return [
			{
				line: entry.row.line,
				shopId,
				productId,
				variantId,
				name: entry.name,
				before,
				after,
				change,
			},
		];
	});
	return { ok: true, applied: differences.length > 0, rows: checked.length, differences };
}

/** "+3 Sede Torino · Whey – Cioccolato – 900 g: 4 → 7 (riga 5)". */
export function differenceText(difference: ImportDifference): string {
	const sign = difference.change > 0 ? `+${difference.change}` : String(difference.change);
	return `riga ${difference.line}: ${difference.shopId} · ${difference.name} (${difference.productId} / ${difference.variantId}): ${difference.before} → ${difference.after} (${sign})`;
}
