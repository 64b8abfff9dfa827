import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from './helpers/test';
import budgets from '../../bench/budgets.json' with { type: 'json' };
import {
	checkBudgets,
	describeBreach,
	formatBytes,
	type BudgetBreach,
	type PageBytes,
} from '../helpers/budgets';

/**
 * Byte budgets of the build (bench/budgets.json): per page type, the JavaScript a phone
 * downloads before any interaction (the page's own scripts; any island hydrated before the first
 * use, the React runtime included, would count here), the CSS, the HTML and the largest image
 * above the fold, gzip-compressed as the server sends them. Bytes of the build output, never
 * timings.
 */

const client = path.resolve(import.meta.dirname, '../../dist/client');

// A phone, as Lighthouse's mobile run emulates one (412 × 823 CSS pixels at 1.75): the LCP
// image is the one its srcset picks there (at most 30 KB at a phone's width).
test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
const PAGES: Record<string, string> = {
	...budgets.pages,
	'chi-siamo': '/chi-siamo',
	prodotti: '/prodotti',
	galleria: '/galleria',
	privacy: '/privacy-policy',
	varianti: '/prodotti/proteine/varianti',
	// The pickup pages, measured as /preferiti is: nothing stored and no code in the
	// address, so their islands hydrate on first use.
	'lista-ritiro': '/lista-ritiro',
	confermata: '/lista-ritiro/confermata',
};

/** gzip size of a built file, from the path part of its URL. */
async function gzipped(url: string): Promise<number> {
	let file = decodeURIComponent(new URL(url).pathname);
	if (file === '/') file = '/index.html';
	else if (!path.extname(file)) file = `${file}.html`;
	return gzipSync(await readFile(path.join(client, file)), { level: 9 }).length;
}

test('every page type keeps its byte budgets', async ({ page }) => {
	test.setTimeout(120_000);
	const breaches: BudgetBreach[] = [];
	const table: string[] = [];
	for (const [name, route] of Object.entries(PAGES)) {
		const scripts = new Set<string>();
		const styles = new Set<string>();
		const onResponse = (response: import('@playwright/test').Response) => {
			const type = response.request().resourceType();
			if (type === 'script') scripts.add(response.url());
			if (type === 'stylesheet') styles.add(response.url());
		};
		page.on('response', onResponse);
		await page.goto(route, { waitUntil: 'networkidle' });
		// Anything loaded when idle has loaded by now; nothing was scrolled, typed or clicked.
		await page.waitForLoadState('networkidle');
		const lcpUrl = await page.evaluate(
			() =>
				new Promise<string>((resolve) => {
					new PerformanceObserver((list) => {
						const entries = list.getEntries() as (PerformanceEntry & { url?: string })[];
						resolve(entries.at(-1)?.url ?? '');
					}).observe({ type: 'largest-contentful-paint', buffered: true });
					setTimeout(() => resolve(''), 2000);
				}),
		);
		page.off('response', onResponse);

		const sum = async (urls: Set<string>) =>
			(await Promise.all([...urls].map(gzipped))).reduce((total, size) => total + size, 0);
		const lcpImage = lcpUrl ? (await (await page.request.get(lcpUrl)).body()).length : 0;
		const measured: PageBytes = {
			page: route,
			kind: name === 'prodotto' ? 'product' : 'default',
			js: await sum(scripts),
			css: await sum(styles),
			html: await gzipped(new URL(route, page.url()).href),
			lcpImage,
		};
		table.push(
			`${route.padEnd(42)} JS ${formatBytes(measured.js).padStart(9)}  CSS ${formatBytes(measured.css).padStart(8)}  HTML ${formatBytes(measured.html).padStart(8)}  LCP img ${formatBytes(measured.lcpImage).padStart(8)}`,
		);
		expect(measured.js, `${route} loads no JavaScript at all?`).toBeGreaterThan(0);
		breaches.push(...checkBudgets(measured, budgets.bytes));
	}
	console.log(`Byte budgets (gzip):\n${table.join('\n')}`);
	expect(breaches.map(describeBreach), 'Budgets broken').toEqual([]);
});
