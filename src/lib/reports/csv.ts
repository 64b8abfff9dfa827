/**
 * The reorder list of one brand as a CSV for the supplier, as the shops exchange files with
 * suppliers and spreadsheets (docs/stock.md, "CSV"): `;` between fields, UTF-8 with a byte order
 * mark, CRLF, whole numbers, and a name a spreadsheet would run as a formula neutralised. Pure.
 */
import { stringify } from 'csv-stringify/sync';
import { BOM, safeCell } from '../stock/csv';

/** The columns, in order: brand, product, variant, available, suggested quantity. */
export const REORDER_COLUMNS = [
	'marca',
	'prodotto',
	'variante',
	'disponibili',
	'quantita_suggerita',
] as const;

/** One line of the file. */
export interface ReorderCsvLine {
	productName: string;
	variantLabel: string;
	available: number;
	suggested: number;
}

/**
 * The file of one brand. The lines of one variant at several shops (an owner's order for both)
 * become one line, their pieces summed.
 */
export function reorderCsv(
	brand: string,
	lines: readonly (ReorderCsvLine & { key: string })[],
): string {
	const merged = new Map<string, ReorderCsvLine>();
	for (const line of lines) {
		const seen = merged.get(line.key);
		merged.set(
			line.key,
			seen
				? {
						...seen,
						available: seen.available + line.available,
						suggested: seen.suggested + line.suggested,
					}
				: { ...line },
		);
	}
	const records = [...merged.values()].map((line) => [
		safeCell(brand),
		safeCell(line.productName),
		safeCell(line.variantLabel),
		String(line.available),
		String(line.suggested),
	]);
	return (
		BOM +
		stringify([[...REORDER_COLUMNS], ...records], {
			delimiter: ';',
			record_delimiter: '\r\n',
			quoted_match: /^\s|\s$/,
		})
	);
}

/** The file's name: "riordino-nordika-nutrition-2026-11-30.csv". */
export function reorderFileName(brand: string, day: string): string {
	const slug =
		brand
			.normalize('NFD')
			.replace(/[\u0300-\u036f]/g, '')
			.toLowerCase()
			.replace(/[^a-z0-9]+/g, '-')
			.replace(/^-|-$/g, '') || 'marca';
	return `riordino-${slug}-${day}.csv`;
}
