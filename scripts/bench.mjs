#!/usr/bin/env node
// npm run bench: Lighthouse (mobile preset, its default simulated throttling) on the real server
// serving the build, three runs per page, median. Prints a table, writes it as JSON to
// bench/results/, and exits 1 when a page misses a target of bench/budgets.json.
//
//   npm run bench                 builds, then measures
//   npm run bench -- --no-build   measures the build already in dist/
//
// Timings live here, never in the tests. Chromium: the one scripts/browser-path.mjs finds.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from './browser-path.mjs';
import { ROOT, assertBuilt, startServer } from './start-server.mjs';

const RUNS = 3;
const budgets = JSON.parse(readFileSync(join(ROOT, 'bench/budgets.json'), 'utf8'));
const targets = budgets.lighthouse;

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
	return problems;
}

const browser = findChromium();
const server = await startServer({ env: { CONTACT_DB_PATH: join(ROOT, 'data/bench.sqlite') } });
const chrome = await chromeLauncher.launch({
	...(browser ? { chromePath: browser.path } : {}),
	chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});

const results = [];
try {
	for (const [name, path] of Object.entries(budgets.pages)) {
		const runs = [];
		for (let run = 0; run < RUNS; run++) {
			const outcome = await lighthouse(`${server.url}${path}`, {
				port: chrome.port,
				output: 'json',
				logLevel: 'error',
				formFactor: 'mobile',
				onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
			});
			if (outcome.lhr.runtimeError) {
				console.warn(`bench: ${path}, run ${run + 1}: ${outcome.lhr.runtimeError.message}`);
			}
			runs.push(figures(outcome.lhr));
		}
		const result = { page: name, path };
		for (const key of Object.keys(runs[0])) result[key] = median(runs.map((run) => run[key]));
		result.misses = misses(result);
		results.push(result);
		console.log(`bench: ${path} measured`);
	}
} finally {
	chrome.kill();
	await server.stop();
}

const columns = [
	['page', 'Pagina'],
	['performance', 'Perf'],
	['accessibility', 'A11y'],
	['bestPractices', 'BP'],
	['seo', 'SEO'],
	['lcpMs', 'LCP ms'],
	['fcpMs', 'FCP ms'],
	['tbtMs', 'TBT ms'],
	['cls', 'CLS'],
	['jsBytes', 'JS B'],
	['totalBytes', 'Tot B'],
	['requests', 'Req'],
];
const rows = [
	columns.map(([, title]) => title),
	...results.map((r) => columns.map(([key]) => String(r[key]))),
];
const widths = columns.map((_, index) => Math.max(...rows.map((row) => row[index].length)));
console.log(`\nLighthouse, mobile, median of ${RUNS} runs:\n`);
for (const row of rows)
	console.log(row.map((cell, index) => cell.padEnd(widths[index])).join('  '));

// The README's table (between its bench markers) is this run's, with its date.
const README = join(ROOT, 'README.md');
const START = '<!-- bench:lighthouse -->';
const END = '<!-- /bench:lighthouse -->';
const readme = readFileSync(README, 'utf8');
if (readme.includes(START) && readme.includes(END)) {
	const table = [
		`\`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (Lighthouse, mobile, simulated throttling, median of ${RUNS}):`,
		'',
		`| ${columns.map(([, title]) => title).join(' | ')} |`,
		`| ${columns.map(() => '---').join(' | ')} |`,
		...results.map((r) => `| ${columns.map(([key]) => String(r[key])).join(' | ')} |`),
	].join('\n');
	const before = readme.slice(0, readme.indexOf(START) + START.length);
	const after = readme.slice(readme.indexOf(END));
	writeFileSync(README, `${before}\n\n${table}\n\n${after}`);
	console.log('bench: README.md table updated (run `npm run format` before committing)');
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
