import { chromium, devices } from '@playwright/test';
import { playwrightChromiumArgs, findChromium } from './browser-path.mjs';
import { startServer } from './start-server.mjs';
const server = await startServer({ env: { CONTACT_DB_PATH: '/tmp/speed-try/t.sqlite' } });
const browser = await chromium.launch({ executablePath: findChromium()?.path, args: playwrightChromiumArgs() });
const paths = process.argv.slice(2);
for (const path of paths) for (let round = 0; round < 2; round++) {
  const context = await browser.newContext({ ...devices['Pixel 7'] });
  const page = await context.newPage();
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'toplevel', 'v8', 'v8.execute', 'blink.user_timing'] });
  await page.goto(server.url + path, { waitUntil: 'load' });
  await page.waitForTimeout(4000);
  const buffer = await browser.stopTracing();
  const { traceEvents } = JSON.parse(buffer.toString());
  const main = traceEvents.find(e => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && traceEvents.some(x => x.pid === e.pid && x.name === 'firstContentfulPaint'));
  const fcp = traceEvents.find(e => e.name === 'firstContentfulPaint' && e.pid === main?.pid);
  const tasks = traceEvents.filter(e => e.pid === main.pid && e.tid === main.tid && e.name === 'RunTask' && e.dur);
  const nav = traceEvents.filter(e => e.name === 'navigationStart' && e.pid === main?.pid && e.ts <= fcp.ts).at(-1) ?? tasks[0];
  const after = tasks.filter(t => t.ts >= fcp.ts);
  const long = after.filter(t => (t.tdur ?? t.dur) > 10000).map(t => {
    const inside = traceEvents.filter(e => e.pid === main.pid && e.tid === main.tid && e.ts >= t.ts && e.ts + (e.dur||0) <= t.ts + t.dur && e.dur > 300 && !['RunTask','ThreadControllerImpl::RunTask'].includes(e.name)).sort((a,b) => b.dur - a.dur).slice(0,8).map(e => `${e.name}${e.args?.data?.url ? '(' + e.args.data.url.replace(server.url,'') + ')' : ''}${e.args?.data?.functionName ? '[' + e.args.data.functionName + ']' : ''}:${(e.dur/1000).toFixed(1)}`);
    return `@${((t.ts - fcp.ts)/1000).toFixed(0)}ms wall ${(t.dur/1000).toFixed(1)}ms cpu ${((t.tdur ?? NaN)/1000).toFixed(1)}ms {${inside.join(', ')}}`;
  });
  const before = tasks.filter(t => t.ts < fcp.ts && (t.tdur ?? t.dur) > 10000).length;
  const max = Math.max(0, ...after.map(t => t.tdur ?? t.dur)) / 1000; const maxWall = Math.max(0, ...after.map(t => t.dur)) / 1000;
  console.log(`${path} round ${round}: FCP ${((fcp.ts - nav.ts)/1000).toFixed(0)} ms; tasks after FCP ${after.length}, longest ${max.toFixed(1)} ms of CPU (${maxWall.toFixed(1)} wall), over 10 ms of CPU: ${long.length}; (over 10 ms before FCP: ${before})`);
  for (const l of long) console.log('   ', l);
  const scriptTasks = after.filter(t => traceEvents.some(e => e.pid === main.pid && e.tid === main.tid && e.ts >= t.ts && e.ts <= t.ts + t.dur && ['EvaluateScript','FunctionCall','v8.evaluateModule','v8.compileModule','TimerFire','FireAnimationFrame','EventDispatch','RunMicrotasks','v8.run','FireIdleCallback','ResourceReceivedData','ResourceFinish'].includes(e.name)));
  const top = scriptTasks.sort((a,b) => (b.tdur ?? b.dur) - (a.tdur ?? a.dur)).slice(0,3).map(t => ((t.tdur ?? t.dur)/1000).toFixed(1)+'ms cpu@'+((t.ts-fcp.ts)/1000).toFixed(0) + '{' + [...new Set(traceEvents.filter(e => e.pid === main.pid && e.tid === main.tid && e.ts >= t.ts && e.ts <= t.ts + t.dur && e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask').map(e => e.name + (e.args?.data?.url ? '(' + String(e.args.data.url).replace(server.url,'').slice(0,40) + ')' : '')))].slice(0,6).join(' ') + '}');
  console.log(`    tasks running script after FCP: ${scriptTasks.length}, longest: ${top.join(', ')}`);
  await context.close();
}
await browser.close(); await server.stop();
