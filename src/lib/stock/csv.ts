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

/**
 * Most rows one file or one stocktake may hold: more than two shops' variants of a large
 * catalogue, and few enough that recording them all is one short transaction (the server
 * answers no one else while it writes; docs/stock.md, "How long the server is busy").
 */
export const MAX_IMPORT_ROWS = 5_000;

/** Most bytes of an import file: 5,000 rows of an export with long names fit several times. */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

/** csv-parse's options for an import: `;`, with or without BOM, CRLF or LF, cells trimmed. */
export const IMPORT_PARSE_OPTIONS = {
	bom: true,
	delimiter: ';',
	info: true,
	relax_column_count: true,
	skip_empty_lines: true,
	trim: true,
} as const;

/** A record as csv-parse gives it with `info`. */
export interface ParsedRecord {
	record: string[];
	info: { lines: number };
}

/** Where each import column is in a file's header. */
export type ImportColumns = Record<(typeof IMPORT_COLUMNS)[number], number>;

/** The problem of a file csv-parse could not read (`error` is what it threw). */
export function unreadableProblem(error: unknown): CsvProblem {
	const line = (error as { lines?: unknown } | null)?.lines;
	return {
		line: typeof line === 'number' ? line : 1,
		column: null,
		message:
			'il file non si legge come CSV (virgolette non chiuse o in mezzo a un campo). Salvalo di nuovo come «CSV (delimitato da punto e virgola)».',
	};
}

/** The problem of a file with more rows than MAX_IMPORT_ROWS. */
export const TOO_MANY_ROWS: CsvProblem = {
	line: 1,
	column: null,
	message: `il file ha più di ${MAX_IMPORT_ROWS.toLocaleString('it-IT')} righe: dividilo in più file.`,
};

/** The problem of a file larger than MAX_IMPORT_BYTES. */
export const TOO_MANY_BYTES: CsvProblem = {
	line: 1,
	column: null,
	message: `il file è più grande di ${MAX_IMPORT_BYTES / 1024 / 1024} MB: dividilo in più file.`,
};

/** The columns a header names, or its problem (another separator, a column missing). */
export function importColumns(header: ParsedRecord): ImportColumns | { problem: CsvProblem } {
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
	const index: ImportColumns = {
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
	return index;
}

/** One row of the body, its cells and number checked, or its problem. */
export function importRow(
	{ record, info }: ParsedRecord,
	index: ImportColumns,
): ImportRow | { problem: CsvProblem } {
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
	return {
		line,
		shopId: cell('negozio'),
		productId: cell('prodotto'),
		variantId: cell('variante'),
		pieces,
	};
}

/**
 * The rows of an import file held in memory (the seed), or its first problem. Accepts the file
 * with or without BOM, CRLF or LF, quoted or not; refuses another separator, a missing column,
 * an empty cell, and a number that is not a whole number from 0 up. A file from outside (the
 * command, the page's upload) is read as a stream instead (src/server/stock/csv-read.ts), with
 * the same checks, stopping at the first problem or the row limit.
 */
export function parseImportCsv(text: string): { rows: ImportRow[] } | { problem: CsvProblem } {
	let records: ParsedRecord[];
	try {
		records = parse(text, IMPORT_PARSE_OPTIONS) as unknown as ParsedRecord[];
	} catch (error) {
		return { problem: unreadableProblem(error) };
	}
	const [header, ...body] = records;
	if (!header) return { problem: EMPTY_FILE };
	const index = importColumns(header);
	if ('problem' in index) return index;
	if (body.length > MAX_IMPORT_ROWS) return { problem: TOO_MANY_ROWS };
	const rows: ImportRow[] = [];
	for (const record of body) {
		const row = importRow(record, index);
		if ('problem' in row) return row;
		rows.push(row);
	}
	return { rows };
}

/** The problem of a file with no header. */
export const EMPTY_FILE: CsvProblem = { line: 1, column: null, message: 'il file è vuoto.' };
