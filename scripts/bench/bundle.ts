/**
 * Initial JavaScript of a page, from the Vite build manifest: the entry chunk, the route modules
 * that the router loads for that page (each a lazy chunk), and everything they import statically,
 * each file counted once at the size the server sends (its pre-compressed `.gz`).
 *
 * The budget of a page is the framework floor (React 19, React Router and TanStack Query by
 * themselves, scripts/bench/framework-floor.ts, measured in the same run) plus what the page may add
 * (`pageAllowanceKb`; docs/decisions/117-javascript-budgets-over-the-framework-floor.md).
 * `npm run bench:bundle [dist]` builds the app and the floor, prints both figures beside each other
 * and exits 1 when a page is over its budget.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { measureFrameworkFloor } from './framework-floor.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The route modules loaded for each measured page (see apps/web/src/app/router.tsx). */
export const pageModules: Record<string, string[]> = {
  '/': ['src/app/layouts/public-layout.tsx', 'src/app/routes/public/home.tsx'],
  '/buscar-locais': ['src/app/layouts/public-layout.tsx', 'src/app/routes/public/search.tsx'],
  '/locais/{slug}': ['src/app/layouts/public-layout.tsx', 'src/app/routes/public/product.tsx'],
  '/auth': ['src/app/layouts/public-layout.tsx', 'src/app/routes/public/auth.tsx'],
};

/**
 * What each page may add to the framework floor, gzip kB: Urbana's own code and every other
 * library it loads at once (issue #45).
 */
export const pageAllowanceKb: Record<string, number> = { '/': 30, '/buscar-locais': 80, '/auth': 30 };

/** A page's budget: the floor measured in the same run plus the page's allowance, in kB. */
export function pageBudgetKb(page: string, floorGzipBytes: number): number | undefined {
  const allowance = pageAllowanceKb[page];
  return allowance === undefined ? undefined : Number((floorGzipBytes / 1024 + allowance).toFixed(1));
}

export interface PageBundle {
  page: string;
  files: number;
  gzipBytes: number;
  rawBytes: number;
}

/** A file's size as sent (its `.gz` copy, or gzip 9 when it has none) and on disk. */
export function sizeOf(file: string): { gzip: number; raw: number } {
  const raw = readFileSync(file);
  const gzip = existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`).length : gzipSync(raw, { level: 9 }).length;
  return { gzip, raw: raw.length };
}

/** The files a page loads at once: the entry, the page's route modules and their static imports. */
export function pageFiles(webDist: string, modules: string[]): string[] {
  const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  if (!entry) throw new Error('manifest sem entrada');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`módulo ${key} ausente do manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry[0]);
  for (const module of modules) visit(module);
  return [...seen].map((key) => path.join(webDist, manifest[key]!.file));
}

export function measureBundles(webDist: string): PageBundle[] {
  return Object.entries(pageModules).map(([page, modules]) => {
    const files = pageFiles(webDist, modules);
    return {
      page,
      files: files.length,
      gzipBytes: files.reduce((sum, file) => sum + sizeOf(file).gzip, 0),
      rawBytes: files.reduce((sum, file) => sum + sizeOf(file).raw, 0),
    };
  });
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '../..');
  const dist = process.argv[2] ? path.resolve(process.argv[2]) : path.join(root, 'apps/web/dist');
  if (!process.argv[2]) {
    const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const floor = await measureFrameworkFloor(root);
  console.log(
    `piso do framework (React 19, React Router, TanStack Query): ${kb(floor.gzipBytes)} kB gzip (${floor.files} arquivos, ${kb(floor.rawBytes)} kB sem compressão)`,
  );
  for (const result of measureBundles(dist)) {
    const budget = pageBudgetKb(result.page, floor.gzipBytes);
    const over = budget !== undefined && result.gzipBytes / 1024 > budget;
    if (over) process.exitCode = 1;
    const verdict =
      budget === undefined
        ? ''
        : ` — meta <= ${kb(floor.gzipBytes)} + ${pageAllowanceKb[result.page]} = ${budget} kB: ${over ? 'FALHOU' : 'ok'}`;
    console.log(
      `JS inicial ${result.page}: ${kb(result.gzipBytes)} kB gzip = piso ${kb(floor.gzipBytes)} + página ${kb(result.gzipBytes - floor.gzipBytes)} (${result.files} arquivos, ${kb(result.rawBytes)} kB sem compressão)${verdict}`,
    );
  }
}
