/**
 * What each page's initial JavaScript is made of, split by the source maps
 * (docs/decisions/117-javascript-budgets-over-the-framework-floor.md).
 *
 * The browser app is built once more with hidden source maps into a scratch folder: the same files,
 * byte for byte, as the production build (a hidden map adds no comment to the code), plus a `.map`
 * beside each. Every file a page loads at once (`pageFiles` of bundle.ts) is split into the modules it
 * came from — a package of node_modules, or a file of the repository — and its size as sent (its
 * Zopfli `.gz`) is shared among them in proportion to their minified bytes (gzipping a module alone
 * would count the dictionary it shares with its neighbours twice).
 *
 * Each module then falls in one of three parts:
 *   - the framework: a package found in the framework floor's own build (React 19, React Router,
 *     TanStack Query and what they bring, scripts/bench/framework-floor.ts);
 *   - the other libraries: any other package of node_modules;
 *   - Urbana's own code: the files of apps/ and packages/ of this repository, and — to be strict — all
 *     that the maps do not give to a package: the bundler's glue between modules, its runtime file
 *     and its virtual modules.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { pageFiles, sizeOf } from './page-files.ts';

interface SourceMap {
  sources: string[];
  sourceRoot?: string;
  mappings: string;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The numbers of one source-map segment (base64 VLQ). */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

/** Unmapped bytes of a mapped file: the bundler's glue. */
export const UNMAPPED = '(sem mapa)';

/**
 * The package of a source of node_modules (`@scope/name` or `name`), or undefined for any other
 * source — and for Urbana's own workspace packages (`@urbana/…`), should one be reached through a link.
 */
export function packageOf(source: string): string | undefined {
  const normalized = source.replace(/\\/g, '/');
  const inModules = normalized.lastIndexOf('node_modules/');
  if (inModules < 0) return undefined;
  const [scope, name] = normalized.slice(inModules + 'node_modules/'.length).split('/');
  if (scope === '@urbana') return undefined;
  return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
}

/** A module's name: the package for code of node_modules, else its path in the repository (or files). */
export function moduleName(source: string, byFile = false): string {
  const normalized = source.replace(/\\/g, '/');
  if (byFile) return normalized.replace(/^.*?((apps|packages|node_modules)\/)/, '$1');
  const pkg = packageOf(normalized);
  if (pkg) return pkg;
  if (normalized.includes('node_modules/@urbana/')) return normalized.slice(normalized.lastIndexOf('node_modules/'));
  const inRepo = normalized.search(/(apps|packages)\//);
  return inRepo >= 0 ? normalized.slice(inRepo) : normalized;
}

interface Sized {
  bytes: number;
  /** The package, for code of node_modules. */
  pkg?: string;
}

/** Minified bytes of a file per module (unmapped bytes — the bundler's glue — under UNMAPPED). */
function bytesByModule(code: string, map: SourceMap, mapDir: string, byFile: boolean): Map<string, Sized> {
  const sizes = new Map<string, Sized>();
  // Sources are relative to the map; resolved, a file of the repository shows its path from the root.
  const owners = map.sources.map((source) => {
    const resolved = source.startsWith('\0') ? source : path.resolve(mapDir, map.sourceRoot ?? '', source);
    return { name: moduleName(resolved, byFile), pkg: packageOf(resolved) };
  });
  const add = (owner: { name: string; pkg?: string }, bytes: number) => {
    const sized = sizes.get(owner.name) ?? { bytes: 0, ...(owner.pkg ? { pkg: owner.pkg } : {}) };
    sized.bytes += bytes;
    sizes.set(owner.name, sized);
  };
  const unmapped = { name: UNMAPPED };
  const lines = code.split('\n');
  const mapped = map.mappings.split(';');
  let source = 0;
  lines.forEach((text, index) => {
    let column = 0;
    let owner: { name: string; pkg?: string } = unmapped;
    const line = mapped[index] ?? '';
    for (const segment of line ? line.split(',') : []) {
      const values = decodeSegment(segment);
      const start = column + values[0]!;
      add(owner, Buffer.byteLength(text.slice(column, start)));
      column = start;
      if (values.length > 1) {
        source += values[1]!;
        owner = owners[source] ?? unmapped;
      } else owner = unmapped;
      // Lines and columns of the source are not needed: skip them, keep the running source index.
    }
    add(owner, Buffer.byteLength(text.slice(column)) + (index < lines.length - 1 ? 1 : 0));
  });
  return sizes;
}

export interface Part {
  name: string;
  /** The package, for code of node_modules; none for Urbana's files and the bundler's glue. */
  pkg?: string;
  /** Minified bytes. */
  raw: number;
  /** Share of the file's gzip bytes as sent. */
  gzip: number;
}

/** A built file split by its map; the bundler's runtime file, which has none, is one part of its own. */
export function analyseFile(file: string, byFile = false): { gzip: number; parts: Part[] } {
  const code = readFileSync(file, 'utf8');
  const { gzip } = sizeOf(file);
  const sizes = existsSync(`${file}.map`)
    ? bytesByModule(code, JSON.parse(readFileSync(`${file}.map`, 'utf8')) as SourceMap, path.dirname(file), byFile)
    : new Map<string, Sized>([[`(${path.basename(file)})`, { bytes: Buffer.byteLength(code) }]]);
  const raw = [...sizes.values()].reduce((sum, sized) => sum + sized.bytes, 0);
  const parts = [...sizes.entries()]
    .map(([name, { bytes, pkg }]) => ({ name, ...(pkg ? { pkg } : {}), raw: bytes, gzip: raw === 0 ? 0 : (gzip * bytes) / raw }))
    .sort((a, b) => b.raw - a.raw);
  return { gzip, parts };
}

/**
 * Builds the browser app (or, with `input`, that entry alone) with the app's Vite config and hidden
 * source maps into `outDir`.
 */
export async function buildWithMaps(root: string, outDir: string, input?: string): Promise<void> {
  const web = path.join(root, 'apps/web');
  await build({
    root: web,
    configFile: path.join(web, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      sourcemap: 'hidden',
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      ...(input ? { rolldownOptions: { input } } : {}),
    },
  });
}

/** The packages whose code lands in a build's files (the framework floor's, for `frameworkPackages`). */
export function packagesIn(files: string[]): Set<string> {
  const found = new Set<string>();
  for (const file of files) {
    if (!existsSync(`${file}.map`)) continue;
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as SourceMap;
    for (const source of map.sources) {
      const pkg = packageOf(source);
      if (pkg) found.add(pkg);
    }
  }
  return found;
}

export interface PageComposition {
  page: string;
  files: number;
  /** gzip bytes as sent, each total the sum of its parts. */
  totalGzip: number;
  frameworkGzip: number;
  librariesGzip: number;
  ownGzip: number;
  /** The other libraries by package, largest first, gzip bytes. */
  libraries: Array<{ name: string; gzip: number }>;
  /** Urbana's own code by module (repository file, glue), largest first, gzip bytes. */
  own: Array<{ name: string; gzip: number }>;
}

const sorted = (totals: Map<string, number>) =>
  [...totals.entries()].map(([name, gzip]) => ({ name, gzip })).sort((a, b) => b.gzip - a.gzip);

/** Splits a page's initial files (in a build with maps) into framework, other libraries and own code. */
export function composePage(
  dist: string,
  page: string,
  modules: string[],
  frameworkPackages: Set<string>,
): PageComposition {
  const files = pageFiles(dist, modules);
  const libraries = new Map<string, number>();
  const own = new Map<string, number>();
  let totalGzip = 0;
  let frameworkGzip = 0;
  for (const file of files) {
    const { gzip, parts } = analyseFile(file);
    totalGzip += gzip;
    for (const part of parts) {
      const { pkg } = part;
      if (pkg && frameworkPackages.has(pkg)) frameworkGzip += part.gzip;
      else if (pkg) libraries.set(pkg, (libraries.get(pkg) ?? 0) + part.gzip);
      else own.set(part.name, (own.get(part.name) ?? 0) + part.gzip);
    }
  }
  const sum = (totals: Map<string, number>) => [...totals.values()].reduce((a, b) => a + b, 0);
  return {
    page,
    files: files.length,
    totalGzip,
    frameworkGzip,
    librariesGzip: sum(libraries),
    ownGzip: sum(own),
    libraries: sorted(libraries),
    own: sorted(own),
  };
}
