import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  decodePageParams,
  endpoints,
  endpointUrl,
  matchPublicPage,
  pageReadPath,
  publicPageList,
  type PublicPageId,
} from '@urbana/shared';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const readJson = <T>(file: string): T | undefined =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;

/**
 * Head tags that let the browser fetch, in parallel with the entry script, the route chunks and the
 * API answers a page needs (otherwise each waits for the script that asks for it): a shorter
 * critical path for the first visit of the public pages drawn on the server. The pages, their reads
 * and whether they are drawn here come from the table of public pages (@urbana/shared,
 * public-pages.ts); the chunks of each route id from the build (`.vite/pages.json`, written beside
 * Vite's manifest by apps/web/vite.config.ts).
 */
export function pagePreloader(
  webDist: string,
): (pathname: string, url: URL, drawnOnServer?: boolean) => string {
  const manifest = readJson<Record<string, ManifestChunk>>(path.join(webDist, '.vite/manifest.json'));
  if (!manifest) return () => '';
  // The manifest's keys of the modules each route id loads (its layout's and its page's).
  const pageModules =
    readJson<Partial<Record<PublicPageId, string[]>>>(path.join(webDist, '.vite/pages.json')) ?? {};
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  // Files the entry already brings (index.html preloads them).
  const loaded = new Set<string>();
  const closure = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) return;
    into.add(key);
    for (const imported of chunk.imports ?? []) closure(imported, into);
  };
  if (entryKey) closure(entryKey, loaded);

  // Each page's tags made once, at the browser's usual priority and at low priority.
  const moduleTags = new Map<PublicPageId, { usual: string; low: string }>();
  for (const page of publicPageList) {
    if (!page.ssr) continue;
    const keys = new Set<string>();
    for (const module of pageModules[page.id] ?? []) closure(module, keys);
    const files = [...keys].filter((key) => !loaded.has(key)).map((key) => escapeAttr(manifest[key]!.file));
    const tags = (priority: string) =>
      files.map((file) => `<link rel="modulepreload"${priority} crossorigin href="/${file}">`).join('');
    moduleTags.set(page.id, { usual: tags(''), low: tags(' fetchpriority="low"') });
  }

  // A page drawn on the server carries its data (plugins/app/ssr.ts): only its modules are
  // preloaded, at low priority, and the document asks for them after its first paint
  // (after-paint.ts, docs/decisions/061-scripts-after-the-first-paint.md).
  return (pathname, url, drawnOnServer = false) => {
    // Every page starts by asking for the session (the app waits for it before the first screen).
    const session = `<link rel="preload" as="fetch" crossorigin href="${endpointUrl(endpoints.auth.session)}">`;
    const found = matchPublicPage(pathname);
    if (!found?.page.ssr) return session;
    const { page, rawParams } = found;
    let data: string[] = [];
    try {
      if (!drawnOnServer && page.reads) data = page.reads(url, decodePageParams(rawParams)).map(pageReadPath);
    } catch {
      data = [];
    }
    const dataTags = data
      .map((href) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttr(href)}">`)
      .join('');
    const modules = moduleTags.get(page.id);
    return `${session}${(drawnOnServer ? modules?.low : modules?.usual) ?? ''}${dataTags}`;
  };
}
