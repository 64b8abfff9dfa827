import AxeBuilder from './helpers/axe';
import { expect, test, type Locator, type Page } from './helpers/test';
import { waitForIsland } from './helpers/islands';

/**
 * The photo lightbox of /negozi and /galleria (docs/shops.md): by mouse,
 * keyboard and touch, scroll lock, preloading, accessibility, and the plain links without
 * JavaScript.
 */

const TORINO = 'Foto della Sede di Torino';

/** The grid of one group, its photo links and the lightbox that enhances it. */
function lightbox(page: Page, label = TORINO) {
	const grid = page.getByRole('list', { name: label });
	const dialog = page.getByRole('dialog', { name: label });
	return {
		grid,
		links: grid.getByRole('link'),
		dialog,
		counter: dialog.locator('[data-lightbox-counter]'),
		photo: dialog.getByRole('img'),
		close: dialog.getByRole('button', { name: 'Chiudi' }),
		previous: dialog.getByRole('button', { name: 'Foto precedente' }),
		next: dialog.getByRole('button', { name: 'Foto successiva' }),
	};
}

/** Loads a page and waits until the island around the group's grid has hydrated. */
async function open(page: Page, path = '/negozi', group = 'torino') {
	await page.goto(path);
	await waitForIsland(page, `[data-photo-group="${group}"]`);
}

/** The dialog shows the photo the grid's link number `index` points to. */
async function expectPhoto(links: Locator, photo: Locator, index: number) {
	const link = links.nth(index);
	await expect(photo).toHaveAttribute('src', (await link.getAttribute('href')) ?? '');
	await expect(photo).toHaveAttribute(
		'alt',
		(await link.getByRole('img').getAttribute('alt')) ?? '',
	);
}

/** Whether the element with focus is inside the open dialog. */
const focusInDialog = (page: Page) =>
	page.evaluate(() => !!document.querySelector('dialog[open]')?.contains(document.activeElement));

test.describe('by mouse', () => {
	test.use({ viewport: { width: 1280, height: 800 } });

	test('opens at the clicked photo, navigates with wrap-around and closes', async ({ page }) => {
		await open(page);
		const { links, dialog, counter, photo, close, previous, next } = lightbox(page);
		await expect(links).toHaveCount(6);
		await expect(dialog).toBeHidden();

		await links.nth(2).click();
		await expect(dialog).toBeVisible();
		await expect(counter).toHaveText('3 / 6');
		await expectPhoto(links, photo, 2);
		// The intrinsic size is known before the photo arrives: no layout jump.
		await expect(photo).toHaveAttribute(
			'width',
			(await links.nth(2).getAttribute('data-photo-width')) ?? '',
		);
		await expect(photo).toHaveAttribute(
			'height',
			(await links.nth(2).getAttribute('data-photo-height')) ?? '',
		);
		await expect(close).toBeFocused();

		await next.click();
		await expect(counter).toHaveText('4 / 6');
		await expectPhoto(links, photo, 3);
		await previous.click();
		await expect(counter).toHaveText('3 / 6');
		await expectPhoto(links, photo, 2);

		// From the last photo to the first, and back.
		for (const expected of ['4 / 6', '5 / 6', '6 / 6', '1 / 6']) {
			await next.click();
			await expect(counter).toHaveText(expected);
		}
		await expectPhoto(links, photo, 0);
		await previous.click();
		await expect(counter).toHaveText('6 / 6');
		await expectPhoto(links, photo, 5);

		await close.click();
		await expect(dialog).toBeHidden();
		await expect(links.nth(2)).toBeFocused();
	});

	test('each group has its own lightbox (/galleria, eight photos)', async ({ page }) => {
		await open(page, '/galleria', 'galleria');
		const gallery = lightbox(page, 'Foto dei negozi');
		await expect(gallery.links).toHaveCount(8);
		await gallery.links.nth(7).click();
		await expect(gallery.counter).toHaveText('8 / 8');
		await gallery.next.click();
		await expect(gallery.counter).toHaveText('1 / 8');
		await expectPhoto(gallery.links, gallery.photo, 0);
		await gallery.close.click();
		await expect(gallery.links.nth(7)).toBeFocused();

		await waitForIsland(page, '[data-photo-group="galleria-aosta"]');
		const aosta = lightbox(page, 'Foto della Sede di Aosta');
		await aosta.links.nth(0).click();
		await expect(aosta.dialog).toBeVisible();
		await expect(aosta.counter).toHaveText('1 / 6');
		await expectPhoto(aosta.links, aosta.photo, 0);
		await expect(page.getByRole('dialog')).toHaveCount(1);
	});

	test('a click with Ctrl or the middle button still opens the image', async ({
		page,
		context,
	}) => {
		await open(page);
		const { links, dialog } = lightbox(page);
		const href = (await links.nth(1).getAttribute('href')) ?? '';

		const [byControl] = await Promise.all([
			context.waitForEvent('page'),
			links.nth(1).click({ modifiers: ['ControlOrMeta'] }),
		]);
		await expect(byControl).toHaveURL(new RegExp(`${href.replaceAll('.', '\\.')}$`));
		await byControl.close();

		const [byMiddle] = await Promise.all([
			context.waitForEvent('page'),
			links.nth(1).click({ button: 'middle' }),
		]);
		await expect(byMiddle).toHaveURL(new RegExp(`${href.replaceAll('.', '\\.')}$`));
		await byMiddle.close();

		await expect(dialog).toBeHidden();
		await expect(page).toHaveURL(/\/negozi$/);
	});
});

test.describe('by keyboard', () => {
	test.use({ viewport: { width: 1280, height: 800 } });

	test('Tab to a photo, Enter opens, arrows navigate, Tab stays inside, Escape closes', async ({
		page,
	}) => {
		await open(page);
		const { links, dialog, counter, photo, close, previous, next } = lightbox(page);

		await links.nth(0).focus();
		await page.keyboard.press('Tab');
		await expect(links.nth(1)).toBeFocused();
		await page.keyboard.press('Enter');
		await expect(dialog).toBeVisible();
		await expect(counter).toHaveText('2 / 6');
		await expectPhoto(links, photo, 1);
		await expect(close).toBeFocused();

		await page.keyboard.press('ArrowRight');
		await expect(counter).toHaveText('3 / 6');
		await page.keyboard.press('ArrowLeft');
		await page.keyboard.press('ArrowLeft');
		await expect(counter).toHaveText('1 / 6');
		await page.keyboard.press('ArrowLeft');
		await expect(counter).toHaveText('6 / 6');
		await expectPhoto(links, photo, 5);
		await page.keyboard.press('ArrowRight');
		await expect(counter).toHaveText('1 / 6');

		// Focus goes round the dialog's three buttons, both ways, and never leaves it.
		for (const expected of [previous, next, close, previous]) {
			await page.keyboard.press('Tab');
			await expect(expected).toBeFocused();
			expect(await focusInDialog(page)).toBe(true);
		}
		for (const expected of [close, next, previous, close]) {
			await page.keyboard.press('Shift+Tab');
			await expect(expected).toBeFocused();
			expect(await focusInDialog(page)).toBe(true);
		}

		await page.keyboard.press('Escape');
		await expect(dialog).toBeHidden();
		await expect(links.nth(1)).toBeFocused();
		await expect(page).toHaveURL(/\/negozi$/);
	});
});

test.describe('by touch', () => {
	test.use({ viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true });

	/** A real one-finger swipe through the browser's input pipeline (touch → pointer events). */
	async function swipe(page: Page, fromX: number, toX: number, y = 420) {
		const cdp = await page.context().newCDPSession(page);
		await cdp.send('Input.dispatchTouchEvent', {
			type: 'touchStart',
			touchPoints: [{ x: fromX, y }],
		});
		const steps = 8;
		for (let step = 1; step <= steps; step++) {
			const x = fromX + ((toX - fromX) * step) / steps;
			await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
		}
		await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
		await cdp.detach();
	}

	test('a tap opens; swiping left and right goes to the next and previous photo', async ({
		page,
	}) => {
		await open(page);
		const { links, dialog, counter, photo } = lightbox(page);
		await links.nth(0).tap();
		await expect(dialog).toBeVisible();
		await expect(counter).toHaveText('1 / 6');

		await swipe(page, 300, 100);
		await expect(counter).toHaveText('2 / 6');
		await expectPhoto(links, photo, 1);
		await swipe(page, 100, 300);
		await expect(counter).toHaveText('1 / 6');
		await swipe(page, 100, 300);
		await expect(counter).toHaveText('6 / 6');
		await swipe(page, 300, 100);
		await expect(counter).toHaveText('1 / 6');

		// Shorter than 50 px is not a swipe.
		await swipe(page, 200, 170);
		await expect(counter).toHaveText('1 / 6');
		await expect(dialog).toBeVisible();
	});
});

test.describe('page behind the lightbox', () => {
	test.use({ viewport: { width: 1280, height: 800 } });

	test('does not scroll while open, without layout shift, and scrolls again after', async ({
		playwright,
	}, testInfo) => {
		// Playwright hides scrollbars in headless Chromium: show them, so that the room the
		// scrollbar leaves when the page stops scrolling is really measured.
		const browser = await playwright.chromium.launch({
			...testInfo.project.use.launchOptions,
			ignoreDefaultArgs: ['--hide-scrollbars'],
		});
		try {
			const page = await browser.newPage({
				baseURL: testInfo.project.use.baseURL ?? '',
				viewport: { width: 1280, height: 800 },
			});
			await open(page);
			const { links, dialog, close } = lightbox(page);
			const layout = () =>
				page.evaluate(() => ({
					header: document.querySelector('header')?.getBoundingClientRect().width,
					logo: document.querySelector('header a')?.getBoundingClientRect().left,
					main: document.querySelector('main')?.getBoundingClientRect().width,
				}));
			const scrollbar = () =>
				page.evaluate(() => window.innerWidth - document.documentElement.clientWidth);
			const scrollY = () => page.evaluate(() => window.scrollY);
			const overflow = () =>
				page.evaluate(() => getComputedStyle(document.documentElement).overflow);

			await links.nth(0).scrollIntoViewIfNeeded();
			expect(await scrollbar()).toBeGreaterThan(0);
			const before = { layout: await layout(), y: await scrollY() };
			await links.nth(0).click();
			await expect(dialog).toBeVisible();
			expect(await overflow()).toBe('hidden');
			expect(await layout()).toEqual(before.layout);
			await page.mouse.move(640, 400);
			await page.mouse.wheel(0, 800);
			await page.waitForTimeout(300);
			expect(await scrollY()).toBe(before.y);

			await close.click();
			await expect(dialog).toBeHidden();
			expect(await overflow()).not.toBe('hidden');
			expect(await scrollbar()).toBeGreaterThan(0);
			expect(await layout()).toEqual(before.layout);
			await page.mouse.wheel(0, 800);
			await expect.poll(scrollY).toBeGreaterThan(before.y);
		} finally {
			await browser.close();
		}
	});

	// One visit of /negozi: the preloading first (nothing is in the cache yet), then axe with the
	// lightbox open, then reduced motion (the transition is CSS, so it follows at once).
	test('the neighbours are preloaded; axe finds nothing with it open; reduced motion has no transition', async ({
		page,
	}) => {
		await open(page);
		const { links, dialog } = lightbox(page);

		await test.step('the next and previous photos are preloaded', async () => {
			const href = async (index: number) =>
				new URL((await links.nth(index).getAttribute('href')) ?? '', page.url()).href;

			// Opening the third photo fetches the fourth and the second.
			let wanted = [await href(3), await href(1)];
			let requests = wanted.map((url) => page.waitForRequest(url));
			await links.nth(2).click();
			await expect(dialog).toBeVisible();
			expect((await Promise.all(requests)).map((request) => request.url())).toEqual(wanted);
			await page.keyboard.press('Escape');

			// Around the first photo the neighbours wrap: the sixth (the second is already here).
			wanted = [await href(5)];
			requests = wanted.map((url) => page.waitForRequest(url));
			await links.nth(0).click();
			expect((await Promise.all(requests)).map((request) => request.url())).toEqual(wanted);
			await page.keyboard.press('Escape');
			await expect(dialog).toBeHidden();
		});

		await test.step('axe finds no violation with the lightbox open', async () => {
			await links.nth(3).click();
			await expect(dialog).toBeVisible();
			const { violations } = await new AxeBuilder({ page })
				.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
				.analyze();
			expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
			await page.keyboard.press('Escape');
			await expect(dialog).toBeHidden();
		});

		await test.step('with reduced motion the dialog appears without a transition', async () => {
			await page.emulateMedia({ reducedMotion: 'reduce' });
			await links.nth(0).click();
			await expect(dialog).toBeVisible();
			expect(await dialog.evaluate((element) => getComputedStyle(element).transitionDuration)).toBe(
				'0s',
			);
		});
	});
});

test('without JavaScript a photo link opens the image itself', async ({ browser }) => {
	const context = await browser.newContext({ javaScriptEnabled: false });
	const page = await context.newPage();
	await page.goto('/negozi');
	const link = page.getByRole('list', { name: TORINO }).getByRole('link').first();
	const href = (await link.getAttribute('href')) ?? '';
	expect(href).toMatch(/\.webp$/);
	const response = await page.request.get(href);
	expect(response.status()).toBe(200);
	expect(response.headers()['content-type']).toContain('image/webp');

	await link.click();
	await expect(page).toHaveURL(new RegExp(`${href.replaceAll('.', '\\.')}$`));
	await expect(page.getByRole('dialog')).toHaveCount(0);
	await context.close();
});
