import budgets from '../../bench/budgets.json' with { type: 'json' };
import { SPECULATION_RULES } from '../../src/lib/catalogue/prefetch-rules';
import { expect, test } from './helpers/test';

// Tests here use the service worker, which playwright.config.ts blocks by default.
test.use({ serviceWorkers: 'allow' });

/**
 * Nothing the first screen needs waits for the page's own script (docs/navigation.md, "Late
 * work"): no page asks for a module script or preloads one before its first paint, every script
 * of a page that nobody touches is requested after its `load` event and its first paint, and the
 * late parts still happen: 'Aperto ora' is filled and the service worker registered. What a
 * browser, a crawler or a checker reads from the HTML (the icon, the manifest, the prefetch
 * rules) is in the HTML.
 */

test('no page type fetches or preloads a module script before its first paint, or stops its parser', async ({
	request,
}) => {
	for (const path of Object.values(budgets.pages)) {
		const html = await (await request.get(path)).text();
		expect(html, path).not.toMatch(/<script[^>]+type="module"[^>]*\ssrc=/);
		// Astro's island loader is written into the page as a module script, which never stops the
		// parser; no unnamed classic script is left to stop it.
		expect(html, path).toMatch(/<script type="module">\(\(\)=>/);
		expect(html, path).not.toContain('<script>');
		expect(html, path).not.toContain('modulepreload');
		expect(html, path).toMatch(/<script data-site-script="avvio" data-src="\/_astro\/[^"]+\.js">/);
		// What a browser, a crawler or a checker reads from the HTML stays in it: the icon, the
		// manifest and the prefetch rules (which fetch nothing before the visitor's intent).
		const head = html.slice(0, html.indexOf('</head>'));
		expect(head, path).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
		expect(head, path).toContain('<link rel="manifest" href="/manifest.webmanifest">');
		expect(head, path).toContain(`<script type="speculationrules">${SPECULATION_RULES}</script>`);
	}
});

test('on a page nobody touches, every script is requested after load, and the late parts run', async ({
	page,
}) => {
	await page.goto('/contatti');
	// 'Aperto ora' or 'Chiuso · apre …', filled by a late part.
	await expect(page.locator('[data-open-now]').first()).toHaveText(/^(Aperto|Chiuso)/);
	await expect
		.poll(() =>
			page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) !== undefined),
		)
		.toBe(true);
	// The manifest's link and the prefetch rules, once each: from the HTML, none added late.
	await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
	await expect(page.locator('script[type="speculationrules"]')).toHaveCount(1);
	const { loaded, painted, scripts } = await page.evaluate(() => {
		const [navigation] = performance.getEntriesByType(
			'navigation',
		) as PerformanceNavigationTiming[];
		return {
			loaded: navigation?.loadEventEnd ?? 0,
			painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
			scripts: performance
				.getEntriesByType('resource')
				.filter((entry) => (entry as PerformanceResourceTiming).initiatorType !== 'css')
				.filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
				.map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime })),
		};
	});
	expect(loaded).toBeGreaterThan(0);
	expect(painted).toBeGreaterThan(0);
	expect(scripts.length).toBeGreaterThan(0);
	for (const script of scripts) {
		expect(script.start, script.name).toBeGreaterThanOrEqual(loaded);
		expect(script.start, script.name).toBeGreaterThanOrEqual(painted);
	}
});
