import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { httpMessages, isKnownAppPath } from '@urbana/shared';
import { ReadCache, sendEncoded } from '../../lib/read-cache.ts';
import type { PageHead } from './page-head.ts';
import { scriptsAfterPaint } from './after-paint.ts';
import { pagePreloader } from './page-preloads.ts';
import { isServerRendered, serverRenderer } from './ssr.ts';

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * other GET answered with index.html (200 for a route the app knows, 404 for an unknown one, which
 * the app renders as its not-found page).
 */
export async function registerWeb(
  app: FastifyInstance,
  webDist: string,
  heads?: (pathname: string) => Promise<PageHead>,
  /** The catalogue's read cache: cleared by every booking or product change (decision 013). */
  cache?: ReadCache,
): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) await registerAssets(app, webDist);

  // index.html as read.
  let template: string | undefined;
  // The pages' documents as last sent, each with its compressed bytes made once: this handler is
  // not a route, so @fastify/compress (app.ts) never sees it, and a server-rendered page (46 kB on
  // `/`) travelled uncompressed (docs/decisions/041-page-budgets.md).
  const documents = new ReadCache(60_000, 200);
  const preloads = hasWeb ? pagePreloader(webDist) : () => '';
  const renderPage = hasWeb ? serverRenderer(app, webDist) : undefined;
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (
      pathname.startsWith('/api/') ||
      pathname === '/api' ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.code(404).send({ message: httpMessages.notFound });
    }
    if (!hasWeb) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('O aplicativo web ainda não foi compilado. Rode "npm run build".');
    }
    template ??= await readFile(indexFile, 'utf8');
    // The page and its head are read at once: on a miss each waits on the database.
    const [page, head] = await Promise.all([
      renderPage && isServerRendered(pathname, isKnownAppPath(pathname))
        ? drawnPage(request, pathname, renderPage, cache)
        : null,
      // The page's own title, description and cards replace the generic ones of index.html; if the
      // database cannot be read, the page still opens with the generic ones.
      heads?.(pathname).catch((err: unknown) => {
        request.log.warn({ err }, 'cabeçalho da página sem dados do catálogo');
        return undefined;
      }),
    ]);
    let status = isKnownAppPath(pathname) ? 200 : 404;
    let html = template;
    if (head) {
      status = head.status;
      html = html
        .replace(/<title>[\s\S]*?<\/title>/, '')
        .replace(/<meta\s+name="description"[^>]*>/, '')
        .replace('</head>', `${head.tags}</head>`);
    }
    if (page) {
      html = withHeadResources(html, page.head).replace(
        '<div id="root"></div>',
        `<div id="root">${page.html}</div><script type="application/json" id="estado-servidor">${page.state}</script>`,
      );
    }
    const hints = preloads(pathname, new URL(request.url, 'http://localhost'), page !== null);
    const withHints = hints ? html.replace('</head>', `${hints}</head>`) : html;
    // A page drawn here asks for its scripts after its first paint (after-paint.ts).
    const document = page ? scriptsAfterPaint(withHints) : withHints;
    const cachedDocument = documents.get(request.url);
    const answer = cachedDocument?.body === document ? cachedDocument : documents.set(request.url, document);
    reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    return sendEncoded(request, reply, answer);
  });
}

type DrawnPage = { html: string; head?: string; state: string };

/**
 * The page drawn on the server, with its data for the browser (docs/decisions/032); null when that
 * fails, and the browser renders it as before. Every page rendered here is the same for every
 * visitor (nothing of a session goes in), so a known page is kept with the catalogue's answers and
 * cleared with them.
 */
async function drawnPage(
  request: FastifyRequest,
  pathname: string,
  renderPage: (href: string) => Promise<DrawnPage | null>,
  cache: ReadCache | undefined,
): Promise<DrawnPage | null> {
  const key = `ssr:${request.url}`;
  const cached = cache?.get(key)?.body;
  if (cached) return JSON.parse(cached) as DrawnPage;
  const page = await renderPage(`http://localhost${request.url}`).catch((err: unknown) => {
    request.log.error({ err }, 'falha ao renderizar a página no servidor');
    return null;
  });
  if (page && isKnownAppPath(pathname)) cache?.set(key, JSON.stringify(page));
  return page;
}

/**
 * The resources React hoists out of a page (the preload of each first-screen photo) at the top of
 * the document's head, before its scripts: the photo is then asked first, not queued behind a dozen
 * scripts for the browser's six connections, and is there for the first paint (decision 047). A
 * resource the head already names (page-head.ts preloads a product's photo) is not repeated.
 */
function withHeadResources(html: string, resources = ''): string {
  const missing = (resources.match(/<link [^>]*>/g) ?? []).filter((tag) => {
    const href = /href="([^"]*)"/.exec(tag)?.[1];
    return !href || !html.includes(`href="${href}"`);
  });
  if (missing.length === 0) return html;
  const at = html.indexOf('<script type="module"');
  return at < 0
    ? html.replace('</head>', `${missing.join('')}</head>`)
    : `${html.slice(0, at)}${missing.join('')}\n    ${html.slice(at)}`;
}

/** A file the build wrote in assets/ (`index-AbC123.js`): no folder, no dot in front, nothing encoded. */
const ASSET_PATH = /^\/assets\/[^./%][^/%]*$/;

/**
 * The built files: hashed assets cached for a year, the rest revalidated. The hashed assets are one
 * route, `/assets/*`: listed file by file they were ≈ 370 GET and HEAD routes (every .br and .gz copy
 * too), 60 ms of the start and their share of the idle memory (issue #21). Anything but a plain file
 * name, and a name that is not there, falls through to the not-found handler, as an unlisted path
 * did. The dozen files at the root of the build stay one route each, so that every other path still
 * reaches the pages.
 */
async function registerAssets(app: FastifyInstance, webDist: string): Promise<void> {
  const common = {
    index: false,
    // The build writes .br and .gz copies of every text asset (apps/web/vite.config.ts).
    preCompressed: true,
  } as const;
  await app.register(async (assets) => {
    assets.addHook('onRequest', async (request, reply) => {
      if (!ASSET_PATH.test(request.url.split('?')[0] ?? '')) return reply.callNotFound();
    });
    await assets.register(fastifyStatic, {
      ...common,
      root: path.join(webDist, 'assets'),
      prefix: '/assets/',
      wildcard: true,
      setHeaders: (res) => res.header('cache-control', 'public, max-age=31536000, immutable'),
    });
  });
  await app.register(fastifyStatic, {
    ...common,
    root: webDist,
    wildcard: false,
    globIgnore: ['assets/**'],
    decorateReply: false,
    setHeaders: (res) => res.header('cache-control', 'public, max-age=0, must-revalidate'),
  });
}
