#!/usr/bin/env node
// @ts-check
// node scripts/phone-screenshots.mjs [--port N]: the first screen of the product page and of
// /cerca?q=whey on a Pixel 7 (412 × 839) and an iPhone SE (320 × 568), and the product page
// scrolled past 'Aggiungi alla lista ritiro' (its bottom bar shown), consent given, taken in
// Chromium from the build in dist/ served by the site's server, into docs/img/ (PNG, at the
// phones' pixel ratio). Needs `npm run build` first.
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './browser-path.mjs';
import { ROOT, assertBuilt, startServer } from './start-server.mjs';

const PHONES = [
	{ slug: 'pixel-7', width: 412, height: 839, deviceScaleFactor: 2.625 },
	{ slug: 'iphone-se', width: 320, height: 568, deviceScaleFactor: 2 },
];
const PAGES = [
	{
		slug: 'prodotto',
		path: '/prodotti/proteine/whey-concentrate-80',
		ready: '[data-product-photo] img',
	},
	{ slug: 'cerca', path: '/cerca?q=whey', ready: '[data-search-result] img' },
];

const portArgument = process.argv.indexOf('--port');
const port = portArgument > 0 ? Number(process.argv[portArgument + 1]) : undefined;
assertBuilt();
const server = await startServer(port ? { port } : {});
const found = findChromium();
const browser = await chromium.launch({
	...(found ? { executablePath: found.path } : {}),
	args: [...CHROMIUM_ARGS],
});
try {
	for (const phone of PHONES) {
		const context = await browser.newContext({
			viewport: { width: phone.width, height: phone.height },
			deviceScaleFactor: phone.deviceScaleFactor,
			isMobile: true,
			hasTouch: true,
			locale: 'it-IT',
			serviceWorkers: 'block',
			// The bar shows at once instead of sliding in.
			reducedMotion: 'reduce',
		});
		// A returning visitor: the cookie decision is stored, so the banner is closed.
		await context.addInitScript(() =>
			localStorage.setItem(
				'vigorsport:cookie-consent',
				JSON.stringify({ decision: 'rejected', decidedAt: new Date().toISOString() }),
			),
		);
		const page = await context.newPage();
		for (const { slug, path, ready } of PAGES) {
			await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
			// The photo decoded, not just requested: the screenshot shows it, not its placeholder.
			await page
				.locator(ready)
				.first()
				.evaluate((image) => /** @type {HTMLImageElement} */ (image).decode());
			const file = join(ROOT, 'docs/img', `${slug}-${phone.slug}.png`);
			await page.screenshot({ path: file });
			console.log(`phone-screenshots: ${file}`);
		}
		await page.goto(`${server.url}${PAGES[0]?.path ?? '/'}`, { waitUntil: 'networkidle' });
		await page
			.locator('[data-pickup-main]')
			.evaluate((box) =>
				box.ownerDocument.defaultView?.scrollBy(0, box.getBoundingClientRect().bottom + 80),
			);
		await page.locator('[data-pickup-bar][data-state="shown"]').waitFor();
		const file = join(ROOT, 'docs/img', `prodotto-barra-${phone.slug}.png`);
		await page.screenshot({ path: file });
		console.log(`phone-screenshots: ${file}`);
		await context.close();
	}
} finally {
	await browser.close();
	await server.stop();
}
