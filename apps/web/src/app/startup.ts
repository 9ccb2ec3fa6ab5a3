import type { QueryClient } from '@tanstack/react-query';
import { paths, searchApiParams, searchFilterProblem } from '@urbana/shared';
import { authApi } from '../features/auth/api.ts';
import type { InitialAuth } from '../features/auth/auth-context.tsx';
import {
  configQuery,
  featuredQuery,
  networkQuery,
  productQuery,
  searchQuery,
} from '../features/catalog/api.ts';
import { mediaKitQuery } from '../features/media-kit/api.ts';
import { preloadRoutes } from './router.tsx';

/** How long the first screen may wait for its page's data before showing skeletons instead. */
export const PAGE_DATA_WAIT_MS = 1500;

/**
 * The reads each public page makes at once, asked before the first render (the server asks the
 * browser to preload the same URLs: apps/api/src/plugins/page-preloads.ts).
 */
function pageData(client: QueryClient, url: URL): Array<Promise<void>> {
  const pathname = url.pathname.replace(/\/+$/, '') || '/';
  if (pathname === paths.home) {
    return [client.prefetchQuery(featuredQuery), client.prefetchQuery(networkQuery)];
  }
  if (pathname === paths.buscarLocais) {
    // A filter the server would refuse is shown by the page, which asks nothing (issue #16 item 8).
    if (searchFilterProblem(url.searchParams)) return [client.prefetchQuery(configQuery)];
    return [
      client.prefetchQuery(configQuery),
      client.prefetchQuery(searchQuery(searchApiParams(url.searchParams))),
    ];
  }
  const product = /^\/locais\/([^/]+)$/.exec(pathname);
  if (product) {
    let slug: string;
    try {
      slug = decodeURIComponent(product[1]!);
    } catch {
      return [];
    }
    const weeks = Number(url.searchParams.get('semanas') ?? 4) || 4;
    const start = url.searchParams.get('inicio') ?? undefined;
    return [client.prefetchQuery(configQuery), client.prefetchQuery(productQuery(slug, start, weeks))];
  }
  if (pathname === paths.midiaKit) return [client.prefetchQuery(mediaKitQuery)];
  return [];
}

/**
 * Everything the first screen needs, in parallel: the session (the app waits for it, seed §4), the
 * page's route modules and, for a short while, its data. The first render is then the page itself,
 * in one pass, while index.html's own spinner shows.
 */
export async function prepareStartup(client: QueryClient, url: URL): Promise<InitialAuth> {
  const data = Promise.all(pageData(client, url));
  const [auth] = await Promise.all([
    authApi.session().catch((): InitialAuth => ({ user: null, session: null })),
    // A chunk that fails to load is left to the router, which shows its error page.
    preloadRoutes(url.pathname).catch(() => undefined),
    Promise.race([data, new Promise((resolve) => window.setTimeout(resolve, PAGE_DATA_WAIT_MS))]),
  ]);
  return auth;
}
