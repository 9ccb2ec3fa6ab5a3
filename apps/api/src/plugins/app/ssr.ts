import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { paths } from '@urbana/shared';

/** What the web app's server build exports (apps/web/src/entry-server.tsx). */
interface ServerEntry {
  setServerFetch(fetcher: (path: string, init: RequestInit) => Promise<Response>): void;
  renderPage(href: string): Promise<{ html: string; state: string } | null>;
}

/**
 * The public pages rendered on the server (issue #20): the home page, the search, a product page,
 * the knowledge centre and its articles, the media kit, the creative guide and specs, support and
 * the not-found page. The user and admin areas stay rendered by the browser behind their guards,
 * so nothing private is ever rendered here.
 */
const serverRendered = [
  /^\/$/,
  new RegExp(`^${paths.buscarLocais}/?$`),
  /^\/locais\/[^/]+\/?$/,
  new RegExp(`^${paths.central}(/[A-Za-z0-9_-]+)?/?$`),
  new RegExp(`^(${paths.midiaKit}|${paths.guiaCriacao}|${paths.especificacoesCriacao}|${paths.suporte})/?$`),
];

export const isServerRendered = (pathname: string, known: boolean) =>
  !known || serverRendered.some((pattern) => pattern.test(pathname));

/**
 * Loads the web app's server build (`apps/web/dist-server/entry-server.js`, next to the browser's
 * build) and lets it ask the API in the same process, without a network round trip. Undefined when
 * the build is absent: the pages are then rendered by the browser alone.
 */
export async function loadServerRenderer(
  app: FastifyInstance,
  webDist: string,
): Promise<ServerEntry['renderPage'] | undefined> {
  const entryFile = path.join(webDist, '../dist-server/entry-server.js');
  if (!existsSync(entryFile)) return undefined;
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  entry.setServerFetch(async (url, init) => {
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: { accept: 'application/json' },
    });
    return new Response(answer.statusCode === 204 ? null : answer.body, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  });
  return (href) => entry.renderPage(href);
}
