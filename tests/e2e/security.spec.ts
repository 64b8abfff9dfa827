import { test as plain, type Page } from '@playwright/test';
import { hashSource, inlineSourcesOf } from '../../src/lib/http/csp';
import { expect, test } from './helpers/test';

/** One page of each type; the shared fixture fails a test on any policy problem they report. */
const PAGES = [
	'/',
	'/prodotti',
	'/prodotti/proteine',
	'/prodotti/proteine/varianti',
	'/prodotti/proteine/whey-isolate-90',
	'/negozi',
	'/contatti',
	'/preferiti',
	'/galleria',
	'/chi-siamo',
	'/cookie-policy',
	'/pagina-che-non-esiste',
];

/** The directives of a Content-Security-Policy header, name -> sources. */
function directivesOf(policy: string): Map<string, string[]> {
	return new Map(
		policy
			.split(';')
			.map((entry) => entry.trim().split(/\s+/))
			.filter((parts) => parts[0] !== '')
			.map(([name = '', ...sources]) => [name, sources]),
	);
}

for (const path of PAGES) {
	test(`${path}: the policy allows its inline code by hash and nothing inline else`, async ({
		page,
	}) => {
		const response = await page.goto(path);
		expect(response).not.toBeNull();
		const html = await response!.text();
		const directives = directivesOf(response!.headers()['content-security-policy'] ?? '');
		const scriptSources = directives.get('script-src') ?? [];
		expect(scriptSources).toContain("'self'");
		expect(scriptSources).not.toContain("'unsafe-inline'");
		expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
		const inline = inlineSourcesOf(html);
		for (const body of inline.scripts) expect(scriptSources).toContain(hashSource(body));
		for (const body of inline.styles)
			expect(directives.get('style-src')).toContain(hashSource(body));
		expect(inline.styleAttributes).toBe(0);
		expect(inline.eventHandlers).toBe(0);
		// Every island hydrates, so what they do counts too: all of them hydrate on the first use
		// of the page (client:interaction), of which a key press is one that does nothing else.
		await page.keyboard.press('Shift');
		await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 15_000 });
	});
}

/** Records the policy violations Chromium reports on a page, as "directive blocked-uri". */
async function recordViolations(page: Page): Promise<string[]> {
	const violations: string[] = [];
	await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
	await page.addInitScript(() => {
		document.addEventListener('securitypolicyviolation', (event) => {
			(window as unknown as { reportViolation(text: string): void }).reportViolation(
				`${event.effectiveDirective} ${event.blockedURI}`,
			);
		});
	});
	return violations;
}

plain.describe('the policy is enforced', () => {
	plain('an injected inline script does not run, and Chromium reports it', async ({ page }) => {
		const violations = await recordViolations(page);
		await page.goto('/');
		const ran = await page.evaluate(() => {
			const script = document.createElement('script');
			script.textContent = 'window.injected = true;';
			document.head.append(script);
			return (window as unknown as { injected?: boolean }).injected === true;
		});
		expect(ran).toBe(false);
		await expect.poll(() => violations).toContain('script-src-elem inline');
	});

	plain('an inline style attribute is not applied, and Chromium reports it', async ({ page }) => {
		const violations = await recordViolations(page);
		await page.goto('/');
		const colour = await page.evaluate(() => {
			const probe = document.createElement('div');
			probe.innerHTML = '<p style="color: rgb(1, 2, 3)">prova</p>';
			document.body.append(probe);
			return getComputedStyle(probe.firstElementChild!).color;
		});
		expect(colour).not.toBe('rgb(1, 2, 3)');
		await expect.poll(() => violations).toContain('style-src-attr inline');
	});

	plain('another site cannot show the page in a frame', async ({ page, baseURL }) => {
		const refused: string[] = [];
		page.on('console', (message) => {
			if (/frame-ancestors/.test(message.text())) refused.push(message.text());
		});
		// A page of another origin (about:blank) framing the site.
		await page.setContent(`<iframe src="${baseURL}/negozi" title="prova"></iframe>`);
		await expect.poll(() => refused.length).toBeGreaterThan(0);
		const framed = page.frames().find((frame) => frame.url().endsWith('/negozi'));
		expect(
			await framed
				?.locator('h1')
				.count()
				.catch(() => 0),
		).toBeFalsy();
	});
});
