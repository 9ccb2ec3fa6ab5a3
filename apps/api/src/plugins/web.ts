import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { httpMessages, isKnownAppPath } from '@urbana/shared';
import { pagePreloader } from './page-preloads.ts';

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * other GET answered with index.html (200 for a route the app knows, 404 for an unknown one, which
 * the app renders as its not-found page).
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
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
    const hints = preloads(pathname, new URL(request.url, 'http://localhost'));
    return reply
      .code(isKnownAppPath(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(hints ? indexHtml.replace('</head>', `${hints}</head>`) : indexHtml);
  });
}
