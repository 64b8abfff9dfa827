// @ts-check
// `npm test`: every check of the repository, in order, stopping at the first that fails, then the
// time each stage took, so a stage that grows slower shows at once. `node scripts/test.mjs unit e2e`
// runs only the stages named (in the order below). ASTRO_TELEMETRY_DISABLED is set for all of them.
//
// The three static checks (Prettier, ESLint, astro check) run side by side, after one
// `astro sync` that both type checks read: each is one process on one core, and together they
// took a minute and a half in a row. Their output is printed whole as each ends, so it never
// interleaves. Every other stage runs alone, with the terminal attached.
import { spawn, spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/**
 * A stage: its commands run one after the other. Consecutive stages with the same `group` run
 * side by side, after the group's `prepare` commands.
 * @typedef {{ name: string, what: string, commands: string[][], group?: string }} Stage
 */

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Commands a group needs before its stages start: the generated types of `astro sync`. */
const PREPARE = { static: [[npx, 'astro', 'sync']] };

/**
 * `astro check --noSync` reads the types of the group's one `astro sync` instead of making them
 * again beside ESLint.
 * @type {Stage[]}
 */
export const STAGES = [
	{
		name: 'format',
		what: 'Prettier',
		group: 'static',
		commands: [[npx, 'prettier', '--check', '.']],
	},
	{
		name: 'lint',
		what: 'ESLint, then the import rules (dependency-cruiser)',
		group: 'static',
		commands: [
			[npx, 'eslint', '.'],
			[npx, 'depcruise', 'src', 'tools', 'scripts', '--config', '.dependency-cruiser.cjs'],
		],
	},
	{
		name: 'check',
		what: 'astro check',
		group: 'static',
		commands: [[npx, 'astro', 'check', '--noSync']],
	},
	{
		name: 'unit',
		what: 'Vitest: unit and build',
		// Two workers on two cores (Vitest's default leaves one core to itself): while a build
		// test waits for its Astro child process, the unit tests run beside it.
		commands: [[npx, 'vitest', 'run', 'tests/unit', 'tests/build', '--maxWorkers=2']],
	},
	{ name: 'build', what: 'npm run build', commands: [[npm, 'run', 'build']] },
	{
		name: 'server',
		what: 'Vitest: server',
		// Four workers on two cores: these tests mostly wait on servers, SMTP and restarts, and with
		// two the cores stood idle a third of the time (89 s; 69 s with four).
		commands: [[npx, 'vitest', 'run', 'tests/server', '--maxWorkers=4']],
	},
	{
		name: 'e2e',
		what: 'Playwright',
		commands: [
			[process.execPath, 'scripts/ensure-browser.mjs'],
			[npx, 'playwright', 'test'],
		],
	},
	{
		name: 'cdn',
		what: 'Playwright through the CDN double (workerd in front of the Node server)',
		commands: [[npx, 'playwright', 'test', '-c', 'playwright.cdn.config.ts']],
	},
];

/** @param {number} ms */
function seconds(ms) {
	return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * Runs commands one after the other with the terminal attached; the exit code of the first that
 * failed, or 0.
 * @param {string[][]} commands
 * @param {NodeJS.ProcessEnv} env
 */
function runAttached(commands, env) {
	for (const [command, ...args] of commands) {
		const result = spawnSync(/** @type {string} */ (command), args, { stdio: 'inherit', env });
		if (result.error) console.error(`test: ${result.error.message}`);
		if (result.status !== 0) return result.status || 1;
	}
	return 0;
}

/**
 * Runs commands one after the other, keeping their output; resolves with the exit code of the
 * first that failed (or 0) and everything they printed.
 * @param {string[][]} commands
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<{ code: number, output: string }>}
 */
async function runCaptured(commands, env) {
	let output = '';
	for (const [command, ...args] of commands) {
		const code = await new Promise((resolve) => {
			const child = spawn(/** @type {string} */ (command), args, {
				env: { ...env, FORCE_COLOR: '1' },
			});
			child.stdout.on('data', (chunk) => (output += String(chunk)));
			child.stderr.on('data', (chunk) => (output += String(chunk)));
			child.on('error', (error) => {
				output += `test: ${error.message}\n`;
				resolve(1);
			});
			child.on('close', (status) => resolve(status ?? 1));
		});
		if (code !== 0) return { code: Number(code) || 1, output };
	}
	return { code: 0, output };
}

/**
 * The chosen stages as the runs they make: a group's stages together, every other stage alone.
 * @param {Stage[]} stages
 * @returns {Stage[][]}
 */
export function runsOf(stages) {
	/** @type {Stage[][]} */
	const runs = [];
	for (const stage of stages) {
		const last = runs.at(-1);
		if (stage.group && last?.[0]?.group === stage.group) last.push(stage);
		else runs.push([stage]);
	}
	return runs;
}

/**
 * Runs the stages; resolves with the exit code (0 when every stage passed).
 * @param {string[]} names the stages to run; all when empty
 */
export async function runStages(names) {
	const unknown = names.filter((name) => !STAGES.some((stage) => stage.name === name));
	if (unknown.length > 0) {
		console.error(
			`test: unknown stage ${unknown.join(', ')} (stages: ${STAGES.map((s) => s.name).join(', ')})`,
		);
		return 2;
	}
	const chosen = STAGES.filter((stage) => names.length === 0 || names.includes(stage.name));
	const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
	/** @type {{ stage: Stage, ms: number, ok: boolean }[]} */
	const done = [];
	const start = performance.now();
	let code = 0;
	for (const run of runsOf(chosen)) {
		const group = run[0]?.group;
		if (run.length === 1 && !group) {
			const [stage] = run;
			if (!stage) continue;
			console.log(`\n▶ ${stage.name}: ${stage.what}`);
			const began = performance.now();
			code = runAttached(stage.commands, env);
			done.push({ stage, ms: performance.now() - began, ok: code === 0 });
		} else {
			const prepare = group ? (PREPARE[/** @type {'static'} */ (group)] ?? []) : [];
			console.log(`\n▶ ${run.map((stage) => stage.name).join(' + ')}, side by side`);
			code = runAttached(prepare, env);
			if (code === 0) {
				const results = await Promise.all(
					run.map(async (stage) => {
						const began = performance.now();
						const result = await runCaptured(stage.commands, env);
						const ms = performance.now() - began;
						console.log(`\n▶ ${stage.name}: ${stage.what} (${seconds(ms)})\n${result.output}`);
						return { stage, ms, ok: result.code === 0, code: result.code };
					}),
				);
				for (const { stage, ms, ok } of results) done.push({ stage, ms, ok });
				code = results.find((result) => !result.ok)?.code ?? 0;
			}
		}
		if (code !== 0) break;
	}
	console.log('\nTime per stage:');
	for (const { stage, ms, ok } of done) {
		const note = stage.group ? '  (side by side)' : '';
		console.log(
			`  ${stage.name.padEnd(7)} ${seconds(ms).padStart(9)}  ${ok ? 'ok' : 'FAILED'}${note}`,
		);
	}
	const ran = new Set(done.map(({ stage }) => stage.name));
	const skipped = chosen.filter((stage) => !ran.has(stage.name)).map((stage) => stage.name);
	if (skipped.length > 0) console.log(`  not run: ${skipped.join(', ')}`);
	console.log(`  total   ${seconds(performance.now() - start).padStart(9)}`);
	return code;
}

if (import.meta.url === `file://${process.argv[1]}`) {
	process.exitCode = await runStages(process.argv.slice(2));
}
