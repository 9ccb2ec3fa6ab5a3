/**
 * The files a page loads at once, from the Vite build manifest: the entry chunk, the route modules
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
