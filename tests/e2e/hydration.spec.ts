import { expect, test, type Page } from './helpers/test';
import { FAVOURITES_KEY, SAVED_WHEY, storedFavourites } from './helpers/favourites';

/**
 * client:interaction (src/lib/hydration/interaction.ts): a visitor who only reads loads no island
 * script and no React; the first use of the page hydrates the islands, and a tap made before
 * they have hydrated still does what it says.
 */

const PRODUCT = '/prodotti/proteine/whey-concentrate-80';

/** Records every script the page requests. */
function requestedScripts(page: Page): Set<string> {
	const urls = new Set<string>();
	page.on('request', (request) => {
		if (request.resourceType() === 'script') urls.add(new URL(request.url()).pathname);
	});
	return urls;
}

/** The scripts of the page's islands (their components and React) that were requested. */
async function islandScriptsLoaded(page: Page, requested: Set<string>): Promise<string[]> {
	const islandUrls = await page
		.locator('astro-island')
		.evaluateAll((islands) =>
			islands.flatMap((island) =>
				['component-url', 'renderer-url'].map((name) => island.getAttribute(name) ?? ''),
			),
		);
	expect(islandUrls.length).toBeGreaterThan(0);
	return [...new Set(islandUrls)].filter((url) => requested.has(url));
}

/** Holds React (the islands' renderer) back, as a slow connection would, until `release()`. */
async function holdReact(page: Page): Promise<{ renderer: string; release: () => void }> {
	const renderer = (await page.locator('astro-island').first().getAttribute('renderer-url')) ?? '';
	expect(renderer).not.toBe('');
	let release = () => {};
	const released = new Promise<void>((resolve) => (release = resolve));
	await page.route(`**${renderer}`, async (route) => {
		await released;
		await route.continue();
	});
	return { renderer, release };
}

test.use({ serviceWorkers: 'block', viewport: { width: 412, height: 823 }, hasTouch: true });

test('a page read without touching it loads no island script and no React', async ({ page }) => {
	const requested = requestedScripts(page);
	await page.goto(PRODUCT, { waitUntil: 'networkidle' });
	await expect(page.locator('astro-island[ssr]').first()).toBeAttached();
	expect(await islandScriptsLoaded(page, requested)).toEqual([]);
	// The server's HTML is the page meanwhile: name, price, variants and the heart are there.
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Whey 80 Concentrate');
	await expect(page.locator('button[data-favourite="whey-concentrate-80"]')).toBeVisible();
});

test('a tap on a heart before the island has hydrated is kept, and saves the product', async ({
	page,
}) => {
	const requested = requestedScripts(page);
	await page.goto(PRODUCT, { waitUntil: 'networkidle' });
	expect(await islandScriptsLoaded(page, requested)).toEqual([]);
	const { renderer, release } = await holdReact(page);
	const heart = page.locator('button[data-favourite="whey-concentrate-80"]');
	await heart.scrollIntoViewIfNeeded();
	await heart.tap();
	await expect.poll(() => requested.has(renderer)).toBe(true);
	await expect(heart).toHaveAttribute('aria-pressed', 'false');
	release();
	await expect(heart).toHaveAttribute('aria-pressed', 'true');
	await expect(
		page.getByRole('status').filter({ hasText: 'Aggiunto ai preferiti ✨' }),
	).toBeVisible();
	await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
});

test('by keyboard: Enter on a tab, as the first use of the page, opens it', async ({ page }) => {
	await page.goto(PRODUCT, { waitUntil: 'networkidle' });
	const tabs = page.getByRole('tab', { name: 'Valori Nutrizionali' });
	await tabs.focus();
	await page.keyboard.press('Enter');
	await expect(tabs).toHaveAttribute('aria-selected', 'true');
});

test('stored favourites hydrate the header without any interaction', async ({ page }) => {
	await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
		FAVOURITES_KEY,
		storedFavourites(SAVED_WHEY),
	] as const);
	await page.goto(PRODUCT);
	// The header, at the top of the screen, shows the count without the visitor doing anything.
	await expect(page.getByRole('link', { name: 'Preferiti (1)' }).first()).toBeAttached();
});

test('/preferiti with none shows its empty state from the HTML, without scripts', async ({
	page,
}) => {
	const requested = requestedScripts(page);
	await page.goto('/preferiti', { waitUntil: 'networkidle' });
	await expect(page.getByRole('heading', { name: 'Nessun Preferito' })).toBeVisible();
	await expect(page.getByText('Caricamento preferiti...')).toBeHidden();
	expect(await islandScriptsLoaded(page, requested)).toEqual([]);
});

test('a first click on a gallery photo opens the lightbox, not the image file', async ({
	page,
}) => {
	const requested = requestedScripts(page);
	await page.goto('/galleria', { waitUntil: 'networkidle' });
	expect(await islandScriptsLoaded(page, requested)).toEqual([]);
	const { renderer, release } = await holdReact(page);
	const photo = page.locator('[data-photo-group] a[href]').first();
	await photo.scrollIntoViewIfNeeded();
	await photo.click();
	await expect.poll(() => requested.has(renderer)).toBe(true);
	await expect(page).toHaveURL(/\/galleria$/);
	release();
	await expect(page.getByRole('dialog')).toBeVisible();
	await expect(page).toHaveURL(/\/galleria$/);
});
