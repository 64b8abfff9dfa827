import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const base = process.argv[2] ?? 'http://127.0.0.1:4481';
for (const [name, vp, dpr] of [['pixel7', { width: 412, height: 839 }, 2.625], ['se', { width: 375, height: 568 }, 2]]) {
	const ctx = await b.newContext({ viewport: vp, deviceScaleFactor: dpr, isMobile: true, hasTouch: true });
	await ctx.addInitScript(() => localStorage.setItem('vigorsport:cookie-consent', JSON.stringify({ decision: 'rejected', decidedAt: new Date().toISOString() })));
	const p = await ctx.newPage();
	await p.goto(base + '/cerca?q=whey', { waitUntil: 'load' });
	await p.locator('[data-search-result]').first().waitFor();
	const box = async (sel) => { const bb = await p.locator(sel).first().boundingBox(); return bb && [Math.round(bb.y), Math.round(bb.y + bb.height)]; };
	console.log(name, { status: await box('[role=status][data-results-for]'), first: await box('[data-search-result]'), filters: await p.locator('[data-filters-button]').textContent() });
	await p.screenshot({ path: `/tmp/phone-exp/cerca-${name}.png` });
	await ctx.close();
}
await b.close();
