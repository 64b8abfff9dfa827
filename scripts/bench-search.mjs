// The search figures of a build (docs/search.md), for scripts/bench-build.mjs: the size of
// Pagefind's index, the time it added to the build (from src/integrations/pagefind.ts's log line),
// and what a first search transfers, brotli, worked out from the files (no browser): Pagefind's
// script (run without its web worker), entry, metadata and Italian WASM, the largest index chunk (a
// one-word search reads one) and the largest fragments of one page of results
// (src/components/islands/SearchPage.tsx fetches 12 at a time). An upper bound of what
// tests/e2e/search.spec.ts measures in Chromium.
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';

/** Results whose details the search page fetches at once. */
const RESULTS_PAGE = 12;
/** Budgets of the issue: first search on the sample catalogue, and at 5,000 products. */
export const FIRST_SEARCH_BUDGETS = [
	{ upTo: 100, bytes: 100 * 1024 },
	{ upTo: 5000, bytes: 200 * 1024 },
];

const brotli = promisify(brotliCompress);
/** The log line of src/integrations/pagefind.ts. */
const LOG_LINE = /(\d+) pages read, index in (\d+) ms: (\d+) files, (\d+) bytes/;

async function sizes(dir) {
	const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
	return Promise.all(
		entries
			.filter((entry) => entry.isFile())
			.map(async (entry) => (await stat(join(dir, entry.name))).size),
	);
}

async function brotliSize(file) {
	const bytes = await readFile(file);
	const compressed = await brotli(bytes, {
		params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
	});
	return Math.min(bytes.length, compressed.length);
}

/** The search figures of a built dist/client and the build's log. */
export async function searchFigures(clientDir, log) {
	const dir = join(clientDir, 'pagefind');
	const [, pagesRead, indexMs, indexFiles, indexBytes] = (LOG_LINE.exec(log) ?? []).map(Number);
	const names = await readdir(dir);
	const meta = names.find((name) => name.endsWith('.pf_meta'));
	const fixed =
		(await brotliSize(join(dir, 'pagefind.js'))) +
		(await brotliSize(join(dir, 'pagefind-entry.json'))) +
		(meta ? (await stat(join(dir, meta))).size : 0) +
		(await stat(join(dir, 'wasm.it.pagefind'))).size;
	const index = Math.max(0, ...(await sizes(join(dir, 'index'))));
	const fragments = (await sizes(join(dir, 'fragment')))
		.sort((a, b) => b - a)
		.slice(0, RESULTS_PAGE)
		.reduce((sum, size) => sum + size, 0);
	return {
		searchPagesRead: pagesRead ?? NaN,
		searchIndexMs: indexMs ?? NaN,
		searchIndexFiles: indexFiles ?? NaN,
		searchIndexBytes: indexBytes ?? NaN,
		firstSearchBytes: fixed + index + fragments,
	};
}

/** The first-search budget for a catalogue of `products`, in bytes. */
export function firstSearchBudget(products) {
	return (
		FIRST_SEARCH_BUDGETS.find((budget) => products <= budget.upTo) ?? FIRST_SEARCH_BUDGETS.at(-1)
	).bytes;
}
