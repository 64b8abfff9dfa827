import path from 'node:path';
import { startServer, type RunningServer } from '../../scripts/start-server.mjs';
import { blockOtherHosts } from './helpers/editor';
import { SHARED_SITE_DIR, sharedSite } from './helpers/shared-site';
import { expect, test } from './helpers/test';

/**
 * What the editor saves in admin.spec.ts (a price, the Torino shop's
 * Saturday hours, a new product with a photo; that test checks the files are the ones kept in
 * tests/fixtures/editor-saves), built by the deploy workflow's own build steps into the browser
 * tests' second site (helpers/shared-site.ts), shows on the pages.
 */

let server: RunningServer | undefined;

test.beforeAll(async () => {
	test.setTimeout(600_000);
	const dist = await sharedSite();
	server = await startServer({
		env: { DIST_DIR: dist, CONTACT_DB_PATH: path.join(SHARED_SITE_DIR, 'admin-site.sqlite') },
	});
});

test.afterAll(async () => {
	await server?.stop();
});

let outside: string[] = [];
test.beforeEach(async ({ context }) => {
	outside = await blockOtherHosts(context);
});
test.afterEach(() => {
	expect(outside, 'requests to other hosts').toEqual([]);
});

test('the saved price, hours and new product with its photo are on the built pages', async ({
	page,
}) => {
	await page.goto(`${server?.url}/prodotti/proteine/mass-gainer`);
	await expect(page.locator('main')).toContainText('24,90');
	await page.goto(`${server?.url}/negozi`);
	await expect(page.locator('main')).toContainText('09:00');
	await page.goto(`${server?.url}/prodotti/proteine/shaker-pro-700`);
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shaker Pro 700');
	await expect(page.locator('main')).toContainText('9,90');
	await expect(page.getByRole('img', { name: /Shaker nero da 700 ml/ }).first()).toBeVisible();
});
