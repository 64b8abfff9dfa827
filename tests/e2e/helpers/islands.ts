import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until the island containing `inner` has hydrated: Astro removes the `ssr` attribute
 * from an <astro-island> once its component has rendered in the browser.
 */
export async function waitForIsland(page: Page, inner: string): Promise<Locator> {
	const island = page.locator(`astro-island:has(${inner})`).first();
	await island.scrollIntoViewIfNeeded();
	await expect(island).not.toHaveAttribute('ssr');
	return island;
}
