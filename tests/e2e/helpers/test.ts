import { test as base, expect } from '@playwright/test';

/** Console text of a Content-Security-Policy or Permissions-Policy problem in Chromium. */
const POLICY_PROBLEM = /content security policy|csp violation|permissions[- ]policy/i;

/**
 * Playwright's `test` with one option: `consentBanner`. Off by default: each page starts with a
 * fresh cookie decision stored (taken now, so it never expires), as for a returning visitor, and
 * the banner does not cover what a test clicks. The banner's own tests, and the accessibility
 * sweep, turn it on to see the page as a first-time visitor does.
 *
 * Every test also fails when Chromium reports a Content-Security-Policy violation or a
 * Permissions-Policy error on any page it opened: the policies come from the real server
 * (dist/client/_headers), so each end-to-end test checks that they let the site work.
 */
export const test = base.extend<{ consentBanner: boolean }>({
	consentBanner: [false, { option: true }],
	context: async ({ context }, use) => {
		const problems: string[] = [];
		await context.addInitScript(() => {
			document.addEventListener('securitypolicyviolation', (event) => {
				const where = event.sourceFile ? ` (${event.sourceFile}:${event.lineNumber})` : '';
				console.error(
					`CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline code'}${where}`,
				);
			});
		});
		context.on('console', (message) => {
			if (POLICY_PROBLEM.test(message.text())) {
				problems.push(`${message.location().url}: ${message.text()}`);
			}
		});
		await use(context);
		expect(problems, 'Chromium reported policy problems').toEqual([]);
	},
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
export type { BrowserContext, Locator, Page } from '@playwright/test';
