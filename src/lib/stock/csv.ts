/**
 * The stock's CSV files, as Italian Excel opens and saves them: `;` between fields, UTF-8 with
 * a byte order mark (without it Excel reads the accents as Latin-1), whole numbers, CRLF line
 * ends. Written and read by the `csv` project's csv-stringify and csv-parse, which handle the
 * quoting rules (a `;`, a quote or a line break inside a name) that a split on `;` gets wrong.
 *
 * Export: `negozio;prodotto;variante;nome;in_negozio;prenotati;disponibili;scorta_minima;in_attesa`.
 * Import: `negozio;prodotto;variante;pezzi`, found by the header's names, any other column
 * ignored (an exported file with a `pezzi` column added reads as it is). Whether the shop and
 * variant exist is the server's to say (src/server/stock/csv.ts); this module checks the file's
 * shape and the numbers, naming the line and the column of the first problem.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { MAX_PIECES, parsePieces } from './ledger';

/** The byte order mark Excel needs to read UTF-8. */
export const BOM = '\uFEFF';

/** The export's columns, in order. */
export const EXPORT_COLUMNS = [
	'negozio',
	'prodotto',
	'variante',
	'nome',
	'in_negozio',
	'prenotati',
	'disponibili',
	'scorta_minima',
	'in_attesa',
] as const;

/** The import's columns (any order, others ignored). */
export const IMPORT_COLUMNS = ['negozio', 'prodotto', 'variante', 'pezzi'] as const;

/** One row of the export. */
export interface StockCsvRow {
	shopId: string;
	productId: string;
	variantId: string;
	/** "Whey Isolate – Cioccolato – 900 g". */
	name: string;
	onHand: number;
	committed: number;
	available: number;
	minimum: number;
	/** People waiting to be told it is available again (docs/alerts.md). */
	waiting: number;
}

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a carriage return
 * first) gets a leading apostrophe, which Excel shows as text: a product name can never become
 * a command on the computer that opens the export.
 */
export function safeCell(value: string): string {
	return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The export's text: BOM, header, one row per variant and shop, CRLF. */
export function stockCsv(rows: readonly StockCsvRow[]): string {
	const records = rows.map((row) => [
		safeCell(row.shopId),
		safeCell(row.productId),
		safeCell(row.variantId),
		safeCell(row.name),
		String(row.onHand),
		String(row.committed),
		String(row.available),
		String(row.minimum),
		String(row.waiting),
	]);
	return (
		BOM +
		stringify([[...EXPORT_COLUMNS], ...records], {
			delimiter: ';',
			record_delimiter: '\r\n',
			quoted_match: /^\s|\s$/,
		})
	);
}

/** The import's text for these rows (what the legacy importer writes for the command). */
export function importCsv(
	rows: readonly { shopId: string; productId: string; variantId: string; pieces: number }[],
): string {
	const records = rows.map((row) => [
		safeCell(row.shopId),
		safeCell(row.productId),
		safeCell(row.variantId),
		String(row.pieces),
	]);
	return (
		BOM + stringify([[...IMPORT_COLUMNS], ...records], { delimiter: ';', record_delimiter: '\r\n' })
	);
}

/** One row of an import, its numbers checked. */
export interface ImportRow {
	/** The file's line (1 is the header). */
	line: number;
	shopId: string;
	productId: string;
	variantId: string;
	pieces: number;
}

/** The first problem of a file: where, and what, in Italian. */
export interface CsvProblem {
	line: number;
	/** The column's name, or null for a problem of the whole line. */
	column: string | null;
	message: string;
}

/** "Riga 4, colonna «pezzi»: …". */
export function problemText(problem: CsvProblem): string {
	const where =
		problem.column === null
			? `Riga ${problem.line}`
			: `Riga ${problem.line}, colonna «${problem.column}»`;
	return `${where}: ${problem.message}`;
}

/** Most rows a file may hold: far more than two shops' variants, few enough to read at once. */
export const MAX_IMPORT_ROWS = 20_000;

/**
 * The rows of an import file, or its first problem. Accepts the file with or without BOM, CRLF
 * or LF, quoted or not; refuses another separator, a missing column, an empty cell, and a
 * number that is not a whole number from 0 up.
 */
export function parseImportCsv(text: string): { rows: ImportRow[] } | { problem: CsvProblem } {
	let records: { record: string[]; info: { lines: number } }[];
	try {
		records = parse(text, {
			bom: true,
			delimiter: ';',
			info: true,
			relax_column_count: true,
			skip_empty_lines: true,
			trim: true,
		}) as unknown as { record: string[]; info: { lines: number } }[];
	} catch (error) {
		const line = (error as { lines?: unknown }).lines;
		return {
			problem: {
				line: typeof line === 'number' ? line : 1,
				column: null,
				message:
					'il file non si legge come CSV (virgolette non chiuse o in mezzo a un campo). Salvalo di nuovo come «CSV (delimitato da punto e virgola)».',
			},
		};
	}
	const [header, ...body] = records;
	if (!header) {
		return { problem: { line: 1, column: null, message: 'il file è vuoto.' } };
	}
	const names = header.record.map((name) => name.toLowerCase());
	if (names.length === 1 && /[,\t|]/.test(names[0] ?? '')) {
		return {
			problem: {
				line: header.info.lines,
				column: null,
				message:
					'i campi devono essere separati da punto e virgola («;»), come li salva Excel in italiano: questo file usa un altro separatore.',
			},
		};
	}
	const index: Record<(typeof IMPORT_COLUMNS)[number], number> = {
		negozio: names.indexOf('negozio'),
		prodotto: names.indexOf('prodotto'),
		variante: names.indexOf('variante'),
		pezzi: names.indexOf('pezzi'),
	};
	for (const column of IMPORT_COLUMNS) {
		if (index[column] < 0) {
			return {
				problem: {
					line: header.info.lines,
					column,
					message: `manca la colonna «${column}» nell’intestazione. Servono: ${IMPORT_COLUMNS.join(';')}.`,
				},
			};
		}
	}
	if (body.length > MAX_IMPORT_ROWS) {
		return {
			problem: {
				line: 1,
				column: null,
				message: `il file ha più di ${MAX_IMPORT_ROWS.toLocaleString('it-IT')} righe: dividilo in più file.`,
			},
		};
	}
	const rows: ImportRow[] = [];
	for (const { record, info } of body) {
		const line = info.lines;
		const cell = (column: (typeof IMPORT_COLUMNS)[number]) => record[index[column]] ?? '';
		for (const column of IMPORT_COLUMNS) {
			if (cell(column) === '') {
				return { problem: { line, column, message: 'il campo è vuoto.' } };
			}
		}
		const pieces = parsePieces(cell('pezzi'));
		if (pieces === null || pieces < 0) {
			return {
				problem: {
					line,
					column: 'pezzi',
					message: `«${cell('pezzi').slice(0, 40)}» non è un numero intero di pezzi da 0 in su (niente decimali, segni o formule).`,
				},
			};
		}
		if (pieces > MAX_PIECES) {
			return {
				problem: {
					line,
					column: 'pezzi',
					message: `al massimo ${MAX_PIECES.toLocaleString('it-IT')} pezzi per riga.`,
				},
			};
		}
		rows.push({
			line,
			shopId: cell('negozio'),
			productId: cell('prodotto'),
			variantId: cell('variante'),
			pieces,
		});
	}
	return { rows };
}
