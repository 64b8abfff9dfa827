import { test as base } from '@playwright/test';

/**
 * Playwright's `test` with one option: `consentBanner`. Off by default: each page starts with a
 * fresh cookie decision stored (taken now, so it never expires), as for a returning visitor, and
 * the banner does not cover what a test clicks. The banner's own tests, and the accessibility
 * sweep, turn it on to see the page as a first-time visitor does.
 */
export const test = base.extend<{ consentBanner: boolean }>({
	consentBanner: [false, { option: true }],
	page: async ({ page, consentBanner }, use) => {
		if (!consentBanner) {
			await page.addInitScript(() => {
				if (localStorage.getItem('vigorsport:cookie-consent')) return;
				localStorage.setItem(
					'vigorsport:cookie-consent',
					JSON.stringify({ decision: 'rejected', decidedAt: new Date().toISOString() }),
				);
			});
		}
		await use(page);
	},
});

export { expect } from '@playwright/test';
export type { Locator, Page } from '@playwright/test';
