import { expect, test } from './helpers/test';
import budgets from '../../bench/budgets.json' with { type: 'json' };

/**
 * Before the first paint a page fetches only what its first screen shows (docs/performance.md,
 * "Before the first paint"): on a phone, as Lighthouse's mobile run emulates one, a picture fetched
 * at once (not lazy, or with high priority) shows at least half of itself on the first screen,
 * every other picture is lazy, and no picture is a data address written into the page. The page's own requests for live
 * figures come after its `load` event and its first paint. Positions and attributes, never
 * timings.
 */

test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });

const PAGES: Record<string, string> = {
	...budgets.pages,
	'chi-siamo': '/chi-siamo',
	prodotti: '/prodotti',
	galleria: '/galleria',
};

test('a phone fetches at once only the pictures of the first screen', async ({ page }) => {
	test.setTimeout(60_000);
	const problems: string[] = [];
	for (const [name, route] of Object.entries(PAGES)) {
		await page.goto(route);
		const pictures = await page.evaluate(() => {
			const fold = window.innerHeight;
			return [...document.querySelectorAll('img')].map((image) => {
				const box = image.getBoundingClientRect();
				const top = box.top + window.scrollY;
				const shown = Math.max(0, Math.min(top + box.height, fold) - Math.max(top, 0));
				return {
					file: image.getAttribute('src') ?? '',
					top: Math.round(top),
					mostlyShown: box.height > 0 && shown >= box.height / 2,
					lazy: image.loading === 'lazy',
					high: image.getAttribute('fetchpriority') === 'high',
				};
			});
		});
		const dataAddresses = await page.$$eval('img[src^="data:"], source[srcset^="data:"]', (found) =>
			found.map((element) => element.outerHTML.slice(0, 60)),
		);
		// A page with no picture at all would pass the loop vacuously: every page has its logo.
		expect(pictures.length, name).toBeGreaterThan(0);
		for (const { file, top, mostlyShown, lazy, high } of pictures) {
			if (mostlyShown) continue;
			if (!lazy) problems.push(`${name}: ${file} at ${top} px is not lazy`);
			if (high) problems.push(`${name}: ${file} at ${top} px has high priority`);
		}
		for (const element of dataAddresses) problems.push(`${name}: a data address, ${element}`);
	}
	expect(problems).toEqual([]);
});

test('the category page asks for its live figures after its load and first paint', async ({
	page,
}) => {
	// Every request to the API, and when it started by the browser's clock (wall time, as the
	// page's timeOrigin): Resource Timing would miss a request made before the page's own timeline.
	const asked: import('@playwright/test').Request[] = [];
	page.on('request', (request) => {
		if (new URL(request.url()).pathname.startsWith('/api/')) asked.push(request);
	});
	await page.goto(budgets.pages.categoria);
	await expect.poll(() => asked.length).toBeGreaterThan(0);
	const { loaded, painted } = await page.evaluate(() => {
		const [navigation] = performance.getEntriesByType(
			'navigation',
		) as PerformanceNavigationTiming[];
		const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
		return {
			loaded:
				navigation && navigation.loadEventEnd > 0
					? performance.timeOrigin + navigation.loadEventEnd
					: 0,
			painted: paint > 0 ? performance.timeOrigin + paint : 0,
		};
	});
	expect(loaded).toBeGreaterThan(0);
	expect(painted).toBeGreaterThan(0);
	for (const request of asked) {
		await request.response();
		const path = new URL(request.url()).pathname;
		expect(request.timing().startTime, path).toBeGreaterThanOrEqual(loaded);
		expect(request.timing().startTime, path).toBeGreaterThanOrEqual(painted);
	}
});
