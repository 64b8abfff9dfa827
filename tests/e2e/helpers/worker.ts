import type { Page } from '@playwright/test';

/** Opens a page and waits until the service worker controls it. */
export async function openControlled(page: Page, path: string): Promise<void> {
	await page.goto(path);
	await page.evaluate(async () => {
		await navigator.serviceWorker.ready;
		if (!navigator.serviceWorker.controller) {
			await new Promise((resolve) =>
				navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
			);
		}
	});
}
