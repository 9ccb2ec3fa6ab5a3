/**
 * What each page's initial JavaScript is made of, module by module (issue #20,
 * docs/decisions/046-javascript-budgets.md, 117): builds the browser app once more with hidden source
 * maps into a temporary folder, takes the files `page-files.ts` counts for each page, and splits every
 * file by its source map into the modules it came from (a package of node_modules, or a file of the
 * repository; with `--files`, every file of the packages too). `npm run bench:bundle` sorts the same
 * modules into the framework, the other libraries and Urbana's own code (page-composition.ts).
 *
 * Each module is shown with its share of the file's gzip size as sent (the file's `.gz` bytes split in
 * proportion to the minified bytes; gzipping a module alone would count the dictionary it shares with
 * its neighbours twice).
 *
 *   npx tsx scripts/bench/bundle-modules.ts [/ /auth …] [--files]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { analyseFile, buildWithMaps } from './page-composition.ts';
import { pageFiles, pageModules } from './page-files.ts';

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const args = process.argv.slice(2);
const byFile = args.includes('--files');
const pages = args.filter((arg) => !arg.startsWith('--'));
const outDir = mkdtempSync(path.join(tmpdir(), 'urbana-bundle-'));
try {
  await buildWithMaps(path.resolve(import.meta.dirname, '../..'), outDir);
  for (const page of pages.length ? pages : Object.keys(pageModules)) {
    const modules = pageModules[page];
    if (!modules) throw new Error(`página sem módulos em page-files.ts: ${page}`);
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
