import { defineConfig, devices } from '@playwright/test';
import { findChromium, playwrightChromiumArgs } from './scripts/browser-path.mjs';
import {
	CDN_LISTEN,
	CDN_ORIGIN,
	CDN_PORT,
	GITHUB_CLIENT,
	GITHUB_ORIGIN,
	GITHUB_PORT,
	NODE_PORT,
	PROXY_SECRET,
} from './tests/e2e-cdn/helpers/topology';

/**
 * End-to-end tests of the site as production runs it (tests/e2e-cdn): Cloudflare's runtime
 * (`wrangler pages dev dist/client`, workerd) serves the build and forwards the server routes to
 * the Node server, which tests/e2e-cdn/helpers/setup.ts starts (a test stops it and starts it
 * again); a stand-in answers for GitHub's OAuth endpoints. Run after `npm run build`, by
 * `npm run test:e2e` after the tests against the Node server alone (playwright.config.ts).
 * One worker: the tests share one Node server, which one of them stops for a while.
 */
const isCI = !!process.env.CI;
const browser = findChromium();

export default defineConfig({
	testDir: 'tests/e2e-cdn',
	forbidOnly: isCI,
	// As in playwright.config.ts: a failed test runs once more, recording its trace then.
	retries: 1,
	workers: 1,
	reporter: isCI
		? 'list'
		: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report/cdn' }]],
	outputDir: 'test-results/cdn',
	globalSetup: './tests/e2e-cdn/helpers/setup.ts',
	use: {
		baseURL: CDN_ORIGIN,
		locale: 'it-IT',
		timezoneId: 'Europe/Rome',
		trace: 'on-first-retry',
	},
	expect: { timeout: isCI ? 10_000 : 5_000 },
	projects: [
		{
			name: 'cdn',
			use: {
				...devices['Desktop Chrome'],
				launchOptions: {
					...(browser ? { executablePath: browser.path } : {}),
					args: playwrightChromiumArgs(),
				},
			},
		},
	],
	webServer: [
		{
			command: 'node tests/e2e-cdn/helpers/github-stand-in.mjs',
			url: `${GITHUB_ORIGIN}/`,
			env: {
				PORT: String(GITHUB_PORT),
				CALLBACK_URL: `${CDN_ORIGIN}/api/auth/callback`,
				CLIENT_ID: GITHUB_CLIENT.id,
				CLIENT_SECRET: GITHUB_CLIENT.secret,
			},
			reuseExistingServer: false,
		},
		{
			command: 'node scripts/preview-cdn.mjs --no-build --cdn-only',
			url: `${CDN_LISTEN}/`,
			env: {
				CDN_PORT: String(CDN_PORT),
				NODE_PORT: String(NODE_PORT),
				PROXY_SECRET,
			},
			reuseExistingServer: false,
			timeout: 90_000,
		},
	],
});
