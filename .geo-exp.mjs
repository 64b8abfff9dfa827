import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const base = process.argv[2] ?? 'http://127.0.0.1:4481';
for (const [name, vp, dpr] of [['pixel7', { width: 412, height: 839 }, 2.625], ['se', { width: 375, height: 568 }, 2]]) {
	const ctx = await b.newContext({ viewport: vp, deviceScaleFactor: dpr, isMobile: true, hasTouch: true });
	await ctx.addInitScript(() => localStorage.setItem('vigorsport:cookie-consent', JSON.stringify({ decision: 'rejected', decidedAt: new Date().toISOString() })));
	const p = await ctx.newPage();
	p.on('console', (m) => { if (m.type() === 'error') console.log('console', m.text()); });
	await p.goto(base + '/prodotti/proteine/whey-concentrate-80', { waitUntil: 'load' });
	const box = async (sel) => { const bb = await p.locator(sel).first().boundingBox(); return bb && [Math.round(bb.y), Math.round(bb.y + bb.height), Math.round(bb.x), Math.round(bb.width)]; };
	console.log(name, { photo: await box('[data-product-photo]'), h1: await box('h1'), price: await box('[data-product-price]'), stock: await box('[data-stock-line]'), main: await box('[data-pickup-main]'), bar: await p.locator('[data-pickup-bar]').getAttribute('data-state'), src: await p.locator('[data-product-photo] img').evaluate((i) => i.currentSrc) });
	await p.screenshot({ path: `/tmp/phone-exp/${name}.png` });
	await ctx.close();
}
await b.close();
