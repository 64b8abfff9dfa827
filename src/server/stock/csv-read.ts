/**
 * An import file read as a stream, as `npm run magazzino -- importa` and the page's upload get
 * it: csv-parse parses it chunk by chunk, each row is checked as it comes (src/lib/stock/csv.ts),
 * and the reading stops at once at the first problem, at the row limit or past the byte limit,
 * so a file of 50 MB costs what its first rows cost, never its whole size in memory. Between
 * rows the loop hands the thread back to the server now and then (timeSlices).
 */
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import {
	EMPTY_FILE,
	IMPORT_PARSE_OPTIONS,
	importColumns,
	importRow,
	MAX_IMPORT_BYTES,
	MAX_IMPORT_ROWS,
	TOO_MANY_BYTES,
	TOO_MANY_ROWS,
	unreadableProblem,
	type CsvProblem,
	type ImportColumns,
	type ImportRow,
	type ParsedRecord,
} from '../../lib/stock/csv';
import { timeSlices } from '../core/slices';

/** Thrown inside the pipeline when the file passes MAX_IMPORT_BYTES. */
class TooManyBytes extends Error {}

/** A transform that passes the bytes on until there are too many. */
function byteLimit(limit: number): Transform {
	let seen = 0;
	return new Transform({
		transform(chunk: Buffer | string, _encoding, done) {
			seen += Buffer.byteLength(chunk);
			if (seen > limit) done(new TooManyBytes());
			else done(null, chunk);
		},
	});
}

/**
 * The rows of an import read from `input`, or the first problem. `input` is destroyed when the
 * reading stops, whether it reached the end or not.
 */
export async function readImportRows(
	input: Readable,
): Promise<{ rows: ImportRow[] } | { problem: CsvProblem }> {
	const parser = parse(IMPORT_PARSE_OPTIONS);
	// Errors reach the loop below through the parser; the pipeline only has to end.
	const flowing = pipeline(input, byteLimit(MAX_IMPORT_BYTES), parser).catch(() => undefined);
	const pause = timeSlices();
	const rows: ImportRow[] = [];
	let columns: ImportColumns | null = null;
	try {
		for await (const record of parser as AsyncIterable<ParsedRecord>) {
			if (columns === null) {
				const found = importColumns(record);
				if ('problem' in found) return found;
				columns = found;
				continue;
			}
			if (rows.length === MAX_IMPORT_ROWS) return { problem: TOO_MANY_ROWS };
			const row = importRow(record, columns);
			if ('problem' in row) return row;
			rows.push(row);
			await pause();
		}
	} catch (error) {
		return { problem: error instanceof TooManyBytes ? TOO_MANY_BYTES : unreadableProblem(error) };
	} finally {
		parser.destroy();
		input.destroy();
		await flowing;
	}
	return columns === null ? { problem: EMPTY_FILE } : { rows };
}

/** The text of an upload as a stream of small chunks, so parsing it is sliced too. */
export function textStream(text: string, chunkLength = 16 * 1024): Readable {
	const chunks: string[] = [];
	for (let start = 0; start < text.length; start += chunkLength) {
		chunks.push(text.slice(start, start + chunkLength));
	}
	return Readable.from(chunks, { objectMode: false });
}
