import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { startServer, type RunningServer } from '../../scripts/start-server.mjs';
import { hashSource } from '../../src/lib/http/csp';
import { FORBIDDEN_HTML, HOSTILE_PRODUCT_PATH, XSS_TITLE } from './helpers/hostile-content';
import { SHARED_SITE_DIR, sharedSite } from './helpers/shared-site';
import { expect, test } from './helpers/test';

/**
 * A script written in a product's markdown never runs. The browser tests' second site
 * (helpers/shared-site.ts) has a product body and a privacy page that hold
 * `<script>document.title='XSS-RAN'</script>`, a meta refresh, a base, an iframe, a form, an img
 * with onerror… (helpers/hostile-content.ts). Its built files keep none of it, and the
 * Content-Security-Policy allows no hash of it; the real server serves it, Chromium opens the
 * pages and uses them (so every island loads) and the title never changes. The shared
 * fixture also fails the test if the policy had to block anything: the hostile code must be gone
 * from the page, not merely blocked.
 */

let server: RunningServer | undefined;
let dist: string;

test.beforeAll(async () => {
	test.setTimeout(600_000);
	dist = await sharedSite();
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

test.describe('the built files', () => {
	const built = (address: string) => readFile(path.join(dist, 'client', `${address}.html`), 'utf8');

	for (const address of [HOSTILE_PRODUCT_PATH, '/privacy-policy']) {
		test(`${address} keeps none of it`, async () => {
			const html = await built(address);
			// The safe parts of the same markdown are there: the test looks at the right place.
			expect(html).toContain('Testo rimasto innocuo.');
			expect(html).toContain('Anche questo.');
			expect(html).toContain('<a href="https://www.vigorsport.it">link vero</a>');
			for (const forbidden of FORBIDDEN_HTML) expect(html).not.toMatch(forbidden);
		});
	}

	test('a frontmatter text with markup shows as text', async () => {
		expect(await built(HOSTILE_PRODUCT_PATH)).toContain('&lt;script&gt;document.title=');
	});

	test('no built page has a script the policy would allow from content', async () => {
		const headers = await readFile(path.join(dist, 'client/_headers'), 'utf8');
		expect(headers).toMatch(/script-src 'self'/);
		expect(headers).not.toContain(hashSource(`document.title='${XSS_TITLE}'`));
		const files = await readdir(path.join(dist, 'client'), { recursive: true });
		for (const file of files.filter((name) => name.endsWith('.html'))) {
			const html = await readFile(path.join(dist, 'client', file), 'utf8');
			expect(html, file).not.toMatch(/<script>document\.title/);
		}
	});
});
