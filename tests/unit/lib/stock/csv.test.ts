import { describe, expect, it } from 'vitest';
import {
	BOM,
	parseImportCsv,
	problemText,
	safeCell,
	stockCsv,
	type StockCsvRow,
} from '../../../../src/lib/stock/csv';

const HEADER = 'negozio;prodotto;variante;pezzi';

/** The rows of a file expected to read, as [line, shop, product, variant, pieces]. */
function rowsOf(text: string) {
	const result = parseImportCsv(text);
	if ('problem' in result) throw new Error(problemText(result.problem));
	return result.rows.map((row) => [row.line, row.shopId, row.productId, row.variantId, row.pieces]);
}

/** The first problem of a file expected to be refused, in its Italian words. */
function problemOf(text: string): string {
	const result = parseImportCsv(text);
	if (!('problem' in result)) throw new Error('the file was accepted');
	return problemText(result.problem);
}

describe('the export', () => {
	const row: StockCsvRow = {
		shopId: 'torino',
		productId: 'whey',
		variantId: 'cioccolato-900-g',
		name: 'Whey; "Gold" – Cioccolato',
		onHand: 12,
		committed: 3,
		available: 9,
		minimum: 4,
		waiting: 2,
	};

	it('starts with the BOM and the columns, separated by semicolons, lines ending CRLF', () => {
		const text = stockCsv([row]);
		expect(text.startsWith(BOM)).toBe(true);
		const lines = text.slice(1).split('\r\n');
		expect(lines[0]).toBe(
			'negozio;prodotto;variante;nome;in_negozio;prenotati;disponibili;scorta_minima;in_attesa',
		);
		// A separator or a quote inside a name is quoted, the quote doubled.
		expect(lines[1]).toBe('torino;whey;cioccolato-900-g;"Whey; ""Gold"" – Cioccolato";12;3;9;4;2');
		expect(lines[2]).toBe('');
	});

	it.each(['=cmd|" /C calc"!A0', '+1+1', '-2+3', '@SUM(A1)', '\tx'])(
		'never lets a spreadsheet run a name as a formula: %j',
		(name) => {
			const text = stockCsv([{ ...row, name }]);
			const cell = safeCell(name);
			expect(cell.startsWith("'")).toBe(true);
			expect(text).toContain(cell.includes('"') ? cell.replaceAll('"', '""') : cell);
		},
	);

	it('reads back what it writes (the export with a pezzi column is an import)', () => {
		const text = stockCsv([row])
			.replace('in_attesa', 'in_attesa;pezzi')
			.replace(';4;2\r\n', ';4;2;15\r\n');
		expect(rowsOf(text)).toEqual([[2, 'torino', 'whey', 'cioccolato-900-g', 15]]);
	});
});

describe('the import', () => {
	it.each([
		['with BOM and CRLF', `${BOM}${HEADER}\r\ntorino;whey;900-g;5\r\n`],
		['without BOM, LF', `${HEADER}\ntorino;whey;900-g;5\n`],
		['quoted cells', `${HEADER}\n"torino";"whey";"900-g";"5"\n`],
		[
			'columns in another order, others ignored',
			`nome;pezzi;variante;negozio;prodotto\nWhey;5;900-g;torino;whey\n`,
		],
		['blank lines and spaces', `${HEADER}\n\n torino ; whey ; 900-g ; 5 \n\n`],
	])('reads a file %s', (_name, text) => {
		expect(rowsOf(text).map((row) => row.slice(1))).toEqual([['torino', 'whey', '900-g', 5]]);
	});

	it('numbers the lines as a spreadsheet shows them', () => {
		expect(rowsOf(`${HEADER}\ntorino;a;b;1\n\ntorino;c;d;2\n`).map((row) => row[0])).toEqual([
			2, 4,
		]);
	});

	it.each([
		[
			'a formula',
			`${HEADER}\ntorino;whey;900-g;=1+1\n`,
			/^Riga 2, colonna «pezzi»: «=1\+1» non è un numero intero/,
		],
		['a command', `${HEADER}\ntorino;whey;900-g;=cmd|' /C calc'!A0\n`, /^Riga 2, colonna «pezzi»/],
		['a negative number', `${HEADER}\ntorino;whey;900-g;-3\n`, /^Riga 2, colonna «pezzi»: «-3»/],
		['a decimal', `${HEADER}\ntorino;whey;900-g;2,5\n`, /^Riga 2, colonna «pezzi»: «2,5»/],
		['thousands', `${HEADER}\ntorino;whey;900-g;1.000\n`, /^Riga 2, colonna «pezzi»/],
		[
			'too many',
			`${HEADER}\ntorino;whey;900-g;100001\n`,
			/^Riga 2, colonna «pezzi»: al massimo 100\.000/,
		],
		[
			'an empty cell',
			`${HEADER}\ntorino;;900-g;3\n`,
			/^Riga 2, colonna «prodotto»: il campo è vuoto/,
		],
		['a short row', `${HEADER}\ntorino;whey\n`, /^Riga 2, colonna «variante»: il campo è vuoto/],
		[
			'commas',
			`negozio,prodotto,variante,pezzi\ntorino,whey,900-g,3\n`,
			/^Riga 1: i campi devono essere separati da punto e virgola/,
		],
		[
			'tabs',
			`negozio\tprodotto\tvariante\tpezzi\n`,
			/^Riga 1: i campi devono essere separati da punto e virgola/,
		],
		[
			'a missing column',
			`negozio;prodotto;variante\ntorino;whey;900-g\n`,
			/^Riga 1, colonna «pezzi»: manca la colonna/,
		],
		[
			'an unclosed quote',
			`${HEADER}\ntorino;"whey;900-g;3\n`,
			/^Riga \d+: il file non si legge come CSV/,
		],
		['an empty file', '', /^Riga 1: il file è vuoto/],
		['a BOM alone', BOM, /^Riga 1: il file è vuoto/],
	])('stops at %s, naming line and column', (_name, text, message) => {
		expect(problemOf(text)).toMatch(message);
	});

	it('stops at the first bad row, whatever follows', () => {
		expect(problemOf(`${HEADER}\ntorino;a;b;1\ntorino;a;c;x\ntorino;a;d;-1\n`)).toMatch(/^Riga 3,/);
	});
});
