import { hashSource } from '../../src/lib/http/csp';
import { expect, test, type Page } from './helpers/test';

/**
 * The next page, instant (docs/navigation.md): a product link the visitor points at is fetched
 * ahead, and opening it is then served from the browser's prefetch cache, with no round trip.
 * Chromium does it from the Speculation Rules in the page's head; other browsers from
 * src/scripts/prefetch.ts, checked here in Chromium with Speculation Rules hidden from it: on
 * intent, the first links on the screen when idle, and nothing on data-saver.
 */

test.use({ serviceWorkers: 'block' });

/** Paths of the documents the page received, with whether each came from the prefetch cache. */
async function documentSources(page: Page): Promise<Map<string, boolean>> {
	const sources = new Map<string, boolean>();
	const cdp = await page.context().newCDPSession(page);
	await cdp.send('Network.enable');
	cdp.on('Network.responseReceived', (event) => {
		if (event.type !== 'Document') return;
		sources.set(new URL(event.response.url).pathname, event.response.fromPrefetchCache === true);
	});
	return sources;
}

/** The last product card's link: below the fold, so not among those fetched when idle. */
const lastCard = (page: Page) =>
	page.locator('[data-product] a[href^="/prodotti/proteine/"]').last();

test('after pointing at a product card, its page comes from the prefetch cache', async ({
	page,
}) => {
	const sources = await documentSources(page);
	await page.goto('/prodotti/proteine', { waitUntil: 'networkidle' });
	const link = lastCard(page);
	const path = (await link.getAttribute('href')) ?? '';
	expect(path).toMatch(/^\/prodotti\/proteine\/[a-z0-9-]+$/);
	await link.scrollIntoViewIfNeeded();
	const fetched = page.waitForRequest((request) => new URL(request.url()).pathname === path);
	await link.hover();
	await fetched;
	await page.waitForLoadState('networkidle');
	await link.click();
	await expect(page).toHaveURL(new RegExp(`${path}$`));
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
	expect(sources.get(path), `${path} served from the prefetch cache`).toBe(true);
});

/**
 * A browser without Speculation Rules, as Firefox and Safari are: no support, and the page's rule
 * set ignored (taken out of the page as the parser adds it, before any link can be pointed at).
 */
async function withoutSpeculationRules(page: Page) {
	await page.addInitScript(() => {
		const supports = HTMLScriptElement.supports.bind(HTMLScriptElement);
		HTMLScriptElement.supports = (type: string) => type !== 'speculationrules' && supports(type);
		new MutationObserver(() => {
			document
				.querySelectorAll('script[type="speculationrules"]')
				.forEach((rules) => rules.remove());
		}).observe(document, { childList: true, subtree: true });
	});
}

test('the page has its speculation rules in its head, allowed by their hash', async ({ page }) => {
	const violations: string[] = [];
	page.on('console', (message) => {
		if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
	});
	const answer = await page.goto('/prodotti/proteine');
	const rules = page.locator('head > script[type="speculationrules"]');
	await expect(rules).toHaveCount(1);
	const text = (await rules.textContent()) ?? '';
	expect(JSON.parse(text)).toEqual({
		prefetch: [{ where: { href_matches: '/prodotti/*' }, eagerness: 'moderate' }],
	});
	expect(answer?.headers()['content-security-policy']).toContain(hashSource(text));
	expect(violations).toEqual([]);
});

test('elsewhere: the first products on the screen are fetched once the browser is idle', async ({
	page,
}) => {
	await withoutSpeculationRules(page);
	const requested: string[] = [];
	page.on('request', (request) => {
		const path = new URL(request.url()).pathname;
		if (/^\/prodotti\/proteine\/[a-z0-9-]+$/.test(path)) requested.push(path);
	});
	await page.goto('/prodotti/proteine', { waitUntil: 'networkidle' });
	await expect.poll(() => requested.length).toBeGreaterThan(0);
	expect(requested.length).toBeLessThanOrEqual(3);
});

test('elsewhere: a pointed product is fetched, but on data-saver nothing is', async ({ page }) => {
	await withoutSpeculationRules(page);
	const hovered = await page.context().newPage();
	await withoutSpeculationRules(hovered);
	await hovered.goto('/prodotti/proteine', { waitUntil: 'networkidle' });
	const first = lastCard(hovered);
	const path = (await first.getAttribute('href')) ?? '';
	await first.scrollIntoViewIfNeeded();
	const fetched = hovered.waitForRequest((request) => new URL(request.url()).pathname === path);
	await first.hover();
	await fetched;
	await hovered.close();

	await page.addInitScript(() => {
		Object.defineProperty(navigator, 'connection', {
			configurable: true,
			value: { saveData: true, effectiveType: '4g' },
		});
	});
	const requested: string[] = [];
	page.on('request', (request) => {
		const path = new URL(request.url()).pathname;
		if (/^\/prodotti\/proteine\/[a-z0-9-]+$/.test(path)) requested.push(path);
	});
	await page.goto('/prodotti/proteine', { waitUntil: 'networkidle' });
	const link = lastCard(page);
	await link.scrollIntoViewIfNeeded();
	await link.hover();
	await page.waitForTimeout(500);
	expect(requested).toEqual([]);
});
