/**
 * Initial JavaScript of a page, from the Vite build manifest: the entry chunk, the route modules
 * that the router loads for that page (each a lazy chunk), and everything they import statically,
 * each file counted once at the size the server sends (its pre-compressed `.gz`).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

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

export interface PageBundle {
  page: string;
  files: number;
  gzipBytes: number;
  rawBytes: number;
}

function gzipSize(file: string): number {
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  return gzipSync(readFileSync(file), { level: 9 }).length;
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
      gzipBytes: files.reduce((sum, file) => sum + gzipSize(file), 0),
      rawBytes: files.reduce((sum, file) => sum + readFileSync(file).length, 0),
    };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = path.resolve(process.argv[2] ?? 'apps/web/dist');
  for (const result of measureBundles(dist)) {
    console.log(
      `JS inicial ${result.page}: ${(result.gzipBytes / 1024).toFixed(1)} kB gzip (${result.files} arquivos, ${(result.rawBytes / 1024).toFixed(1)} kB sem compressão)`,
    );
  }
}
