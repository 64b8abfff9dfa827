import AxeBuilder from './helpers/axe';
import { expect, test, type Locator, type Page } from './helpers/test';
import { openHoldingReact } from './helpers/islands';
import { storedList } from './helpers/pickup';

/**
 * What a phone's first screen shows, as layout geometry (boundingBox), never timings: the
 * product page and /cerca on a Pixel 7 and an iPhone SE, in Chromium with their screens (size,
 * pixel ratio, touch), consent given beforehand. One journey per page and phone, each on one
 * page load: the product page is opened fresh with React held back, so the bar's first tap is
 * made before any island has hydrated.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** A product whose first variant some shop has (the page opens on it). */
const CASEIN = '/prodotti/proteine/caseina-micellare';

/**
 * Playwright's 'Pixel 7' (412 × 839) and 'iPhone SE' (320 × 568: the narrowest phone the site
 * is made for, so its journeys also check that nothing scrolls sideways at 320 px).
 */
const PHONES = [
	{ name: 'Pixel 7', width: 412, height: 839, deviceScaleFactor: 2.625, stockOnScreen: true },
	{ name: 'iPhone SE', width: 320, height: 568, deviceScaleFactor: 2, stockOnScreen: false },
] as const;

/** The top and bottom edge of `locator` on the screen (from the viewport's top), CSS pixels. */
async function edges(locator: Locator): Promise<{ top: number; bottom: number }> {
	const box = await locator.boundingBox();
	expect(box, `${locator.toString()} has a box`).not.toBeNull();
	return { top: box?.y ?? NaN, bottom: (box?.y ?? NaN) + (box?.height ?? NaN) };
}

/** `locator` ends above the fold of a page not yet scrolled (screen and page agree). */
async function expectOnFirstScreen(page: Page, locator: Locator, what: string) {
	expect(await page.evaluate(() => window.scrollY), 'the page has not scrolled').toBe(0);
	const { bottom } = await edges(locator);
	expect(bottom, `${what} on the first screen`).toBeLessThanOrEqual(
		page.viewportSize()?.height ?? 0,
	);
}

async function expectNoSidewaysScroll(page: Page) {
	const overflow = await page.evaluate(
		() => document.documentElement.scrollWidth - document.documentElement.clientWidth,
	);
	expect(overflow, 'nothing wider than the screen').toBeLessThanOrEqual(0);
}

async function expectAxeClean(page: Page) {
	const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
	expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

for (const phone of PHONES) {
	test.describe(`on a ${phone.name} (${phone.width} × ${phone.height})`, () => {
		test.use({
			viewport: { width: phone.width, height: phone.height },
			deviceScaleFactor: phone.deviceScaleFactor,
			isMobile: true,
			hasTouch: true,
			serviceWorkers: 'block',
		});

		test('product page: name and price first; the bar adds the chosen variant in one tap', async ({
			page,
		}) => {
			const react = await openHoldingReact(page, CASEIN);

			// The photo keeps its ratio (the sample's is square) within half the screen's height.
			const photo = page.locator('[data-product-photo]');
			const frame = await photo.boundingBox();
			const image = await photo.locator('img').boundingBox();
			expect(frame?.height ?? 0).toBeLessThanOrEqual(phone.height / 2 + 1);
			expect(Math.abs((image?.width ?? 0) - (image?.height ?? 1))).toBeLessThanOrEqual(1);
			expect(frame, 'the frame hugs the photo: no bands').toEqual(image);

			await expectOnFirstScreen(page, page.getByRole('heading', { level: 1 }), 'the name');
			await expectOnFirstScreen(page, page.locator('[data-product-price] p').first(), 'the price');
			if (phone.stockOnScreen) {
				await expectOnFirstScreen(page, page.locator('[data-stock-line]'), 'the stock line');
			}
			await expectNoSidewaysScroll(page);

			// The bar: hidden while 'Aggiungi alla lista ritiro' is on screen or still below it,
			// shown once it has scrolled away above, at the bottom of the screen.
			const bar = page.getByRole('region', { name: 'Aggiunta rapida alla lista ritiro' });
			const main = page.locator('[data-pickup-main]');
			const scrollPast = () =>
				main.evaluate((box) =>
					window.scrollBy({ top: box.getBoundingClientRect().bottom + 10, behavior: 'instant' }),
				);
			await expect(bar).toBeHidden();
			// In one jump from below the screen to above it, then back on screen, then away again.
			await scrollPast();
			await expect(bar).toBeVisible();
			await main.scrollIntoViewIfNeeded();
			await expect(bar).toBeHidden();
			await scrollPast();
			await expect(bar).toBeVisible();
			await expect(bar).toHaveAttribute('data-state', 'shown');
			// It slides in (unless reduced motion is asked for): read until it has come to rest.
			await expect
				.poll(async () => Math.round((await edges(bar)).bottom), {
					message: 'at the bottom of the screen',
				})
				.toBe(phone.height);

			// One tap, React still held back: added once it has loaded. The variant is the one the
			// page shows: its label is the bar's.
			const label = (await bar.locator('p.truncate').textContent()) ?? '';
			await bar.getByRole('button', { name: 'Aggiungi alla lista ritiro' }).tap();
			react.release();
			await expect.poll(() => storedList(page)).toHaveLength(1);
			const [line] = await storedList(page);
			expect(line).toMatchObject({ quantity: 1, variantLabel: label });

			// The toast rises above the bar.
			const toast = page.getByText('Aggiunto alla lista ritiro');
			await expect(toast).toBeVisible();
			const toastBox = await edges(toast);
			expect(toastBox.bottom).toBeLessThanOrEqual((await edges(bar)).top);

			// The keyboard reaches the bar: it comes right before the footer.
			await page.locator('footer a[href]').first().focus();
			await page.keyboard.press('Shift+Tab');
			await expect(bar.getByRole('button')).toBeFocused();

			// At the end of the page the footer's last line is above the bar.
			await page.evaluate(() =>
				window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
			);
			const footerLast = page.locator('footer p').last();
			expect((await edges(footerLast)).bottom).toBeLessThanOrEqual((await edges(bar)).top);

			await expectAxeClean(page);

			// The cookie banner, reopened, is never covered: the bar steps aside.
			await page
				.getByRole('link', { name: /Preferenze cookie/i })
				.first()
				.click();
			await expect(page.getByRole('region', { name: 'Rispettiamo la tua privacy' })).toBeVisible();
			await expect(bar).toBeHidden();
		});

		test('/cerca with a query: the count and the first results on the first screen', async ({
			page,
		}) => {
			// With a filter set: 'Filtri' counts it, and axe sees the count.
			await page.goto('/cerca?q=whey&categoria=proteine');
			const first = page.locator('[data-search-result]').first();
			await expect(first).toBeVisible();
			const count = page.getByRole('status').filter({ hasText: /prodott/ });
			await expectOnFirstScreen(page, count, 'the count');
			const { top } = await edges(first);
			expect(top, 'the first result starts on the first screen').toBeLessThan(phone.height);
			const filters = page.getByRole('button', { name: 'Filtri 1 attivo' });
			await expect(filters).toHaveAttribute('aria-expanded', 'false');
			await expect(page.getByLabel('Categoria')).toBeHidden();
			await expectNoSidewaysScroll(page);
			await expectAxeClean(page);
		});
	});
}
