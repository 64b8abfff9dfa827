import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startServer, type RunningServer } from '../../scripts/start-server.mjs';
import { root } from '../build/helpers/scratch-project';
import { NEW_TAGLINE, sharedSite } from './helpers/shared-site';
import { expect, test } from './helpers/test';

// Tests here use the service worker, which playwright.config.ts blocks by default.
test.use({ serviceWorkers: 'allow' });

/**
 * After a deploy, a returning visitor gets the new version: a second build with changed content
 * (the browser tests' second site, helpers/shared-site.ts, with a new tagline), served on the
 * same address, shows at once (pages are network first) and its service worker is offered with
 * 'Nuova versione disponibile' / 'Aggiorna'.
 */

let workdir: string;
let secondDist: string;

test.beforeAll(async () => {
	test.setTimeout(600_000);
	workdir = await mkdtemp(path.join(tmpdir(), 'update-'));
	secondDist = await sharedSite();
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
