import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from './browser-path.mjs';
import { chromiumFlag, serveOverHttp2, throwawayCertificate } from './bench-lighthouse/h2-front.mjs';
import { startServer } from './start-server.mjs';
const path = process.argv[2] ?? '/contatti';
const cert = await throwawayCertificate();
const server = await startServer({ env: { CONTACT_DB_PATH: '/tmp/speed-try/p.sqlite' } });
const front = await serveOverHttp2({ target: server.url, certificate: cert });
const chrome = await chromeLauncher.launch({ chromePath: findChromium()?.path, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS, chromiumFlag(cert)] });
for (const origin of (process.argv[3] ?? 'h2').split(',').map(t => t === 'h2' ? front.url : server.url)) {
  const o = await lighthouse(origin + path, { port: chrome.port, output: 'json', logLevel: 'error', formFactor: 'mobile', onlyCategories: ['performance'] });
  const a = o.lhr.audits;
  console.log(origin, 'perf', o.lhr.categories.performance.score, 'LCP', a['largest-contentful-paint'].numericValue, 'FCP', a['first-contentful-paint'].numericValue, 'TBT', a['total-blocking-time'].numericValue);
  for (const r of a['network-requests'].details.items) console.log(' ', r.protocol, r.priority, Math.round(r.networkRequestTime), Math.round(r.networkEndTime), r.transferSize, r.url.replace(origin,''));
  const lt = a['long-tasks']?.details?.items ?? []; console.log(' long tasks', lt.map(t => `${t.url?.replace(origin,'')}@${Math.round(t.startTime)}:${Math.round(t.duration)}`).join(' '));
}
chrome.kill(); await front.stop(); await server.stop();
