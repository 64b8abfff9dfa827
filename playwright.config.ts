import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { findChromium, playwrightChromiumArgs } from './scripts/browser-path.mjs';
import { CONTACT_DB_DIR, E2E_PORT } from './tests/e2e/helpers/messages';
import { USES_SECOND_SITE } from './tests/e2e/helpers/second-site-setup';
import { SHARED_SITE_DIR } from './tests/e2e/helpers/shared-site';

/**
 * End-to-end tests against the real production server (dist/server/serve.mjs, built from
 * src/server/) serving the built site: run `npm run build` first, then `npm run test:e2e`.
 * DIST_DIR, when set, is passed on to the server to serve another build folder (with the server
 * of that build).
 */
const port = E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;
const isCI = !!process.env.CI;
/** A system Chromium when there is one; otherwise Playwright's own (executablePath unset). */
const browser = findChromium();
/**
 * The contact form's messages go to a temporary database, one per port, and the second site
 * (tests/e2e/helpers/shared-site.ts) to a folder, both emptied at the start of each run by the
 * main process (workers, which have TEST_WORKER_INDEX, leave them alone).
 */
const contactDbDir = CONTACT_DB_DIR;
if (process.env['TEST_WORKER_INDEX'] === undefined) {
	rmSync(contactDbDir, { recursive: true, force: true });
	rmSync(SHARED_SITE_DIR, { recursive: true, force: true });
}

/**
 * The editor's tests (a 0.5 MB application, the longest tests of the suite) come first, so that
 * no worker is left alone with one of them at the end. The specs that open the second site
 * (tests/e2e/helpers/shared-site.ts) come last: the global set-up starts its build in the
 * background as the run begins, and it is ready long before them.
 */
const EDITOR = /admin\.spec\.ts$/;
const chromium = {
	...devices['Desktop Chrome'],
	launchOptions: {
		...(browser ? { executablePath: browser.path } : {}),
		args: playwrightChromiumArgs(),
	},
};

export default defineConfig({
	testDir: 'tests/e2e',
	forbidOnly: isCI,
	// A failed test runs once more, recording its trace then: recording one for every test cost
	// a quarter of the browser tests' CPU. The same on CI and elsewhere, so that `npm test` takes
	// the same time; a test that passes only the second time is reported as flaky.
	retries: 1,
	workers: 2,
	reporter: isCI ? 'list' : [['list'], ['html', { open: 'never' }]],
	use: {
		baseURL,
		locale: 'it-IT',
		timezoneId: 'Europe/Rome',
		trace: 'on-first-retry',
		// No service worker unless a test asks for one (`test.use({ serviceWorkers: 'allow' })`, as
		// the specs of the worker, offline use and updates do): the worker each new context installs
		// fetched and stored its 76 files, a fifth of the CPU of the tests that never use it. A first
		// visit has no worker either, so those tests check the site as a first visitor gets it.
		serviceWorkers: 'block',
	},
	// A CI machine has 2 cores shared by two browsers, the server and a build: more time to wait.
	expect: { timeout: isCI ? 10_000 : 5_000 },
	globalSetup: './tests/e2e/helpers/second-site-setup.ts',
	projects: [
		{ name: 'editor', testMatch: EDITOR, use: chromium },
		{ name: 'chromium', testIgnore: [EDITOR, USES_SECOND_SITE], use: chromium },
		{ name: 'builds', testMatch: USES_SECOND_SITE, use: chromium },
	],
	webServer: {
		command: `node ${JSON.stringify(join(process.env['DIST_DIR'] ?? 'dist', 'server/serve.mjs'))}`,
		url: `${baseURL}/`,
		env: {
			PORT: String(port),
			HOST: '127.0.0.1',
			// The contact form in simulation mode (no e-mail), with a limit the tests never reach.
			CONTACT_DB_PATH: join(contactDbDir, 'messages.sqlite'),
			CONTACT_RATE_LIMIT: '100000',
			// Staff sign-ins from every test come from one address; the limit has its own server test.
			STAFF_RATE_LIMIT: '100000',
			// Every page every test opens reads the availability from this one address; the limit
			// has its own server and CDN tests.
			AVAILABILITY_RATE_LIMIT: '100000',
			SMTP_HOST: '',
		},
		reuseExistingServer: false,
		timeout: 60_000,
	},
});
