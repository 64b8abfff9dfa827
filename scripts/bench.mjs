#!/usr/bin/env node
// npm run bench: Lighthouse (mobile preset, its default simulated throttling) on the real server
// serving the build, five rounds over every page after one uncounted warm-up, median. Prints a
// table, writes it into docs/performance.md and as JSON to bench/results/, and exits 1 when a page
// misses a target of bench/budgets.json.
//
//   npm run bench                              builds, then measures
//   npm run bench -- --no-build                measures the build already in dist/
//   npm run bench -- --rounds 7                more rounds (at least 5 for a figure to report)
//   npm run bench -- --pages home,contatti     some pages only (the table in the docs is kept)
//   npm run bench -- --compare /tmp/other-dist another build (a copy of a dist/ folder) measured
//                                              in the same rounds, page by page, in turns: how
//                                              two variants compare on a loaded machine
//   BENCH_PORT=5300 npm run bench              the ports to use: the server on BENCH_PORT, the
//                                              floor on +1, the compared build on +2 (else free
//                                              ports the system picks)
//
// Timings live here, never in the tests. Chromium: the one scripts/browser-path.mjs finds.
//
// The last row, 'minima', is a page of two lines of text with no stylesheet, script or image,
// served from memory on another loopback port: what any page costs on this machine under the
// same harness before its own bytes and work. It has no targets; it says how far the six pages
// are from the floor, and whether a target can be met here at all. The 'LCP ×' column is each
// page's LCP divided by the floor's, both medians of the same rounds: a figure that a loaded
// or slower machine moves far less than the milliseconds, so it is the one with a target.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from './browser-path.mjs';
import { ROOT, assertBuilt, startServer } from './start-server.mjs';

/** The value after a command-line flag (`--rounds 5`), or undefined. */
const option = (flag) => {
	const index = process.argv.indexOf(flag);
	return index >= 0 ? process.argv[index + 1] : undefined;
};
const RUNS = Number(option('--rounds') ?? 5);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('bench: --rounds wants a whole number');
const budgets = JSON.parse(readFileSync(join(ROOT, 'bench/budgets.json'), 'utf8'));
const targets = budgets.lighthouse;
const chosenPages = option('--pages')?.split(',');
for (const name of chosenPages ?? []) {
	if (!(name in budgets.pages)) throw new Error(`bench: no page '${name}' in bench/budgets.json`);
}
const compareDir = option('--compare');
const basePort = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;

if (!process.argv.includes('--no-build')) {
	const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
	if (build.status !== 0) process.exit(build.status ?? 1);
}
assertBuilt();

/** The median of the numbers that were measured (a run Lighthouse could not finish gives NaN). */
const median = (values) => {
	const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
	if (!sorted.length) return NaN;
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The figures of one Lighthouse run. */
function figures(lhr) {
	const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
	const items = lhr.audits['resource-summary']?.details?.items ?? [];
	const bytesOf = (type) => items.find((item) => item.resourceType === type)?.transferSize ?? 0;
	const requestsOf = (type) => items.find((item) => item.resourceType === type)?.requestCount ?? 0;
	return {
		performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
		accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
		bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
		seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
		lcpMs: Math.round(audit('largest-contentful-paint')),
		fcpMs: Math.round(audit('first-contentful-paint')),
		tbtMs: Math.round(audit('total-blocking-time')),
		cls: Number(audit('cumulative-layout-shift').toFixed(3)),
		jsBytes: bytesOf('script'),
		totalBytes: bytesOf('total'),
		requests: requestsOf('total'),
	};
}

/** The targets a page misses. */
function misses(result) {
	const problems = [];
	for (const key of ['lcpMs', 'tbtMs', 'cls']) {
		if (!Number.isFinite(result[key])) problems.push(`${key} not measured in any run`);
	}
	for (const key of ['performance', 'accessibility', 'bestPractices', 'seo']) {
		if (result[key] < targets[key]) problems.push(`${key} ${result[key]} < ${targets[key]}`);
	}
	if (result.lcpMs > targets.lcpMs) problems.push(`LCP ${result.lcpMs} ms > ${targets.lcpMs} ms`);
	if (result.tbtMs > targets.tbtMs) problems.push(`TBT ${result.tbtMs} ms > ${targets.tbtMs} ms`);
	if (result.cls > targets.cls) problems.push(`CLS ${result.cls} > ${targets.cls}`);
	if (result.lcpRatio > targets.lcpRatio) {
		problems.push(`LCP ${result.lcpRatio} × the floor > ${targets.lcpRatio}`);
	}
	return problems;
}

/** The floor: the least an Italian page can be, two lines of text. */
const MINIMAL_PAGE = `<!DOCTYPE html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Pagina minima</title><meta name="description" content="Il minimo che una pagina costa su questa macchina."></head><body><h1>Pagina minima</h1><p>Due righe di testo, senza fogli di stile, script o immagini: il minimo che una pagina costa su questa macchina, con le stesse misure delle altre.</p></body></html>`;

/**
 * Serves MINIMAL_PAGE on a free loopback port.
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
function serveMinimalPage(port = 0) {
	const minimal = createServer((request, response) => {
		response.writeHead(request.url === '/' ? 200 : 404, {
			'Content-Type': 'text/html; charset=utf-8',
			'Cache-Control': 'no-store',
		});
		response.end(request.url === '/' ? MINIMAL_PAGE : '');
	});
	return new Promise((resolve) => {
		minimal.listen(port, '127.0.0.1', () => {
			const address = minimal.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			resolve({
				url: `http://127.0.0.1:${port}`,
				stop: () => new Promise((done) => minimal.close(() => done())),
			});
		});
	});
}

const browser = findChromium();
const server = await startServer({
	env: { CONTACT_DB_PATH: join(ROOT, 'data/bench.sqlite') },
	...(basePort ? { port: basePort } : {}),
});
const minimal = await serveMinimalPage(basePort ? basePort + 1 : 0);
/** The compared build's server; a build that cannot start stops the others before failing. */
const compared = compareDir
	? await startServer({
			env: { DIST_DIR: compareDir, CONTACT_DB_PATH: join(ROOT, 'data/bench-compare.sqlite') },
			...(basePort ? { port: basePort + 2 } : {}),
		}).catch(async (error) => {
			await server.stop();
			await minimal.stop();
			throw error;
		})
	: null;
const chrome = await chromeLauncher.launch({
	...(browser ? { chromePath: browser.path } : {}),
	chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});

/**
 * The pages measured: the six of the budgets (or those of --pages) on the site's server, each
 * followed by the same page of the compared build, then the floor.
 */
const pages = [
	...Object.entries(budgets.pages)
		.filter(([name]) => !chosenPages || chosenPages.includes(name))
		.flatMap(([name, path]) => [
			{ name, path, origin: server.url },
			...(compared ? [{ name: `${name} (cfr.)`, path, origin: compared.url }] : []),
		]),
	{ name: 'minima', path: '/', origin: minimal.url, floor: true },
];

/** One Lighthouse run of a page. */
async function measure(origin, path) {
	const outcome = await lighthouse(`${origin}${path}`, {
		port: chrome.port,
		output: 'json',
		logLevel: 'error',
		formFactor: 'mobile',
		onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
	});
	if (outcome.lhr.runtimeError) {
		console.warn(`bench: ${path}: ${outcome.lhr.runtimeError.message}`);
	}
	return figures(outcome.lhr);
}

const results = [];
try {
	// The first page after Chromium starts pays for its start (home once measured 3,522 ms that
	// way): one run of the home page first, not counted. Then every page once per round, so a
	// slower spell of a shared machine falls on every page alike, not on one page's three runs.
	await measure(server.url, '/');
	const runsOf = pages.map(() => []);
	for (let round = 0; round < RUNS; round++) {
		// With a compared build, each page and its counterpart take turns at going first.
		const order = [...pages.keys()];
		if (compared && round % 2) {
			for (let index = 0; index + 1 < order.length - 1; index += 2) {
				[order[index], order[index + 1]] = [order[index + 1] ?? 0, order[index] ?? 0];
			}
		}
		for (const index of order) {
			const { origin, path } = pages[index] ?? { origin: '', path: '' };
			runsOf[index]?.push(await measure(origin, path));
		}
		console.log(`bench: round ${round + 1} of ${RUNS} measured`);
	}
	for (const [index, { name, path, floor }] of pages.entries()) {
		const runs = runsOf[index] ?? [];
		const result = { page: name, path: floor ? '(pagina minima)' : path };
		for (const key of Object.keys(runs[0])) result[key] = median(runs.map((run) => run[key]));
		// Each run's figures beside the medians (in the JSON only): on this machine LCP moves in
		// steps of a round trip and TBT from 0 to tens of ms between runs of the same build.
		result.eachRun = Object.fromEntries(
			['lcpMs', 'fcpMs', 'tbtMs'].map((key) => [key, runs.map((run) => run[key])]),
		);
		results.push(result);
	}
	// Each page's LCP as a multiple of the floor's (the last page), then the targets.
	const floorLcp = results.at(-1)?.lcpMs ?? NaN;
	for (const [index, result] of results.entries()) {
		result.lcpRatio = Number((result.lcpMs / floorLcp).toFixed(2));
		result.misses = pages[index]?.floor ? [] : misses(result);
	}
} finally {
	chrome.kill();
	await server.stop();
	await compared?.stop();
	await minimal.stop();
}

const columns = [
	['page', 'Pagina'],
	['performance', 'Perf'],
	['accessibility', 'A11y'],
	['bestPractices', 'BP'],
	['seo', 'SEO'],
	['lcpMs', 'LCP ms'],
	['lcpRatio', 'LCP ×'],
	['fcpMs', 'FCP ms'],
	['tbtMs', 'TBT ms'],
	['cls', 'CLS'],
	['jsBytes', 'JS B'],
	['totalBytes', 'Tot B'],
	['requests', 'Req'],
];
/** A figure as the tables show it: the ratio with two decimals, so the column lines up. */
const cell = (result, key) => (key === 'lcpRatio' ? result[key].toFixed(2) : String(result[key]));
const rows = [
	columns.map(([, title]) => title),
	...results.map((r) => columns.map(([key]) => cell(r, key))),
];
const widths = columns.map((_, index) => Math.max(...rows.map((row) => row[index].length)));
console.log(`\nLighthouse, mobile, median of ${RUNS} runs:\n`);
for (const row of rows)
	console.log(row.map((cell, index) => cell.padEnd(widths[index])).join('  '));

// The table of docs/performance.md (between its bench markers) is this run's, with its date,
// when every page of this build was measured.
const DOC = join(ROOT, 'docs/performance.md');
const START = '<!-- bench:lighthouse -->';
const END = '<!-- /bench:lighthouse -->';
const readme = readFileSync(DOC, 'utf8');
if (!chosenPages && !compared && readme.includes(START) && readme.includes(END)) {
	const table = [
		`\`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (Lighthouse, mobile, simulated throttling, median of ${RUNS}):`,
		'',
		`| ${columns.map(([, title]) => title).join(' | ')} |`,
		`| ${columns.map(() => '---').join(' | ')} |`,
		...results.map((r) => `| ${columns.map(([key]) => cell(r, key)).join(' | ')} |`),
	].join('\n');
	const before = readme.slice(0, readme.indexOf(START) + START.length);
	const after = readme.slice(readme.indexOf(END));
	writeFileSync(DOC, `${before}\n\n${table}\n\n${after}`);
	console.log('bench: docs/performance.md table updated (run `npm run format` before committing)');
}

mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
const file = join(
	ROOT,
	'bench/results',
	`lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
);
writeFileSync(file, `${JSON.stringify({ targets, runs: RUNS, results }, null, '\t')}\n`);
console.log(`\nbench: written ${file}`);

const failing = results.filter((result) => result.misses.length);
for (const result of failing)
	console.log(`bench: ${result.path} misses ${result.misses.join(', ')}`);
process.exit(failing.length ? 1 : 0);
