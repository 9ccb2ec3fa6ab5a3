/**
 * Page figures measured in Chromium through Playwright (issue #20 budgets):
 *   - LCP with the CPU slowed 4× (Chrome DevTools Protocol `Emulation.setCPUThrottlingRate`), on the
 *     loopback network, the median of `runs` fresh visits;
 *   - the JavaScript the page has received when the network goes idle, as the browser received it
 *     (Resource Timing `encodedBodySize`: the compressed bytes of each script, counted once).
 * Run alone against a running server: `npx tsx scripts/bench/browser.ts http://127.0.0.1:3000 /auth`.
 */
import { chromium, type Browser } from '@playwright/test';

export interface PageFigures {
  page: string;
  lcpMs: number;
  lcpRunsMs: number[];
  jsKb: number;
  encoding: string;
}

/** Chromium without its background traffic (updates, sync, QUIC): the page is all it loads. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function visit(browser: Browser, url: string): Promise<{ lcp: number; js: number; encoding: string }> {
  // A new context per visit: nothing cached, no session, as a first visit.
  // A wide screen (the search page shows its map beside the results); gzip, the budget's unit.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'pt-BR',
    extraHTTPHeaders: { 'accept-encoding': 'gzip' },
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const encodings = new Set<string>();
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) encodings.add(response.headers()['content-encoding'] ?? 'identity');
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const figures = await page.evaluate(
    () =>
      new Promise<{ lcp: number; js: number }>((resolve) => {
        const scripts = new Map<string, number>();
        for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
          if (new URL(entry.name).pathname.endsWith('.js')) scripts.set(entry.name, entry.encodedBodySize);
        }
        const js = [...scripts.values()].reduce((sum, size) => sum + size, 0);
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve({ lcp: entries.at(-1)?.startTime ?? 0, js });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await context.close();
  return { ...figures, encoding: [...encodings].sort().join('+') || 'nenhum' };
}

/** Each page visited `runs` times; the median LCP counts, the JS of the last visit. */
export async function measurePages(base: string, pages: Record<string, string>, runs = 5): Promise<PageFigures[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    const results: PageFigures[] = [];
    for (const [page, url] of Object.entries(pages)) {
      const visits = [];
      for (let i = 0; i < runs; i += 1) visits.push(await visit(browser, `${base}${url}`));
      const lcps = visits.map((v) => Math.round(v.lcp)).sort((a, b) => a - b);
      const last = visits.at(-1)!;
      results.push({
        page,
        lcpMs: lcps[Math.floor(lcps.length / 2)]!,
        lcpRunsMs: lcps,
        jsKb: Number((last.js / 1024).toFixed(1)),
        encoding: last.encoding,
      });
    }
    return results;
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [base = 'http://127.0.0.1:3000', ...urls] = process.argv.slice(2);
  const pages = Object.fromEntries((urls.length ? urls : ['/']).map((url) => [url, url]));
  for (const figure of await measurePages(base, pages, Number(process.env.RUNS ?? 5))) {
    console.log(
      `${figure.page}: LCP ${figure.lcpMs} ms (${figure.lcpRunsMs.join(', ')}), JS ${figure.jsKb} kB (${figure.encoding})`,
    );
  }
}
