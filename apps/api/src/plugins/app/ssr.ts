import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { matchPublicPage } from '@urbana/shared';

/** What the web app's server build exports (apps/web/src/entry-server.tsx). */
interface ServerEntry {
  setServerFetch(fetcher: (path: string, init: RequestInit) => Promise<Response>): void;
  /**
   * The page's markup for `#root`, the resources React hoists for `<head>` (absent from a build
   * older than decision 047) and the browser's data.
   */
  renderPage(href: string): Promise<{ html: string; head?: string; state: string } | null>;
}

/**
 * The public pages rendered on the server (issue #20) are those the table of public pages marks `ssr`
 * (@urbana/shared, public-pages.ts): the home page, the search, a product page, the knowledge centre
 * and its articles, the media kit, the creative guide and specs, support; and the not-found page of an
 * unknown path. The user and admin areas stay rendered by the browser behind their guards, so nothing
 * private is ever rendered here.
 */
export const isServerRendered = (pathname: string, known: boolean) =>
  !known || matchPublicPage(pathname)?.page.ssr === true;

/**
 * The web app's server build (`apps/web/dist-server/entry-server.js`, next to the browser's build),
 * which asks the API in the same process, without a network round trip. Undefined when the build is
 * absent: the pages are then rendered by the browser alone. The build (React, the router, every
 * page: ≈ 0.15 s and 15 MB) is imported by the first page that needs it, not at start, so that the
 * API answers sooner after start and an instance that serves only the API never holds it (issue #21).
 */
export function serverRenderer(app: FastifyInstance, webDist: string): ServerEntry['renderPage'] | undefined {
  const entryFile = path.join(webDist, '../dist-server/entry-server.js');
  if (!existsSync(entryFile)) return undefined;
  let loading: Promise<ServerEntry['renderPage']> | undefined;
  return async (href) => {
    loading ??= loadServerRenderer(app, entryFile);
    return (await loading)(href);
  };
}

async function loadServerRenderer(
  app: FastifyInstance,
  entryFile: string,
): Promise<ServerEntry['renderPage']> {
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
