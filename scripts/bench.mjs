#!/usr/bin/env node
// npm run bench: Lighthouse (mobile preset, its default simulated throttling) on the real server
// serving the build, over two transports in the same rounds: HTTP/2 over TLS first (the site as
// the CDN serves it, through a local front: scripts/bench-lighthouse/h2-front.mjs), then
// HTTP/1.1 (the server itself, plain http://) for comparison. Five rounds over every page after
// one uncounted warm-up, median. Prints one table (the HTTP/2 figures, then the HTTP/1.1 ones in
// columns of their own), writes it into docs/performance.md and, with every run's figures, as
// JSON to bench/results/, and exits 1 when a page misses a target of bench/budgets.json over
// HTTP/2.
//
//   npm run bench                              builds, then measures
//   npm run bench -- --no-build                measures the build already in dist/
//   npm run bench -- --rounds 7                more rounds (at least 5 for a figure to report)
//   npm run bench -- --pages home,contatti     some pages only (the table in the docs is kept)
//   npm run bench -- --compare /tmp/other-dist another build (a copy of a dist/ folder) measured
//                                              in the same rounds, page by page, in turns: how
//                                              two variants compare on a loaded machine
//   npm run bench -- --smoke                   does the bench still run? the build in dist/,
//                                              one page (contatti, or the first of --pages) and
//                                              the floor, one round, no warm-up, nothing
//                                              written, no target (tests/server/benches.test.ts)
//   BENCH_PORT=5300 npm run bench              the ports to use: the server on BENCH_PORT, the
//                                              floor on +1, the compared build on +2, and their
//                                              HTTP/2 fronts on +3, +4 and +5 (else free ports
//                                              the system picks)
//
// Timings live here, never in the tests. Chromium: the one scripts/browser-path.mjs finds, told
// to trust the front's certificate, made for the run (and nothing else it cannot verify).
//
// The last rows, 'minima', are a page of two lines of text with no stylesheet, script or image,
// served from memory on another loopback port (and through its own HTTP/2 front): what any page
// costs on this machine under the same harness before its own bytes and work. It has no targets;
// it says how far the pages are from the floor, and whether a target can be met here at all. The
// 'LCP ×' column is each page's LCP divided by the floor's over the same transport, both medians
// of the same rounds: a figure that a loaded or slower machine moves far less than the
// milliseconds, so it is the one with a target.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from './browser-path.mjs';
import {
	chromiumFlag,
	serveOverHttp2,
	throwawayCertificate,
} from './bench-lighthouse/h2-front.mjs';
import { TRANSPORTS, median, table, writeDocsTable } from './bench-lighthouse/report.mjs';
import { ROOT, assertBuilt, startServer } from './start-server.mjs';

/** The value after a command-line flag (`--rounds 5`), or undefined. */
const option = (flag) => {
	const index = process.argv.indexOf(flag);
	return index >= 0 ? process.argv[index + 1] : undefined;
};
const smoke = process.argv.includes('--smoke');
const RUNS = smoke ? 1 : Number(option('--rounds') ?? 5);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('bench: --rounds wants a whole number');
const budgets = JSON.parse(readFileSync(join(ROOT, 'bench/budgets.json'), 'utf8'));
const targets = budgets.lighthouse;
const listedPages = option('--pages')?.split(',');
const chosenPages = smoke ? [listedPages?.[0] ?? 'contatti'] : listedPages;
for (const name of chosenPages ?? []) {
	if (!(name in budgets.pages)) throw new Error(`bench: no page '${name}' in bench/budgets.json`);
}
const compareDir = smoke ? undefined : option('--compare');
const basePort = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
/** The port `offset` after BENCH_PORT, or 0 (the system picks one). */
const portAt = (offset) => (basePort ? basePort + offset : 0);

if (!smoke && !process.argv.includes('--no-build')) {
	const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
	if (build.status !== 0) process.exit(build.status ?? 1);
}
assertBuilt();

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

/** What the bench started, stopped in reverse order at the end (or when a later start fails). */
const running = [];
const stopAll = async () => {
	for (const item of running.reverse()) await item.stop();
};
/** Starts one more thing; a start that fails stops the others before failing. */
async function started(start) {
	try {
		const item = await start();
		running.push(item);
		return item;
	} catch (error) {
		await stopAll();
		throw error;
	}
}

const browser = findChromium();
const certificate = await throwawayCertificate();
const server = await started(() =>
	startServer({
		env: { CONTACT_DB_PATH: join(ROOT, 'data/bench.sqlite') },
		...(basePort ? { port: basePort } : {}),
	}),
);
const minimal = await started(() => serveMinimalPage(portAt(1)));
/** The compared build's server. */
const compared = compareDir
	? await started(() =>
			startServer({
				env: { DIST_DIR: compareDir, CONTACT_DB_PATH: join(ROOT, 'data/bench-compare.sqlite') },
				...(basePort ? { port: basePort + 2 } : {}),
			}),
		)
	: null;
/** Each origin over both transports: HTTP/2 through a front of its own, HTTP/1.1 as it is. */
const over = async (target, offset) => ({
	h2: (await started(() => serveOverHttp2({ target, certificate, port: portAt(offset) }))).url,
	h1: target,
});
const site = await over(server.url, 3);
const floor = await over(minimal.url, 4);
const other = compared ? await over(compared.url, 5) : null;
const chrome = await started(async () => {
	const launched = await chromeLauncher.launch({
		...(browser ? { chromePath: browser.path } : {}),
		chromeFlags: ['--headless=new', ...CHROMIUM_ARGS, chromiumFlag(certificate)],
	});
	return { port: launched.port, stop: async () => launched.kill() };
});

/**
 * What one round measures, in order: for each page of the budgets (or of --pages), over each
 * transport, the site's page and then the compared build's (they take turns at going first, by
 * round), then the floor over each transport.
 */
const slots = [
	...Object.entries(budgets.pages)
		.filter(([name]) => !chosenPages || chosenPages.includes(name))
		.flatMap(([name, path]) =>
			TRANSPORTS.map(({ id }) => [
				{ name, transport: id, path, origin: site[id] },
				...(other ? [{ name: `${name} (cfr.)`, transport: id, path, origin: other[id] }] : []),
			]),
		),
	...TRANSPORTS.map(({ id }) => [
		{ name: 'minima', transport: id, path: '/', origin: floor[id], floor: true },
	]),
];
const pages = slots.flat();

/** One Lighthouse run of a page. */
async function measure(origin, path) {
	const outcome = await lighthouse(`${origin}${path}`, {
		port: chrome.port,
		output: 'json',
		logLevel: 'error',
		formFactor: 'mobile',
		onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
	});
	if (!outcome) throw new Error(`bench: Lighthouse returned nothing for ${origin}${path}`);
	if (outcome.lhr.runtimeError) {
		console.warn(`bench: ${origin}${path}: ${outcome.lhr.runtimeError.message}`);
	}
	return figures(outcome.lhr);
}

const results = [];
try {
	// The first page after Chromium starts pays for its start (home once measured 3,522 ms that
	// way): one run of the home page first, not counted. Then every page once per round, so a
	// slower spell of a shared machine falls on every page alike, not on one page's three runs.
	if (!smoke) await measure(site.h2, '/');
	const runsOf = new Map(pages.map((page) => [page, []]));
	for (let round = 0; round < RUNS; round++) {
		for (const slot of slots) {
			for (const page of round % 2 ? [...slot].reverse() : slot) {
				runsOf.get(page)?.push(await measure(page.origin, page.path));
			}
		}
		console.log(`bench: round ${round + 1} of ${RUNS} measured`);
	}
	for (const page of pages) {
		const runs = runsOf.get(page) ?? [];
		const result = {
			page: page.name,
			transport: page.transport,
			path: page.floor ? '(pagina minima)' : page.path,
		};
		for (const key of Object.keys(runs[0])) result[key] = median(runs.map((run) => run[key]));
		// Every run's figures beside the medians (in the JSON only): on this machine LCP moves in
		// steps of a round trip and TBT from 0 to tens of ms between runs of the same build.
		result.eachRun = runs;
		results.push(result);
	}
	// Each page's LCP as a multiple of the floor's over the same transport, then the targets:
	// those of HTTP/2, as the CDN serves the site (HTTP/1.1 is there to compare).
	for (const result of results) {
		const floorLcp =
			results.find((other) => other.page === 'minima' && other.transport === result.transport)
				?.lcpMs ?? NaN;
		result.lcpRatio = Number((result.lcpMs / floorLcp).toFixed(2));
		result.misses = result.page === 'minima' || result.transport !== 'h2' ? [] : misses(result);
	}
} finally {
	await stopAll();
}

console.log(`\nLighthouse, mobile, median of ${RUNS} runs; HTTP/2 (TLS) first, then HTTP/1.1:\n`);
console.log(table(results, 'text'));

if (smoke) {
	console.log('\nbench: smoke run, nothing written');
	process.exit(0);
}
// The table of docs/performance.md (between its bench markers) is this run's, with its date,
// when every page of this build was measured.
if (!chosenPages && !compared && writeDocsTable(results, RUNS)) {
	console.log('bench: docs/performance.md table updated (run `npm run format` before committing)');
}

mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
const file = join(
	ROOT,
	'bench/results',
	`lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
);
const json = { targets, runs: RUNS, transports: TRANSPORTS, results };
writeFileSync(file, `${JSON.stringify(json, null, '\t')}\n`);
console.log(`\nbench: written ${file}`);

const failing = results.filter((result) => result.misses.length);
for (const result of failing)
	console.log(`bench: ${result.path} misses ${result.misses.join(', ')} (${result.transport})`);
process.exit(failing.length ? 1 : 0);
