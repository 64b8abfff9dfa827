import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort, startServer, type RunningServer } from '../../scripts/start-server.mjs';
import { astroBin, createScratchProject, root } from '../build/helpers/scratch-project';
import { expect, test } from './helpers/test';

/**
 * After a deploy, a returning visitor gets the new version (issue 6): a second build with changed
 * content, served on the same address, shows at once (pages are network first) and its service
 * worker is offered with 'Nuova versione disponibile' / 'Aggiorna'.
 */

const run = promisify(execFile);
const NEW_TAGLINE = 'Nuova versione: integratori e consigli dal 2006';
let workdir: string;
let secondDist: string;

test.beforeAll(async () => {
	test.setTimeout(600_000);
	workdir = await mkdtemp(path.join(tmpdir(), 'update-'));
	const project = path.join(workdir, 'project');
	await createScratchProject(project);
	// Reuse the resized images of the main build: the second build only re-renders pages.
	await cp(
		path.join(root, 'node_modules/.astro/assets'),
		path.join(project, 'node_modules/.astro/assets'),
		{
			recursive: true,
		},
	).catch(() => undefined);
	const settings = path.join(project, 'content/settings/sito.yaml');
	const text = await readFile(settings, 'utf8');
	await writeFile(settings, text.replace(/^tagline: .*$/m, `tagline: '${NEW_TAGLINE}'`));
	const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
	await run(process.execPath, [astroBin, 'build'], { cwd: project, env, maxBuffer: 1 << 26 });
	secondDist = path.join(project, 'dist');
	for (const script of ['compile-server.mjs', 'precompress.mjs']) {
		await run(process.execPath, [path.join(root, 'scripts', script)], {
			env: { ...env, DIST_DIR: secondDist },
		});
	}
});

test.afterAll(async () => {
	await rm(workdir, { recursive: true, force: true });
});

test('a returning visitor gets the new build and is offered the new version', async ({ page }) => {
	test.setTimeout(120_000);
	const port = await freePort();
	const start = (distDir: string): Promise<RunningServer> =>
		startServer({
			port,
			env: { DIST_DIR: distDir, CONTACT_DB_PATH: path.join(workdir, `${port}.sqlite`) },
		});

	let server = await start(path.join(root, 'dist'));
	try {
		await page.goto(`${server.url}/`);
		await page.evaluate(() => navigator.serviceWorker.ready);
		await expect(page.getByText(NEW_TAGLINE)).toHaveCount(0);
	} finally {
		await server.stop();
	}

	server = await start(secondDist);
	try {
		await page.reload();
		await expect(page.getByText(NEW_TAGLINE).first()).toBeVisible();
		const offer = page.getByRole('status').filter({ hasText: 'Nuova versione disponibile' });
		await expect(offer).toBeVisible({ timeout: 20_000 });
		// The tap on 'Aggiorna' is the visitor's first use of the page, so it also loads the islands'
		// scripts through the old worker: the swap must still happen at once (it used to wait for
		// the old worker's 30-second idle time in Chromium, and forever with DevTools attached).
		// Wait for the reload 'Aggiorna' causes, listening before the click: on a fast machine
		// the new page can have loaded before a listener added afterwards.
		const reloaded = page.waitForEvent('load');
		await offer.getByRole('button', { name: 'Aggiorna' }).click();
		await reloaded;
		await expect(page.getByText(NEW_TAGLINE).first()).toBeVisible();
		const script = await page.evaluate(async () => {
			const registration = await navigator.serviceWorker.getRegistration();
			return { waiting: Boolean(registration?.waiting), active: registration?.active?.scriptURL };
		});
		expect(script).toEqual({ waiting: false, active: `${server.url}/sw.js` });
	} finally {
		await server.stop();
	}
});
