import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { httpMessages, isKnownAppPath } from '@urbana/shared';
import type { ReadCache } from '../../lib/read-cache.ts';
import type { PageHead } from './page-head.ts';
import { pagePreloader } from './page-preloads.ts';
import { isServerRendered, loadServerRenderer } from './ssr.ts';

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
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of every text asset (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'public, max-age=0, must-revalidate');
        }
      },
    });
  }

  let indexHtml: string | undefined;
  const preloads = hasWeb ? pagePreloader(webDist) : () => '';
  const renderPage = hasWeb ? await loadServerRenderer(app, webDist) : undefined;
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
    indexHtml ??= await readFile(indexFile, 'utf8');
    let status = isKnownAppPath(pathname) ? 200 : 404;
    let html = indexHtml;
    if (heads) {
      // The page's own title, description and cards replace the generic ones of index.html; if the
      // database cannot be read, the page still opens with the generic ones.
      const head = await heads(pathname).catch((err: unknown) => {
        request.log.warn({ err }, 'cabeçalho da página sem dados do catálogo');
        return undefined;
      });
      if (head) {
        status = head.status;
        html = html
          .replace(/<title>[\s\S]*?<\/title>/, '')
          .replace(/<meta\s+name="description"[^>]*>/, '')
          .replace('</head>', `${head.tags}</head>`);
      }
    }
    let serverRendered = false;
    if (renderPage && isServerRendered(pathname, isKnownAppPath(pathname))) {
      // The page drawn on the server, with its data for the browser (docs/decisions/032); if that
      // fails, the browser renders it as before.
      // Every page rendered here is the same for every visitor (nothing of a session goes in), so a
      // known page is kept with the catalogue's answers and cleared with them.
      const key = `ssr:${request.url}`;
      const cached = cache?.get(key)?.body;
      const page = cached
        ? (JSON.parse(cached) as { html: string; state: string })
        : await renderPage(`http://localhost${request.url}`).catch((err: unknown) => {
            request.log.error({ err }, 'falha ao renderizar a página no servidor');
            return null;
          });
      if (page && !cached && isKnownAppPath(pathname)) cache?.set(key, JSON.stringify(page));
      if (page) {
        serverRendered = true;
        html = html.replace(
          '<div id="root"></div>',
          `<div id="root">${page.html}</div><script type="application/json" id="estado-servidor">${page.state}</script>`,
        );
      }
    }
    const hints = preloads(pathname, new URL(request.url, 'http://localhost'), !serverRendered);
    return reply
      .code(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(hints ? html.replace('</head>', `${hints}</head>`) : html);
  });
}
