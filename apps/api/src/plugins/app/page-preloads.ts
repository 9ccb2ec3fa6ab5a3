import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  endpoints,
  endpointUrl,
  paths,
  searchApiParams,
  searchFilterProblem,
  weeksParam,
} from '@urbana/shared';

const { catalog } = endpoints;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const PUBLIC_LAYOUT = 'src/app/layouts/public-layout.tsx';

interface PagePreload {
  pattern: RegExp;
  /** The route modules the web app's router loads for the page (apps/web/src/app/router.tsx). */
  modules: string[];
  /** The API reads the page makes at once, exactly as the web app asks for them. */
  data(url: URL, match: RegExpExecArray): string[];
}

const pages: PagePreload[] = [
  {
    pattern: /^\/$/,
    modules: [PUBLIC_LAYOUT, 'src/app/routes/public/home.tsx'],
    data: () => [endpointUrl(catalog.featured), endpointUrl(catalog.network)],
  },
  {
    pattern: new RegExp(`^${paths.buscarLocais}/?$`),
    modules: [PUBLIC_LAYOUT, 'src/app/routes/public/search.tsx'],
    // A filter the server would refuse is shown by the page, which then asks nothing (issue #16 item 8).
    data: (url) =>
      searchFilterProblem(url.searchParams)
        ? [endpointUrl(catalog.config)]
        : [
            endpointUrl(catalog.config),
            `${endpointUrl(catalog.search)}?${searchApiParams(url.searchParams)}`,
          ],
  },
  {
    pattern: /^\/locais\/([^/]+)\/?$/,
    modules: [PUBLIC_LAYOUT, 'src/app/routes/public/product.tsx'],
    data: (url, match) => {
      const weeks = weeksParam(url.searchParams.get('semanas'));
      const start = url.searchParams.get('inicio');
      const slug = decodeURIComponent(match[1]!);
      return [
        endpointUrl(catalog.product, { slug }, { semanas: weeks, inicio: start }),
        endpointUrl(catalog.config),
      ];
    },
  },
  {
    pattern: new RegExp(`^${paths.central}/?$`),
    modules: [PUBLIC_LAYOUT, 'src/app/routes/public/knowledge-centre.tsx'],
    data: () => [],
  },
  {
    pattern: new RegExp(`^${paths.central}/[A-Za-z0-9_-]+/?$`),
    modules: [PUBLIC_LAYOUT, 'src/app/routes/public/knowledge-article.tsx'],
    data: () => [],
  },
  {
    pattern: new RegExp(`^${paths.midiaKit}/?$`),
    modules: [PUBLIC_LAYOUT, 'src/app/routes/public/media-kit.tsx'],
    data: () => [endpointUrl(endpoints.mediaKit.read)],
  },
];

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Head tags that let the browser fetch, in parallel with the entry script, the route chunks and the
 * API answers a page needs (otherwise each waits for the script that asks for it): a shorter
 * critical path for the first visit of the main public pages.
 */
export function pagePreloader(
  webDist: string,
): (pathname: string, url: URL, drawnOnServer?: boolean) => string {
  const manifestFile = path.join(webDist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) return () => '';
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
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
  const moduleTags = new Map<PagePreload, { usual: string; low: string }>();
  for (const page of pages) {
    const keys = new Set<string>();
    for (const module of page.modules) closure(module, keys);
    const files = [...keys].filter((key) => !loaded.has(key)).map((key) => escapeAttr(manifest[key]!.file));
    const tags = (priority: string) =>
      files.map((file) => `<link rel="modulepreload"${priority} crossorigin href="/${file}">`).join('');
    moduleTags.set(page, { usual: tags(''), low: tags(' fetchpriority="low"') });
  }

  // A page drawn on the server carries its data (plugins/app/ssr.ts): only its modules are
  // preloaded, at low priority, and the document asks for them after its first paint
  // (after-paint.ts, docs/decisions/061-scripts-after-the-first-paint.md).
  return (pathname, url, drawnOnServer = false) => {
    // Every page starts by asking for the session (the app waits for it before the first screen).
    const session = `<link rel="preload" as="fetch" crossorigin href="${endpointUrl(endpoints.auth.session)}">`;
    for (const page of pages) {
      const match = page.pattern.exec(pathname);
      if (!match) continue;
      let data: string[] = [];
      try {
        if (!drawnOnServer) data = page.data(url, match);
      } catch {
        data = [];
      }
      const dataTags = data
        .map((href) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttr(href)}">`)
        .join('');
      const modules = moduleTags.get(page);
      return `${session}${(drawnOnServer ? modules?.low : modules?.usual) ?? ''}${dataTags}`;
    }
    return session;
  };
}
