import { expect, test, type Page } from './helpers/test';

/**
 * Header behaviours (docs/navigation.md), in a real browser against the built site. The page
 * clock is controlled so that animation frames and the 1 s suppression run deterministically.
 */

const header = (page: Page) => page.locator('header[data-header]');

/**
 * Loads a page with a controlled clock and waits until the header island has hydrated, which it
 * does on the visitor's first use of the page (client:interaction): here a key press.
 */
async function open(page: Page, path: string) {
	await page.clock.install();
	await page.goto(path);
	await page.clock.runFor(3000);
	await page.keyboard.press('Shift');
	await expect(page.locator('astro-island:has(header[data-header])')).not.toHaveAttribute('ssr');
	await page.clock.runFor(100);
}

/** Scrolls to `y` and lets the island's animation frame run. */
async function scrollTo(page: Page, y: number) {
	await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
	await page.clock.runFor(50);
}

test.describe('desktop header', () => {
	test.use({ viewport: { width: 1280, height: 800 } });

	test('is in the HTML before any JavaScript runs', async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled: false });
		const page = await context.newPage();
		await page.goto('/negozi');
		const nav = page.getByRole('navigation', { name: 'Principale' });
		await expect(nav.getByRole('link', { name: 'Negozi' })).toHaveAttribute('aria-current', 'page');
		await expect(nav.getByRole('link', { name: 'Preferiti' })).toBeVisible();
		await context.close();
	});

	test('marks the active link, also inside a section', async ({ page }) => {
		await open(page, '/prodotti/proteine');
		const nav = page.getByRole('navigation', { name: 'Principale' });
		await expect(nav.getByRole('link', { name: 'Prodotti' })).toHaveAttribute(
			'aria-current',
			'page',
		);
		await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
		await expect(page.locator('[aria-current="page"]:visible')).toHaveCount(1);
	});

	// One page scrolled through every rule in turn: each step starts where the last one left it.
	test('scrolling: compact above 130 px and normal below 110 px, sticky, hides beyond 400 px, ignores small changes', async ({
		page,
	}) => {
		await open(page, '/negozi');
		await test.step('turns compact above 130 px and normal again below 110 px', async () => {
			await expect(header(page)).toHaveAttribute('data-size', 'normal');
			await scrollTo(page, 125);
			await expect(header(page)).toHaveAttribute('data-size', 'normal');
			await scrollTo(page, 160);
			await expect(header(page)).toHaveAttribute('data-size', 'compact');
			await scrollTo(page, 115);
			await expect(header(page)).toHaveAttribute('data-size', 'compact');
			await scrollTo(page, 60);
			await expect(header(page)).toHaveAttribute('data-size', 'normal');
		});
		await test.step('stays at the top of the window while scrolling (sticky)', async () => {
			await scrollTo(page, 300);
			const box = await header(page).boundingBox();
			expect(box?.y).toBe(0);
			await expect(header(page)).toBeInViewport();
		});
		await test.step('hides scrolling down beyond 400 px and reappears scrolling up', async () => {
			await scrollTo(page, 350);
			await expect(header(page)).toHaveAttribute('data-state', 'visible');
			await scrollTo(page, 700);
			await expect(header(page)).toHaveAttribute('data-state', 'hidden');
			await expect(header(page)).not.toBeInViewport();
			await scrollTo(page, 600);
			await expect(header(page)).toHaveAttribute('data-state', 'visible');
			await expect(header(page)).toBeInViewport();
		});
		await test.step('ignores small changes of direction (10 px threshold)', async () => {
			await scrollTo(page, 800);
			await expect(header(page)).toHaveAttribute('data-state', 'hidden');
			await scrollTo(page, 795);
			await expect(header(page)).toHaveAttribute('data-state', 'hidden');
			await scrollTo(page, 785);
			await expect(header(page)).toHaveAttribute('data-state', 'visible');
		});
	});

	test('does not hide for one second after a navigation click', async ({ page }) => {
		await open(page, '/negozi');
		// Keep the page where it is so the scroll that follows the click can be observed.
		await page.evaluate(() =>
			window.addEventListener('click', (event) => event.preventDefault(), { capture: true }),
		);
		await page
			.getByRole('navigation', { name: 'Principale' })
			.getByRole('link', { name: 'Contatti' })
			.click();
		await scrollTo(page, 900);
		await expect(header(page)).toHaveAttribute('data-state', 'visible');
		await page.clock.runFor(1000);
		await scrollTo(page, 1000);
		await expect(header(page)).toHaveAttribute('data-state', 'hidden');
	});
});

test.describe('mobile header', () => {
	test.use({ viewport: { width: 390, height: 800 }, hasTouch: true });

	test('opens and closes the menu with the button and Escape', async ({ page }) => {
		await open(page, '/');
		const toggle = page.getByRole('button', { name: 'Apri il menu' });
		await expect(toggle).toHaveAttribute('aria-expanded', 'false');
		const menu = page.getByRole('navigation', { name: 'Menu mobile' });
		await expect(menu).toBeHidden();
		await toggle.click();
		await expect(page.getByRole('button', { name: 'Chiudi il menu' })).toHaveAttribute(
			'aria-expanded',
			'true',
		);
		await expect(menu.getByRole('link', { name: 'Chi Siamo' })).toBeVisible();
		await page.keyboard.press('Escape');
		await expect(menu).toBeHidden();
		await expect(page.getByRole('button', { name: 'Apri il menu' })).toBeFocused();
	});

	test('closes the menu on navigation and shows the new page', async ({ page }) => {
		await open(page, '/');
		await page.getByRole('button', { name: 'Apri il menu' }).click();
		await page
			.getByRole('navigation', { name: 'Menu mobile' })
			.getByRole('link', { name: 'Negozi' })
			.click();
		await expect(page).toHaveURL(/\/negozi$/);
		await expect(page.getByRole('navigation', { name: 'Menu mobile' })).toBeHidden();
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('I Nostri Negozi');
	});

	test('does not hide while the menu is open', async ({ page }) => {
		await open(page, '/negozi');
		await page.getByRole('button', { name: 'Apri il menu' }).click();
		await scrollTo(page, 900);
		await expect(header(page)).toHaveAttribute('data-state', 'visible');
		await page.keyboard.press('Escape');
		await scrollTo(page, 1100);
		await expect(header(page)).toHaveAttribute('data-state', 'hidden');
	});

	test('works by keyboard alone', async ({ page }) => {
		await open(page, '/');
		await page.keyboard.press('Tab');
		await expect(page.getByRole('link', { name: 'Vai al contenuto' })).toBeFocused();
		const toggle = page.getByRole('button', { name: 'Apri il menu' });
		await toggle.focus();
		await page.keyboard.press('Enter');
		await expect(page.getByRole('navigation', { name: 'Menu mobile' })).toBeVisible();
		await page.keyboard.press('Tab');
		await expect(
			page.getByRole('navigation', { name: 'Menu mobile' }).getByRole('link', { name: 'Home' }),
		).toBeFocused();
	});
});

test.describe('the narrowest phones', () => {
	test.use({ viewport: { width: 320, height: 640 }, hasTouch: true });

	test('at 320 px every header control is on screen (WCAG 1.4.10, reflow)', async ({ page }) => {
		await page.goto('/');
		for (const name of ['Cerca', 'Preferiti', 'Lista ritiro', 'Apri il menu']) {
			const control = header(page)
				.getByRole(name === 'Preferiti' || name === 'Lista ritiro' ? 'link' : 'button', {
					name: new RegExp(`^${name}`),
				})
				.last();
			const box = await control.boundingBox();
			expect(box, name).not.toBeNull();
			expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(320);
			expect(box?.x ?? -1, name).toBeGreaterThanOrEqual(0);
		}
	});
});
