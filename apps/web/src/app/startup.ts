import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { authApi } from '../features/auth/api.ts';
import type { InitialAuth } from '../features/auth/auth-context.tsx';
import type { LoaderContext } from './page-loaders.ts';
import { preloadRoutes, routes } from './router.tsx';

/** How long the first screen may wait for its page's data before showing skeletons instead. */
export const PAGE_DATA_WAIT_MS = 1500;

/**
 * The reads the page makes at once: its route loaders (src/app/page-loaders.ts), asked here before
 * the first render when the server did not render the page.
 */
function pageData(client: QueryClient, url: URL): Array<Promise<unknown>> {
  const context: LoaderContext = { queryClient: client };
  return (matchRoutes(routes, url.pathname) ?? []).map(({ route, params }) =>
    typeof route.loader === 'function'
      ? Promise.resolve(route.loader({ request: new Request(url), params, context } as never)).catch(
          () => undefined,
        )
      : Promise.resolve(),
  );
}

/**
 * Everything the first screen needs, in parallel: the session (the app waits for it, docs/spec/specification.md §4), the
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
