import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { workflowBuildScript } from '../../helpers/workflow.mjs';
import {
	createScratchProject,
	reuseMainBuildImages,
	root,
} from '../../build/helpers/scratch-project';
import { writeHostileContent } from './hostile-content';
import { E2E_PORT } from './messages';

/**
 * The second site of the browser tests: one copy of the project, built once per run by the
 * deploy workflow's own build steps, for the specs of the `builds` project, which each needed a
 * site of their own (a build takes minutes on two cores). It carries, beside the real content:
 * - the files the editor saves in tests/e2e/admin.spec.ts, kept in EDITOR_SAVES (that test
 *   checks the editor writes them byte for byte), checked on the pages by admin-site.spec.ts;
 * - hostile HTML in a product and the privacy page (helpers/hostile-content.ts), checked
 *   by tests/e2e/content-html.spec.ts, in the built files and in Chromium;
 * - a new tagline, the change of a new version, checked by tests/e2e/update.spec.ts.
 * Nothing in it waits for another test, so the run's main process starts the build at once in
 * the background (helpers/second-site-setup.ts) while the other tests run. Whoever calls
 * sharedSite() first builds it when that did not happen; any other caller waits (a lock folder).
 * The folder is per port and emptied at the start of each run by playwright.config.ts.
 */

/** Where the second site and its lock live during a run. */
export const SHARED_SITE_DIR = path.join(tmpdir(), `vigorsport-e2e-site-${E2E_PORT}`);
/**
 * The files the editor saves in admin.spec.ts's round trip, by their path in the repository:
 * `npx playwright test tests/e2e/admin.spec.ts --update-snapshots` writes them again after a
 * change of the editor or of those content files.
 */
export const EDITOR_SAVES = path.join(root, 'tests/fixtures/editor-saves');
/** The photo the editor uploads for the new product, and where it saves it. */
export const EDITOR_PHOTO = {
	source: 'content/products/proteine/mass-gainer.jpg',
	saved: 'content/products/proteine/shaker-pro-700/shaker-pro-700.jpg',
};
/** The tagline of the second site's home page. */
export const NEW_TAGLINE = 'Nuova versione: integratori e consigli dal 2006';

const PROJECT = path.join(SHARED_SITE_DIR, 'project');
const LOCK = path.join(SHARED_SITE_DIR, 'lock');
const READY = path.join(SHARED_SITE_DIR, 'ready');
const FAILED = path.join(SHARED_SITE_DIR, 'failed');

/** Copies the editor's saved files over the project's content. */
async function applyEditorSaves(project: string): Promise<void> {
	await cp(EDITOR_SAVES, project, { recursive: true });
	const photo = path.join(project, EDITOR_PHOTO.saved);
	await mkdir(path.dirname(photo), { recursive: true });
	await copyFile(path.join(root, EDITOR_PHOTO.source), photo);
}

/** Runs the deploy workflow's build steps in `project`; `signal` stops them. */
async function runBuildSteps(project: string, signal?: AbortSignal) {
	signal?.throwIfAborted();
	const child = spawn('bash', ['-euo', 'pipefail', '-c', await workflowBuildScript(root)], {
		cwd: project,
		env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0' },
		// Its own process group, so that an unneeded build is stopped whole (bash, Astro, Vite).
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const stop = () => {
		if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
	};
	signal?.addEventListener('abort', stop, { once: true });
	let output = '';
	const keep = (chunk: Buffer) => (output = (output + String(chunk)).slice(-20_000));
	child.stdout?.on('data', keep);
	child.stderr?.on('data', keep);
	const code = await new Promise<number | null>((resolve, reject) => {
		child.on('error', reject);
		child.on('close', resolve);
	}).finally(() => signal?.removeEventListener('abort', stop));
	if (code !== 0) throw new Error(`the build steps ended with ${code}:\n${output}`);
}

async function build(signal?: AbortSignal): Promise<void> {
	await createScratchProject(PROJECT);
	await reuseMainBuildImages(PROJECT);
	await applyEditorSaves(PROJECT);
	await writeHostileContent(PROJECT);
	const settings = path.join(PROJECT, 'content/settings/sito.yaml');
	const text = await readFile(settings, 'utf8');
	await writeFile(settings, text.replace(/^tagline: .*$/m, `tagline: '${NEW_TAGLINE}'`));
	// `npm run build` also compiles the server code and precompresses (scripts/).
	await cp(path.join(root, 'scripts'), path.join(PROJECT, 'scripts'), { recursive: true });
	await runBuildSteps(PROJECT, signal);
}

/**
 * Builds the second site when nobody has started it yet (the lock folder). Resolves once this
 * process's build ended (at once when another has it); `signal` stops the build, which then
 * counts as failed.
 */
export async function buildSharedSite(signal?: AbortSignal): Promise<void> {
	await mkdir(SHARED_SITE_DIR, { recursive: true });
	try {
		await mkdir(LOCK);
	} catch {
		return; // Another process builds it.
	}
	try {
		await build(signal);
		await writeFile(READY, '');
	} catch (error) {
		await writeFile(FAILED, String(error));
	}
}

let built: Promise<string> | undefined;

/** The second site's build folder (its dist/), built by the first caller of the run. */
export function sharedSite(): Promise<string> {
	built ??= (async () => {
		await buildSharedSite();
		while (!existsSync(READY)) {
			if (existsSync(FAILED)) {
				throw new Error(`the shared site did not build: ${await readFile(FAILED, 'utf8')}`);
			}
			await sleep(500);
		}
		return path.join(PROJECT, 'dist');
	})();
	return built;
}
