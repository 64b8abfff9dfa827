// @ts-check
// `npm test`: every check of the repository, in order, stopping at the first that fails, then the
// time each stage took, so a stage that grows slower shows at once. `node scripts/test.mjs unit e2e`
// runs only the stages named (in the order below). Each stage is a command of its own, with the
// terminal attached; ASTRO_TELEMETRY_DISABLED is set for all of them.
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/** @typedef {{ name: string, what: string, commands: string[][] }} Stage */

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * `astro check` would run `astro sync` again after the lint stage has run it: `--noSync` spares
 * that second pass (the generated types are the same).
 * @type {Stage[]}
 */
export const STAGES = [
	{ name: 'format', what: 'Prettier', commands: [[npx, 'prettier', '--check', '.']] },
	{
		name: 'lint',
		what: 'astro sync + ESLint',
		commands: [
			[npx, 'astro', 'sync'],
			[npx, 'eslint', '.'],
		],
	},
	{ name: 'check', what: 'astro check', commands: [[npx, 'astro', 'check', '--noSync']] },
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
		// Two workers: these tests mostly wait on servers, SMTP and restarts, not on the CPU.
		commands: [[npx, 'vitest', 'run', 'tests/server', '--maxWorkers=2']],
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
 * Runs the stages; returns the exit code (0 when every stage passed).
 * @param {string[]} names the stages to run; all when empty
 */
export function runStages(names) {
	const unknown = names.filter((name) => !STAGES.some((stage) => stage.name === name));
	if (unknown.length > 0) {
		console.error(
			`test: unknown stage ${unknown.join(', ')} (stages: ${STAGES.map((s) => s.name).join(', ')})`,
		);
		return 2;
	}
	const chosen = STAGES.filter((stage) => names.length === 0 || names.includes(stage.name)).map(
		// Without the lint stage before it, astro check makes the generated types itself.
		(stage) =>
			stage.name === 'check' && names.length > 0 && !names.includes('lint')
				? { ...stage, commands: [[npx, 'astro', 'check']] }
				: stage,
	);
	const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
	/** @type {{ stage: Stage, ms: number, ok: boolean }[]} */
	const done = [];
	const start = performance.now();
	let code = 0;
	for (const stage of chosen) {
		console.log(`\n▶ ${stage.name}: ${stage.what}`);
		const began = performance.now();
		let ok = true;
		for (const [command, ...args] of stage.commands) {
			const result = spawnSync(/** @type {string} */ (command), args, { stdio: 'inherit', env });
			if (result.error) console.error(`test: ${result.error.message}`);
			if (result.status !== 0) {
				ok = false;
				code = result.status || 1;
				break;
			}
		}
		done.push({ stage, ms: performance.now() - began, ok });
		if (!ok) break;
	}
	console.log('\nTime per stage:');
	for (const { stage, ms, ok } of done) {
		console.log(`  ${stage.name.padEnd(7)} ${seconds(ms).padStart(9)}  ${ok ? 'ok' : 'FAILED'}`);
	}
	const skipped = chosen.slice(done.length).map((stage) => stage.name);
	if (skipped.length > 0) console.log(`  not run: ${skipped.join(', ')}`);
	console.log(`  total   ${seconds(performance.now() - start).padStart(9)}`);
	return code;
}

if (import.meta.url === `file://${process.argv[1]}`) {
	process.exitCode = runStages(process.argv.slice(2));
}
