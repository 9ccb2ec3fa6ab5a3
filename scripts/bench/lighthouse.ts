/**
 * Lighthouse mobile scores (its default: emulated phone, simulated slow 4G and a 4× slower CPU) in
 * Debian Chromium, headless, with no network beyond the page's own server (Lighthouse's third-party
 * data is bundled with it). Each page is measured `runs` times and the run with the median
 * performance score counts, as Lighthouse's own guidance on variability advises; the worst and best
 * runs are printed beside it. Budgets of issue #20 (docs/decisions/041-page-budgets.md): performance
 * ≥ 97 (no run < 93), accessibility and SEO 100.
 * Run alone against a running server:
 * `npx tsx scripts/bench/lighthouse.ts http://127.0.0.1:3000 / /buscar-locais /central`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumArgs } from './browser.ts';

export interface LighthouseFigure {
  name: string;
  value: number;
  unit: string;
  budget?: { op: '<=' | '>='; limit: number };
}

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

const root = path.resolve(import.meta.dirname, '../..');
const chromeFlags = ['--headless=new', ...chromiumArgs];

/**
 * One Lighthouse run. Chromium sometimes loses the trace of a load ("NO_NAVSTART", "NO_FCP"): that run
 * measured nothing, so it is run again (up to twice) instead of ending the whole bench; any other
 * failure, or a third lost trace, still ends it.
 */
function lighthouse(url: string, output: string, attempt = 1): Report {
  const result = spawnSync(
    path.join(root, 'node_modules/.bin/lighthouse'),
    [
      url,
      '--quiet',
      '--output=json',
      `--output-path=${output}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      `--chrome-flags=${chromeFlags.join(' ')}`,
    ],
    {
      cwd: root,
      env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
      encoding: 'utf8',
    },
  );
  if (result.status !== 0 && attempt < 3 && /NO_NAVSTART|NO_FCP|NO_LCP/.test(result.stderr)) {
    console.warn(`lighthouse ${url}: traço perdido (${attempt}ª tentativa), medindo de novo`);
    return lighthouse(url, output, attempt + 1);
  }
  if (result.status !== 0) throw new Error(`lighthouse ${url} falhou (${result.status}):\n${result.stderr}`);
  return JSON.parse(readFileSync(output, 'utf8')) as Report;
}

/** Each page's figures in order, each passed to `record` as soon as it is known. */
export function measureLighthouse(
  base: string,
  pages: Record<string, string>,
  record: (figure: LighthouseFigure) => void,
  runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5)),
): void {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'urbana-lighthouse-'));
  try {
    for (const [page, url] of Object.entries(pages)) {
      const reports: Report[] = [];
      for (let i = 0; i < runs; i += 1) reports.push(lighthouse(`${base}${url}`, path.join(dir, `report-${i}.json`)));
      const performance = (r: Report) => r.categories.performance?.score ?? 0;
      reports.sort((a, b) => performance(a) - performance(b));
      const report = reports[Math.floor(reports.length / 2)]!;
      const score = (key: string) => Math.round((report.categories[key]?.score ?? 0) * 100);
      record({ name: `Lighthouse ${page} desempenho`, value: score('performance'), unit: 'pontos', budget: { op: '>=', limit: 97 } });
      record({ name: `Lighthouse ${page} acessibilidade`, value: score('accessibility'), unit: 'pontos', budget: { op: '>=', limit: 100 } });
      record({ name: `Lighthouse ${page} boas práticas`, value: score('best-practices'), unit: 'pontos' });
      if (reports.length > 1) {
        // The spread of the runs, so that a reader sees how far one run can stray from the median.
        const spread = (r: Report) => Math.round(performance(r) * 100);
        record({ name: `Lighthouse ${page} desempenho, pior execução`, value: spread(reports[0]!), unit: 'pontos', budget: { op: '>=', limit: 93 } });
        record({ name: `Lighthouse ${page} desempenho, melhor execução`, value: spread(reports.at(-1)!), unit: 'pontos' });
      }
      for (const [audit, label] of [
        ['first-contentful-paint', 'FCP'],
        ['largest-contentful-paint', 'LCP'],
        ['total-blocking-time', 'TBT'],
      ] as const) {
        const value = report.audits[audit]?.numericValue;
        if (value !== undefined) record({ name: `Lighthouse ${page} ${label}`, value: Math.round(value), unit: 'ms' });
      }
      record({ name: `Lighthouse ${page} SEO`, value: score('seo'), unit: 'pontos', budget: { op: '>=', limit: 100 } });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [base = 'http://127.0.0.1:3000', ...urls] = process.argv.slice(2);
  const pages = Object.fromEntries((urls.length ? urls : ['/']).map((url) => [url, url]));
  measureLighthouse(base, pages, (figure) => {
    const budget = figure.budget
      ? ` (meta ${figure.budget.op} ${figure.budget.limit}: ${
          (figure.budget.op === '<=' ? figure.value <= figure.budget.limit : figure.value >= figure.budget.limit) ? 'ok' : 'FALHOU'
        })`
      : '';
    console.log(`${figure.name}: ${figure.value} ${figure.unit}${budget}`);
  });
}
