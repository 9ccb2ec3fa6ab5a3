import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
const events = [];
cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute', transferMode: 'ReportEvents' });
await page.goto(process.argv[2], { waitUntil: 'networkidle' });
await page.waitForTimeout(2000);
await cdp.send('Tracing.end'); await done;
const main = events.filter((e) => e.name === 'RunTask' && e.dur > 50000);
const t0 = Math.min(...events.filter(e=>e.ts>0).map(e=>e.ts));
for (const task of main) {
  const inside = events.filter((e) => e.tid === task.tid && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur && e !== task && e.dur > 5000);
  const desc = inside.sort((a,b)=>b.dur-a.dur).slice(0,6).map((e) => `${e.name}${e.args?.data?.functionName ? ':' + e.args.data.functionName : ''}${e.args?.data?.url ? '@' + e.args.data.url.split('/').pop() + ':' + e.args.data.lineNumber : ''}${e.args?.data?.type ? '[' + e.args.data.type + ']' : ''} ${(e.dur/1000).toFixed(0)}`);
  console.log(((task.ts - t0)/1000).toFixed(0).padStart(6), (task.dur/1000).toFixed(0).padStart(5), 'ms |', desc.join(' | '));
}
await browser.close();
