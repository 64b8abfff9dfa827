import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until the island containing `inner` has hydrated: Astro removes the `ssr` attribute
 * from an <astro-island> once its component has rendered in the browser. The element is
 * scrolled into view first, for islands that hydrate when visible (an <astro-island> itself
 * has no box: it is `display: contents`).
 */
export async function waitForIsland(page: Page, inner: string): Promise<Locator> {
	// Hydration may replace the element while it is being scrolled to: try again until it holds.
	await expect(async () => {
		await page.locator(inner).first().scrollIntoViewIfNeeded({ timeout: 2000 });
	}).toPass();
	const island = page.locator(`astro-island:has(${inner})`).first();
	// Islands hydrate on the visitor's first use of the page (client:interaction): a key press is
	// one, and does nothing else here. Scrolling may have been one already.
	if ((await island.getAttribute('ssr')) !== null) await page.keyboard.press('Shift');
	await expect(island).not.toHaveAttribute('ssr');
	return island;
}

/**
 * Opens `path` on a fresh page, nothing touched yet (so no island has hydrated and React has not
 * loaded), and holds React (the islands' renderer) back until `release()`, as a slow connection
 * would.
 */
export async function openHoldingReact(page: Page, path: string): Promise<{ release: () => void }> {
	const requested = new Set<string>();
	page.on('request', (request) => requested.add(new URL(request.url()).pathname));
	await page.goto(path, { waitUntil: 'networkidle' });
	const renderer = (await page.locator('astro-island').first().getAttribute('renderer-url')) ?? '';
	expect(renderer).not.toBe('');
	expect(requested.has(renderer), 'nothing loads React before the first use').toBe(false);
	let release = () => {};
	const released = new Promise<void>((resolve) => (release = resolve));
	await page.route(`**${renderer}`, async (route) => {
		await released;
		await route.continue();
	});
	return { release };
}
