/**
 * The JavaScript budgets of the pages (issue #45 item 5,
 * docs/decisions/117-javascript-budgets-over-the-framework-floor.md): what the framework needs plus
 * what the page adds, where the budget holds Urbana's own code.
 *
 * For each page, its initial JavaScript (page-files.ts: the entry, the page's route modules and their
 * static imports, each file's `.gz`) is split by the source maps into the framework (React 19, React
 * Router, TanStack Query and their own packages, as the framework floor's build holds them), the other
 * libraries, and Urbana's own code — the files of apps/ and packages/ plus the bundler's glue, counted
 * as ours to be strict (page-composition.ts). Urbana's own code may weigh at most `ownCodeAllowanceKb`;
 * the framework floor (scripts/bench/framework-floor.ts), measured in the same run, is printed beside.
 *
 * `npm run bench:bundle` builds the floor and the app (with hidden source maps, into scratch folders),
 * prints each page's parts and exits 1 when a page's own code is over its allowance.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { measureFrameworkFloor, type FrameworkFloor } from './framework-floor.ts';
import { buildWithMaps, composePage, type PageComposition } from './page-composition.ts';
import { pageFiles, pageModules } from './page-files.ts';

export { pageModules };

/** Urbana's own code a page may load at once, gzip kB (issue #45: 30 on / and /auth, 80 on /buscar-locais). */
export const ownCodeAllowanceKb: Record<string, number> = { '/': 30, '/buscar-locais': 80, '/auth': 30 };

export interface JavaScriptFigures {
  floor: FrameworkFloor;
  pages: PageComposition[];
}

/** The page files of two builds are the same, byte for byte (the maps build stands for production). */
function checkSameFiles(built: string, production: string, modules: string[]): void {
  const ours = pageFiles(built, modules).map((file) => path.relative(built, file));
  const theirs = pageFiles(production, modules).map((file) => path.relative(production, file));
  const same =
    ours.length === theirs.length &&
    ours.every(
      (name, i) =>
        name === theirs[i] &&
        readFileSync(path.join(built, name)).equals(readFileSync(path.join(production, name))),
    );
  if (!same) throw new Error(`o build com mapas difere do de produção (${production}): ${ours.join(', ')}`);
}

/**
 * The framework floor and each page split into its parts. With `production` (a build of `npm run
 * build`), each page's files of the maps build are checked to be the production files.
 */
export async function measureJavaScript(root: string, production?: string): Promise<JavaScriptFigures> {
  const floor = await measureFrameworkFloor(root);
  const scratchParent = path.join(root, 'apps/web/node_modules/.cache');
  mkdirSync(scratchParent, { recursive: true });
  const scratch = mkdtempSync(path.join(scratchParent, 'paginas-'));
  try {
    await buildWithMaps(root, scratch);
    const pages = Object.entries(pageModules).map(([page, modules]) => {
      if (production) checkSameFiles(scratch, production, modules);
      return composePage(scratch, page, modules, floor.packages);
    });
    return { floor, pages };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

export const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));

/** Whether a page's own code is over its allowance (pages without one never are). */
export function ownCodeOver(page: PageComposition): boolean {
  const allowance = ownCodeAllowanceKb[page.page];
  return allowance !== undefined && kb(page.ownGzip) > allowance;
}

/**
 * The budget of what the browser receives to network idle: the page's framework and other libraries as
 * the build loads them at once, plus the own-code allowance (whatever loads later counts as own code).
 */
export function networkIdleBudgetKb(page: PageComposition): number | undefined {
  const allowance = ownCodeAllowanceKb[page.page];
  return allowance === undefined ? undefined : kb(page.frameworkGzip + page.librariesGzip + allowance * 1024);
}

/** The largest other libraries of a page, as `name kB`. */
export function topLibraries(page: PageComposition, count = 5): string {
  const top = page.libraries.slice(0, count).map((library) => `${library.name} ${kb(library.gzip)}`);
  const rest = page.libraries.slice(count).reduce((sum, library) => sum + library.gzip, 0);
  return [...top, ...(rest > 0 ? [`mais ${page.libraries.length - count}: ${kb(rest)}`] : [])].join(', ') || 'nenhuma';
}

/** The lines printed for a page. */
export function describePage(page: PageComposition, floor: FrameworkFloor): string[] {
  const allowance = ownCodeAllowanceKb[page.page];
  const verdict = allowance === undefined ? '' : ` — meta <= ${allowance} kB: ${ownCodeOver(page) ? 'FALHOU' : 'ok'}`;
  const ownTop = page.own
    .slice(0, 3)
    .map((part) => `${part.name} ${kb(part.gzip)}`)
    .join(', ');
  return [
    `JS inicial ${page.page}: ${kb(page.totalGzip)} kB gzip (${page.files} arquivos)`,
    `  código da Urbana: ${kb(page.ownGzip)} kB${verdict} (maiores: ${ownTop})`,
    `  framework na página: ${kb(page.frameworkGzip)} kB (piso medido sozinho: ${kb(floor.gzipBytes)})`,
    `  outras bibliotecas: ${kb(page.librariesGzip)} kB (${topLibraries(page)})`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '../..');
  const { floor, pages } = await measureJavaScript(root);
  console.log(
    `piso do framework (React 19, React Router, TanStack Query): ${kb(floor.gzipBytes)} kB gzip (${floor.files} arquivos, ${kb(floor.rawBytes)} kB sem compressão; pacotes: ${[...floor.packages].sort().join(', ')})`,
  );
  for (const page of pages) {
    if (ownCodeOver(page)) process.exitCode = 1;
    console.log(describePage(page, floor).join('\n'));
  }
}
