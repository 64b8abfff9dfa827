#!/usr/bin/env node
// npm run bench:build: how the build grows with the catalogue. For each product count it makes a
// scratch project in the system's temporary folder (the real code, a copy of content/ whose
// products are replaced by synthetic ones made from the real files), runs `astro build` there
// with cold caches, and prints build time, peak memory, output size and the search figures
// (scripts/bench-search.mjs: index size, time added, first-search transfer). Writes the table as
// JSON to bench/results/ and exits 1 when 1,000 products take longer than 120 s (the target, on 2
// cores).
//
//   npm run bench:build                            100, 1,000 and 5,000 products
//   npm run bench:build -- --sizes 100,1000        a subset
//   npm run bench:build -- --images shared         products reuse the real photo files
//   npm run bench:build -- --keep                  keeps the scratch projects (path printed)
//   npm run bench:build -- --smoke                 the smallest run, for the test suite: one
//                                                  product with shared photos, nothing written
//                                                  to bench/results/, no target
//
// The real project is never touched: no dist/, no node_modules/.astro, no content/ of its own.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { lstat, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { createProject, realProducts } from './bench-build/project.mjs';
import { firstSearchBudget, searchFigures } from './bench-search.mjs';

const ROOT = join(import.meta.dirname, '..');
const ASTRO = join(ROOT, 'node_modules/astro/astro.js');
const DEFAULT_SIZES = [100, 1000, 5000];
/** The target of the issue: 1,000 products build in under 2 minutes (on 2 cores). */
const TARGET = { products: 1000, seconds: 120 };

// --- Arguments ---------------------------------------------------------------------------------

/** The value after `--name`, or `--name=value`, or undefined. */
function option(name) {
	const args = process.argv.slice(2);
	const index = args.indexOf(`--${name}`);
	if (index >= 0) return args[index + 1];
	return args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

function fail(message) {
	console.error(message);
	process.exit(2);
}

// --smoke: does the bench still run? One product (the smallest catalogue), its real photos; the
// suite runs it (tests/server/benches.test.ts) and reads the table, never the timings.
const smoke = process.argv.includes('--smoke');
const sizes = (smoke ? '1' : (option('sizes') ?? DEFAULT_SIZES.join(',')))
	.split(',')
	.map((value) => Number(value.trim().replace(/[_.]/g, '')));
if (!sizes.length || sizes.some((size) => !Number.isSafeInteger(size) || size < 1)) {
	fail('--sizes takes product counts separated by commas, such as --sizes 100,1000');
}
// Images: 'distinct' (default) gives every synthetic product photo files of its own, as a real
// catalogue has. The copies differ by a JPEG comment only, so each is byte-distinct: Astro and
// Vite name emitted assets by a hash of their bytes, and plain copies of the same file would
// collapse into one asset and one set of resized WebPs, flattering the figures (the resizing is
// most of the build). 'shared' lets every copy of a real product point at that product's real
// photos: it measures everything but the image encoding.
const images = smoke ? 'shared' : (option('images') ?? 'distinct');
if (images !== 'distinct' && images !== 'shared') fail('--images is distinct or shared');
const keep = process.argv.includes('--keep');

// --- Measuring -----------------------------------------------------------------------------------

// Peak memory and CPU time: the build's Node process records its own maximum resident set size
// (getrusage, exact, kept by the kernel) and CPU time on exit, through this file preloaded with
// --require. Polling /proc would miss short peaks and only works on Linux; `/usr/bin/time -v` is
// not on every machine. Astro builds in one process (sharp's threads included); only esbuild's
// small Go service, a child process, is not counted. CPU time is printed next to the wall time
// because it hardly changes when something else is using the cores at the same time.
const PRELOAD = `const { writeFileSync } = require('node:fs');
process.on('exit', () => {
	const usage = process.resourceUsage();
	const maxRssBytes = usage.maxRSS * 1024;
	const cpuMicros = usage.userCPUTime + usage.systemCPUTime;
	writeFileSync(process.env.BENCH_BUILD_USAGE_FILE, JSON.stringify({ maxRssBytes, cpuMicros }));
});
`;

/** CPU seconds all the machine's cores have spent busy so far (any process). */
function machineBusySeconds() {
	return (
		cpus().reduce((sum, { times }) => sum + times.user + times.nice + times.sys + times.irq, 0) /
		1000
	);
}

/**
 * Runs `astro build` in `project`, output to `log`: exit code, wall and CPU seconds, peak memory
 * in bytes, and the CPU seconds other processes used meanwhile (another build or a test run on
 * the same cores makes the wall time longer; the load average would count the build's own
 * threads too).
 */
async function build(project, preload, log) {
	const usageFile = join(project, 'usage.json');
	const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', BENCH_BUILD_USAGE_FILE: usageFile };
	delete env.CONTENT_DIR; // the scratch project's own content/
	const output = createWriteStream(log);
	await new Promise((resolve) => output.once('open', resolve));
	const busyBefore = machineBusySeconds();
	const started = performance.now();
	const child = spawn(process.execPath, ['--require', preload, ASTRO, 'build'], {
		cwd: project,
		env,
		stdio: ['ignore', output, output],
	});
	running = child;
	const code = await new Promise((resolve) => child.once('exit', (status) => resolve(status)));
	const seconds = (performance.now() - started) / 1000;
	const busy = machineBusySeconds() - busyBefore;
	running = undefined;
	output.close();
	const usage = JSON.parse(await readFile(usageFile, 'utf8').catch(() => '{}'));
	const cpuSeconds = (usage.cpuMicros ?? NaN) / 1e6;
	return {
		code,
		seconds,
		cpuSeconds,
		peakRssBytes: usage.maxRssBytes ?? NaN,
		otherCpuSeconds: Math.max(0, busy - cpuSeconds),
	};
}

/** Bytes and number of files under a folder, and how many of them are HTML pages. */
async function folderSize(folder) {
	let bytes = 0;
	let files = 0;
	let pages = 0;
	for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
		if (!entry.isFile()) continue;
		bytes += (await lstat(join(entry.parentPath, entry.name))).size;
		files++;
		if (entry.name.endsWith('.html')) pages++;
	}
	return { bytes, files, pages };
}

// --- Report --------------------------------------------------------------------------------------

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const count = (value) => value.toLocaleString('en-US');

function table(results) {
	const rows = [
		[
			'products',
			'build time',
			'peak memory',
			'output size',
			'files',
			'per-product time',
			'CPU time',
			'search index',
			'index time',
			'first search (br)',
		],
		...results.map((r) => [
			count(r.products),
			`${r.seconds.toFixed(1)} s`,
			mb(r.peakRssBytes),
			mb(r.outputBytes),
			count(r.files),
			`${r.msPerProduct.toFixed(0)} ms`,
			`${r.cpuSeconds.toFixed(1)} s`,
			mb(r.searchIndexBytes),
			`${(r.searchIndexMs / 1000).toFixed(1)} s`,
			`${(r.firstSearchBytes / 1024).toFixed(1)} KB`,
		]),
	];
	const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
	const line = (row) => `| ${row.map((cell, c) => cell.padStart(widths[c])).join(' | ')} |`;
	return [
		line(rows[0]),
		`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
		...rows.slice(1).map(line),
	].join('\n');
}

/**
 * How each size compares with the previous one: a build that grows linearly keeps its time and
 * memory per product (the fixed start-up cost even makes the smaller sizes look worse).
 */
function growth(results) {
	return results.slice(1).map((r, index) => {
		const previous = results[index];
		const times = r.products / previous.products;
		return (
			`${count(previous.products)} → ${count(r.products)} products (×${times.toFixed(1)}): ` +
			`time ×${(r.seconds / previous.seconds).toFixed(1)} ` +
			`(CPU ×${(r.cpuSeconds / previous.cpuSeconds).toFixed(1)}), ` +
			`memory ×${(r.peakRssBytes / previous.peakRssBytes).toFixed(1)}, ` +
			`output ×${(r.outputBytes / previous.outputBytes).toFixed(1)}`
		);
	});
}

// --- Main ----------------------------------------------------------------------------------------

let running;
let interrupted = false;
const workdir = await mkdtemp(join(tmpdir(), 'vigorsport-bench-build-'));
const cleanUp = async () => {
	if (!keep) await rm(workdir, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM']) {
	process.once(signal, () => {
		interrupted = true;
		running?.kill('SIGTERM');
		void cleanUp().finally(() => process.exit(130));
	});
}

const templates = await realProducts();
const preload = join(workdir, 'usage.cjs');
await writeFile(preload, PRELOAD);
const machine = `${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown'}), ${mb(totalmem())} RAM, Node ${process.version}`;
console.log(`Build benchmark on ${machine}`);
console.log(
	`${templates.length} real products as templates; photos: ${
		images === 'distinct'
			? 'a byte-distinct copy per synthetic product (every photo is resized)'
			: "shared: each copy reuses its real product's photos (resized once)"
	}`,
);
console.log(`Scratch projects in ${workdir}${keep ? ' (kept)' : ''}\n`);

// The JSON is rewritten after every size, so an interrupted run keeps the sizes it finished.
const startedAt = new Date();
const resultsFile = join(
	ROOT,
	'bench/results',
	`build-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`,
);
const results = [];
async function save() {
	if (smoke) return;
	const report = {
		date: startedAt.toISOString(),
		machine,
		images,
		templates: templates.length,
		results,
	};
	await mkdir(dirname(resultsFile), { recursive: true });
	await writeFile(resultsFile, `${JSON.stringify(report, null, '\t')}\n`);
}

let failed = false;
try {
	for (const size of [...sizes].sort((a, b) => a - b)) {
		const project = join(workdir, `products-${size}`);
		const photos = await createProject(project, size, templates, images);
		const log = join(workdir, `build-${size}.log`);
		process.stdout.write(`${count(size)} products, ${count(photos)} photos: building… `);
		const run = await build(project, preload, log);
		if (interrupted) break;
		if (run.code !== 0) {
			console.log(`failed (exit ${run.code}).`);
			const text = await readFile(log, 'utf8');
			console.error(text.split('\n').slice(-40).join('\n'));
			failed = true;
			break;
		}
		const output = await folderSize(join(project, 'dist'));
		const result = {
			products: size,
			photos,
			seconds: Number(run.seconds.toFixed(2)),
			cpuSeconds: Number(run.cpuSeconds.toFixed(2)),
			peakRssBytes: run.peakRssBytes,
			outputBytes: output.bytes,
			files: output.files,
			htmlPages: output.pages,
			msPerProduct: Number(((run.seconds * 1000) / size).toFixed(1)),
			otherCpuSeconds: Number(run.otherCpuSeconds.toFixed(1)),
			...(await searchFigures(join(project, 'dist/client'), await readFile(log, 'utf8'))),
		};
		results.push(result);
		await save();
		console.log(
			`${result.seconds.toFixed(1)} s (CPU ${result.cpuSeconds.toFixed(1)} s), ${mb(result.peakRssBytes)}` +
				`; other processes: CPU ${result.otherCpuSeconds.toFixed(0)} s`,
		);
		// More than a quarter of the cores' time taken by other work (a little is always there:
		// esbuild's service, the kernel): the wall time is longer than on a quiet machine, the
		// CPU time much less so.
		if (result.otherCpuSeconds > 0.25 * result.seconds * availableParallelism()) {
			console.log('  the machine was busy with other work: compare the CPU times');
		}
		// The next size needs the space more than this one's output does.
		if (!keep) await rm(project, { recursive: true, force: true });
		else console.log(`  project: ${project}, log: ${relative(workdir, log)}`);
	}
} finally {
	await cleanUp();
}

if (results.length) {
	console.log(`\n${table(results)}\n`);
	for (const line of growth(results)) console.log(line);
	if (!smoke) console.log(`\nWritten to ${relative(ROOT, resultsFile)}`);
}

const target = results.find((r) => r.products === TARGET.products);
if (target && target.seconds > TARGET.seconds) {
	console.error(
		`\n${count(TARGET.products)} products took ${target.seconds.toFixed(1)} s: over the target of ${TARGET.seconds} s.`,
	);
	process.exit(1);
}
// The first search's transfer: 100 KB on the sample catalogue, 200 KB at 5,000.
for (const r of results) {
	const budget = firstSearchBudget(r.products);
	if (r.firstSearchBytes > budget) {
		console.error(
			`\n${count(r.products)} products: the first search transfers ${(r.firstSearchBytes / 1024).toFixed(1)} KB, over ${budget / 1024} KB.`,
		);
		failed = true;
	}
}
if (failed) process.exit(1);
