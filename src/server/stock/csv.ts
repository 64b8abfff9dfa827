/**
 * The stock's CSV export and import, shared by `npm run magazzino` (cli.ts) and the stock
 * page's download and upload (http.ts). The file's shape and numbers are checked by
 * src/lib/stock/csv.ts; here each row's shop and variant are checked against the build, the
 * differences are worked out against the ledger, and, when confirmed, applied in one
 * transaction: a file is taken whole or not at all.
 */
import { readFileSync } from 'node:fs';
import {
	parseImportCsv,
	problemText,
	stockCsv,
	type CsvProblem,
	type ImportRow,
} from '../../lib/stock/csv';
import { applyMovement, refusalText, type StockReason } from '../../lib/stock/ledger';
import type { StockService } from './service';
import type { MovementInput, StockStaff } from './store';

/** How an import's `pezzi` are read: the count (a stocktake) or pieces received. */
export type ImportMode = 'conteggio' | 'arrivo';
export const IMPORT_MODES: readonly ImportMode[] = ['conteggio', 'arrivo'];

const REASON_OF: Record<ImportMode, StockReason> = { conteggio: 'count', arrivo: 'arrival' };

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
	| { ok: true; applied: boolean; differences: ImportDifference[]; rows: number }
	| { ok: false; problem: CsvProblem; message: string };

function failed(problem: CsvProblem): ImportResult {
	return { ok: false, problem, message: problemText(problem) };
}

/**
 * Reads an import file: every row checked (shop, product, variant, number, one row per variant
 * and shop), the differences against the ledger of now, and with `apply` the movements recorded
 * in one transaction. The first bad row stops the whole file, naming its line and column.
 */
export async function importStock(
	service: StockService,
	text: string,
	mode: ImportMode,
	apply: boolean,
	actor: ImportActor,
): Promise<ImportResult> {
	const parsed = parseImportCsv(text);
	if ('problem' in parsed) return failed(parsed.problem);
	const known = new Set(service.shops.map((shop) => shop.id));
	const seen = new Map<string, number>();
	const checked: { row: ImportRow; name: string }[] = [];
	for (const row of parsed.rows) {
		if (!known.has(row.shopId)) {
			return failed({
				line: row.line,
				column: 'negozio',
				message: `il negozio «${row.shopId.slice(0, 40)}» non esiste. Negozi: ${[...known].join(', ')}.`,
			});
		}
		if ('staff' in actor && !actor.shopIds.includes(row.shopId)) {
			return failed({
				line: row.line,
				column: 'negozio',
				message: `il negozio «${row.shopId}» non è tra i tuoi: puoi importare solo il magazzino dei tuoi negozi.`,
			});
		}
		const found = await service.findProduct(row.productId);
		if (!found) {
			return failed({
				line: row.line,
				column: 'prodotto',
				message: `il prodotto «${row.productId.slice(0, 80)}» non è in catalogo.`,
			});
		}
		const variant = found.variants.find((candidate) => candidate.id === row.variantId);
		if (!variant) {
			return failed({
				line: row.line,
				column: 'variante',
				message: `il prodotto «${row.productId}» non ha la variante «${row.variantId.slice(0, 80)}».`,
			});
		}
		const key = `${row.shopId}\n${row.productId}\n${row.variantId}`;
		const earlier = seen.get(key);
		if (earlier !== undefined) {
			return failed({
				line: row.line,
				column: 'variante',
				message: `questa variante di questo negozio è già alla riga ${earlier}: lasciane una sola.`,
			});
		}
		seen.set(key, row.line);
		const label = [variant.flavour, variant.size].filter(Boolean).join(' – ');
		checked.push({ row, name: `${found.name} – ${label}` });
	}
	const reason = REASON_OF[mode];
	const differences: ImportDifference[] = [];
	for (const { row, name } of checked) {
		const level = await service.stockRow(row);
		const before = level?.onHand ?? 0;
		if (mode === 'arrivo' && row.pieces === 0) continue;
		const applied = applyMovement(before, { reason, pieces: row.pieces });
		if ('error' in applied) {
			return failed({ line: row.line, column: 'pezzi', message: refusalText(applied) });
		}
		if (applied.change === 0) continue;
		differences.push({
			line: row.line,
			shopId: row.shopId,
			productId: row.productId,
			variantId: row.variantId,
			name,
			before,
			after: applied.onHandAfter,
			change: applied.change,
		});
	}
	if (!apply || differences.length === 0) {
		return { ok: true, applied: false, differences, rows: checked.length };
	}
	const at = service.now();
	const note = 'system' in actor ? actor.system : 'Importato da file CSV';
	const inputs: MovementInput[] = differences.map((difference) => ({
		shopId: difference.shopId,
		productId: difference.productId,
		variantId: difference.variantId,
		reason,
		pieces: mode === 'conteggio' ? difference.after : difference.change,
		note,
		at,
		...('staff' in actor
			? { actor: 'staff' as const, staff: actor.staff }
			: { actor: 'system' as const }),
	}));
	const result = service.applyMovements(inputs);
	if ('index' in result) {
		const line = differences[result.index]?.line ?? 1;
		const message =
			result.result.outcome === 'refused'
				? refusalText(result.result)
				: 'la variante è cambiata mentre il file veniva letto: riprova.';
		return failed({ line, column: 'pezzi', message });
	}
	// What the ledger holds now (a movement between the reading and the lock is counted in).
	return {
		ok: true,
		applied: true,
		rows: checked.length,
		differences: differences.map((difference, index) => {
			const recorded = result.recorded[index];
			return recorded
				? {
						...difference,
						before: recorded.onHandAfter - recorded.change,
						after: recorded.onHandAfter,
						change: recorded.change,
					}
				: difference;
		}),
	};
}

/** "+3 Sede Torino · Whey – Cioccolato – 900 g: 4 → 7 (riga 5)". */
export function differenceText(difference: ImportDifference): string {
	const sign = difference.change > 0 ? `+${difference.change}` : String(difference.change);
	return `riga ${difference.line}: ${difference.shopId} · ${difference.name} (${difference.productId} / ${difference.variantId}): ${difference.before} → ${difference.after} (${sign})`;
}

/** The text of a file on disk, for the command; null when it cannot be read. */
export function readImportFile(path: string): string | null {
	try {
		return readFileSync(path, 'utf8');
	} catch {
		return null;
	}
}
