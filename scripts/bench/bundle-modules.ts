/**
 * What each page's initial JavaScript is made of (issue #20, docs/decisions/046-javascript-budgets.md):
 * builds the browser app once more with source maps into a temporary folder, takes the files
 * `bundle.ts` counts for each page, and splits every file by its source map into the modules it
 * came from (a package of node_modules, or a file of the repository).
 *
 * Each module is shown with its minified bytes and its share of the file's gzip size (the file's
 * gzip bytes split in proportion to the minified bytes; gzipping a module alone would count the
 * dictionary it shares with its neighbours twice).
 *
 *   npx tsx scripts/bench/bundle-modules.ts [/ /auth …] [--files]
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { pageFiles, pageModules } from './bundle.ts';

interface SourceMap {
  sources: string[];
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

/** A module's name: the package for code of node_modules, else its path in the repository. */
function moduleName(source: string): string {
  const normalized = source.replace(/\\/g, '/');
  const inModules = normalized.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const [scope, name] = normalized.slice(inModules + 'node_modules/'.length).split('/');
    return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
  }
  const inRepo = normalized.search(/(apps|packages)\//);
  return inRepo >= 0 ? normalized.slice(inRepo) : normalized;
}

/** Minified bytes of a file per module (unmapped bytes — the bundler's glue — under "(sem mapa)"). */
function bytesByModule(code: string, map: SourceMap, byFile: boolean): Map<string, number> {
  const sizes = new Map<string, number>();
  const add = (name: string, bytes: number) => sizes.set(name, (sizes.get(name) ?? 0) + bytes);
  const lines = code.split('\n');
  let source = 0;
  map.mappings.split(';').forEach((line, index) => {
    const text = lines[index] ?? '';
    let column = 0;
    let owner = '(sem mapa)';
    for (const segment of line ? line.split(',') : []) {
      const values = decodeSegment(segment);
      const start = column + values[0]!;
      add(owner, Buffer.byteLength(text.slice(column, start)));
      column = start;
      if (values.length > 1) {
        source += values[1]!;
        const name = map.sources[source] ?? '(sem mapa)';
        owner = byFile ? name.replace(/^.*?((apps|packages|node_modules)\/)/, '$1') : moduleName(name);
      } else owner = '(sem mapa)';
      // Lines and columns of the source are not needed: skip them, keep the running source index.
    }
    add(owner, Buffer.byteLength(text.slice(column)) + 1);
  });
  return sizes;
}

interface Part {
  name: string;
  raw: number;
  gzip: number;
}

function analyseFile(file: string, byFile: boolean): { gzip: number; parts: Part[] } {
  const code = readFileSync(file, 'utf8').replace(/\n\/\/# sourceMappingURL=.*\s*$/, '');
  const gzip = gzipSync(code, { level: 9 }).length;
  // The bundler's own runtime file has no source map.
  const sizes = existsSync(`${file}.map`)
    ? bytesByModule(code, JSON.parse(readFileSync(`${file}.map`, 'utf8')) as SourceMap, byFile)
    : new Map([[`(${path.basename(file)})`, Buffer.byteLength(code)]]);
  const raw = [...sizes.values()].reduce((sum, bytes) => sum + bytes, 0);
  const parts = [...sizes.entries()]
    .map(([name, bytes]) => ({ name, raw: bytes, gzip: (gzip * bytes) / raw }))
    .sort((a, b) => b.raw - a.raw);
  return { gzip, parts };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const args = process.argv.slice(2);
const byFile = args.includes('--files');
const pages = args.filter((arg) => !arg.startsWith('--'));
const outDir = mkdtempSync(path.join(tmpdir(), 'urbana-bundle-'));
try {
  await build({
    root: path.resolve('apps/web'),
    configFile: path.resolve('apps/web/vite.config.ts'),
    logLevel: 'warn',
    build: { sourcemap: true, outDir, emptyOutDir: true },
  });
  for (const page of pages.length ? pages : Object.keys(pageModules)) {
    const modules = pageModules[page];
    if (!modules) throw new Error(`página sem módulos em bundle.ts: ${page}`);
    const totals = new Map<string, number>();
    let pageGzip = 0;
    console.log(`\n== ${page}`);
    for (const file of pageFiles(outDir, modules)) {
      const { gzip, parts } = analyseFile(file, byFile);
      pageGzip += gzip;
      console.log(`  ${path.basename(file)}: ${kb(gzip)} kB gzip`);
      for (const part of parts) {
        totals.set(part.name, (totals.get(part.name) ?? 0) + part.gzip);
        if (part.gzip >= 100) console.log(`    ${kb(part.gzip).padStart(6)}  ${part.name}`);
      }
    }
    console.log(`  -- ${page}: ${kb(pageGzip)} kB gzip, por módulo:`);
    for (const [name, gzip] of [...totals.entries()].sort((a, b) => b[1] - a[1])) {
      if (gzip >= 100) console.log(`    ${kb(gzip).padStart(6)}  ${name}`);
    }
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
