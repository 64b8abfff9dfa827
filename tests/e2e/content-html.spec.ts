import path from 'node:path';
import { startServer, type RunningServer } from '../../scripts/start-server.mjs';
import { HOSTILE_PRODUCT_PATH, XSS_TITLE } from '../build/helpers/hostile-site';
import { SHARED_SITE_DIR, sharedSite } from './helpers/shared-site';
import { expect, test } from './helpers/test';

/**
 * A script written in a product's markdown never runs. The browser tests' second site
 * (helpers/shared-site.ts) has a product body and a privacy page that hold
 * `<script>document.title='XSS-RAN'</script>`, a meta refresh, a base, an iframe, a form, an img
 * with onerror… (tests/build/helpers/hostile-site.ts); the real server serves it, Chromium opens
 * the pages and uses them (so every island loads) and the title never changes. The shared
 * fixture also fails the test if the policy had to block anything: the hostile code must be gone
 * from the page, not merely blocked.
 */

let server: RunningServer | undefined;

test.beforeAll(async () => {
	test.setTimeout(600_000);
	const dist = await sharedSite();
	server = await startServer({
		env: { DIST_DIR: dist, CONTACT_DB_PATH: path.join(SHARED_SITE_DIR, 'content-html.sqlite') },
	});
});

test.afterAll(async () => {
	await server?.stop();
});

for (const address of [HOSTILE_PRODUCT_PATH, '/privacy-policy']) {
	test(`${address}: the script in the content never runs`, async ({ page }) => {
		const url = `${server?.url}${address}`;
		const response = await page.goto(url, { waitUntil: 'load' });
		expect(response?.status()).toBe(200);
		const title = await page.title();
		expect(title).not.toBe(XSS_TITLE);
		// The safe text of the same markdown is there, the hostile elements are not.
		await expect(page.getByText('Testo rimasto innocuo.').first()).toBeAttached();
		await expect(
			page.locator('main iframe, main form[action*="example"], main object'),
		).toHaveCount(0);
		await expect(page.locator('meta[http-equiv="refresh"], base')).toHaveCount(0);
		// First use of the page: the islands' code loads and runs; still nothing hostile happens.
		await page.keyboard.press('Shift');
		await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
		expect(await page.title()).toBe(title);
		expect(page.url()).toBe(url);
	});
}
