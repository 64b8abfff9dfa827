// @ts-check
// The table of `npm run bench` (scripts/bench.mjs): one row per page, the HTTP/2 figures first
// (the goal: the site as the CDN serves it), then the HTTP/1.1 ones in columns marked «1.1».
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../start-server.mjs';

/** The transports measured, in the order the table gives them. */
export const TRANSPORTS = Object.freeze([
	{ id: 'h2', label: 'HTTP/2 over TLS, through the bench front' },
	{ id: 'h1', label: 'HTTP/1.1, the server itself on http://' },
]);

/**
 * A page's figures over one transport.
 * @typedef {Record<string, number | string | unknown> & { page: string, transport: string }} Result
 */

/**
 * The median of the numbers that were measured (a run Lighthouse could not finish gives NaN).
 * @param {number[]} values
 */
export function median(values) {
	const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
	if (!sorted.length) return NaN;
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2
		? (sorted[middle] ?? NaN)
		: ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

/** @type {[string, string, string][]} transport, key, title */
const COLUMNS = [
	['h2', 'performance', 'Perf'],
	['h2', 'accessibility', 'A11y'],
	['h2', 'bestPractices', 'BP'],
	['h2', 'seo', 'SEO'],
	['h2', 'lcpMs', 'LCP ms'],
	['h2', 'lcpRatio', 'LCP ×'],
	['h2', 'fcpMs', 'FCP ms'],
	['h2', 'tbtMs', 'TBT ms'],
	['h2', 'cls', 'CLS'],
	['h2', 'jsBytes', 'JS B'],
	['h2', 'totalBytes', 'Tot B'],
	['h2', 'requests', 'Req'],
	['h1', 'performance', '1.1 Perf'],
	['h1', 'lcpMs', '1.1 LCP ms'],
	['h1', 'lcpRatio', '1.1 LCP ×'],
	['h1', 'fcpMs', '1.1 FCP ms'],
	['h1', 'tbtMs', '1.1 TBT ms'],
	['h1', 'cls', '1.1 CLS'],
];

/**
 * The rows of the table: a title row, then one per page, in the order measured.
 * @param {Result[]} results
 */
function rowsOf(results) {
	const names = [...new Set(results.map((result) => result.page))];
	return [
		['Pagina', ...COLUMNS.map(([, , title]) => title)],
		...names.map((name) => [
			name,
			...COLUMNS.map(([transport, key]) => {
				const value = results.find(
					(result) => result.page === name && result.transport === transport,
				)?.[key];
				if (typeof value !== 'number') return '–';
				// The ratio with two decimals, so the column lines up.
				return key === 'lcpRatio' ? value.toFixed(2) : String(value);
			}),
		]),
	];
}

/**
 * The table as text for the terminal, or as Markdown for the docs.
 * @param {Result[]} results
 * @param {'text' | 'markdown'} format
 */
export function table(results, format) {
	const rows = rowsOf(results);
	if (format === 'markdown') {
		const [titles = [], ...body] = rows;
		return [
			`| ${titles.join(' | ')} |`,
			`| ${titles.map(() => '---').join(' | ')} |`,
			...body.map((row) => `| ${row.join(' | ')} |`),
		].join('\n');
	}
	const widths = rows[0]?.map((_, index) =>
		Math.max(...rows.map((row) => row[index]?.length ?? 0)),
	);
	return rows
		.map((row) => row.map((cell, index) => cell.padEnd(widths?.[index] ?? 0)).join('  '))
		.join('\n');
}

const DOC = join(ROOT, 'docs/performance.md');
const START = '<!-- bench:lighthouse -->';
const END = '<!-- /bench:lighthouse -->';

/**
 * Puts this run's table, with its date, between the bench markers of docs/performance.md.
 * Returns whether the page had the markers.
 * @param {Result[]} results
 * @param {number} runs
 */
export function writeDocsTable(results, runs) {
	const readme = readFileSync(DOC, 'utf8');
	if (!readme.includes(START) || !readme.includes(END)) return false;
	const text = [
		`\`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (Lighthouse, mobile, simulated throttling, median of ${runs}; HTTP/2 over TLS, then HTTP/1.1 in the columns «1.1»):`,
		'',
		table(results, 'markdown'),
	].join('\n');
	const before = readme.slice(0, readme.indexOf(START) + START.length);
	const after = readme.slice(readme.indexOf(END));
	writeFileSync(DOC, `${before}\n\n${text}\n\n${after}`);
	return true;
}
