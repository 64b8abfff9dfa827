import { chromium } from '@playwright/test';
import { playwrightChromiumArgs, findChromium } from './browser-path.mjs';
import { startServer } from './start-server.mjs';
const server = await startServer({ env: { CONTACT_DB_PATH: '/tmp/speed-try/f.sqlite' } });
const browser = await chromium.launch({ executablePath: findChromium()?.path, args: playwrightChromiumArgs() });
for (const path of process.argv.slice(2)) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.addInitScript(() => { window.__lcp = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp.push({ t: e.startTime, url: e.url, el: e.element?.tagName }); }).observe({ type: 'largest-contentful-paint', buffered: true }); });
  await page.goto(server.url + path, { waitUntil: 'load' });
  await page.waitForTimeout(2500);
  const out = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
    const res = performance.getEntriesByType('resource').map(r => ({ name: new URL(r.name).pathname, start: Math.round(r.startTime), end: Math.round(r.responseEnd), type: r.initiatorType }));
    const imgs = [...document.images].map(i => { const b = i.getBoundingClientRect(); return { src: new URL(i.currentSrc || i.src, location.href).pathname, top: Math.round(b.top), onScreen: b.top < innerHeight && b.bottom > 0 && b.width > 0, loading: i.loading, fp: i.fetchPriority }; });
    return { fcp: Math.round(fcp), lcp: window.__lcp.map(e => `${Math.round(e.t)} ${e.el} ${e.url.slice(-40)}`), res, imgs };
  });
  console.log(path, 'FCP', out.fcp, 'LCP', out.lcp.join(' | '));
  for (const r of out.res) console.log('   ', String(r.start).padStart(5), String(r.end).padStart(5), r.type.padEnd(8), r.name.slice(0, 70));
  for (const i of out.imgs) console.log('    img', i.onScreen ? 'ON ' : 'off', String(i.top).padStart(5), i.loading, i.fp, i.src.slice(0, 60));
  await context.close();
}
await browser.close(); await server.stop();
