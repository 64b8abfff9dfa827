import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
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
 * - the files the editor saved in tests/e2e/admin.spec.ts (the `editor` project runs first and
 *   leaves them in EDITS_DIR), checked by tests/e2e/admin-site.spec.ts;
 * - hostile HTML in a product and the privacy page (helpers/hostile-content.ts), checked
 *   by tests/e2e/content-html.spec.ts, in the built files and in Chromium;
 * - a new tagline, the change of a new version, checked by tests/e2e/update.spec.ts.
 * The first caller builds it; a caller in another worker waits for that build (a lock folder).
 * The folder is per port and emptied at the start of each run by playwright.config.ts.
 */

const run = promisify(execFile);

/** Where the second site, its lock and the editor's saved files live during a run. */
export const SHARED_SITE_DIR = path.join(tmpdir(), `vigorsport-e2e-site-${E2E_PORT}`);
/** The files the editor saved, by their path in the repository (written by admin.spec.ts). */
export const EDITS_DIR = path.join(SHARED_SITE_DIR, 'edits');
/** The tagline of the second site's home page. */
export const NEW_TAGLINE = 'Nuova versione: integratori e consigli dal 2006';

const PROJECT = path.join(SHARED_SITE_DIR, 'project');
const LOCK = path.join(SHARED_SITE_DIR, 'lock');
const READY = path.join(SHARED_SITE_DIR, 'ready');
const FAILED = path.join(SHARED_SITE_DIR, 'failed');

/** Copies the editor's saved files (when admin.spec.ts left any) over the project's content. */
async function applyEdits(project: string): Promise<void> {
	if (!existsSync(EDITS_DIR)) return;
	await cp(EDITS_DIR, project, { recursive: true });
}

async function build(): Promise<void> {
	await createScratchProject(PROJECT);
	await reuseMainBuildImages(PROJECT);
	await applyEdits(PROJECT);
	await writeHostileContent(PROJECT);
	const settings = path.join(PROJECT, 'content/settings/sito.yaml');
	const text = await readFile(settings, 'utf8');
	await writeFile(settings, text.replace(/^tagline: .*$/m, `tagline: '${NEW_TAGLINE}'`));
	// `npm run build` also compiles the server code and precompresses (scripts/).
	await cp(path.join(root, 'scripts'), path.join(PROJECT, 'scripts'), { recursive: true });
	await run('bash', ['-euo', 'pipefail', '-c', await workflowBuildScript(root)], {
		cwd: PROJECT,
		env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0' },
		maxBuffer: 1 << 26,
	});
}

let built: Promise<string> | undefined;

/** The second site's build folder (its dist/), built on the first call of the run. */
export function sharedSite(): Promise<string> {
	built ??= (async () => {
		await mkdir(SHARED_SITE_DIR, { recursive: true });
		let mine = false;
		try {
			await mkdir(LOCK);
			mine = true;
		} catch {
			// Another worker builds it.
		}
		if (mine) {
			try {
				await build();
				await writeFile(READY, '');
			} catch (error) {
				await writeFile(FAILED, String(error));
				throw error;
			}
		}
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
