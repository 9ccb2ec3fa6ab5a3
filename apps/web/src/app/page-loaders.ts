import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { searchApiParams, searchFilterProblem, weeksParam } from '@urbana/shared';
import {
  configQuery,
  featuredQuery,
  networkQuery,
  productQuery,
  searchQuery,
} from '../features/catalog/api.ts';
import { mediaKitQuery } from '../features/media-kit/api.ts';
import { sharedPlanQuery } from '../features/plans/api/use-plans.ts';

/**
 * The reads each public page makes at once, declared once as its route's loader: on the server the
 * page is rendered when they have answered (their answers go into the page, for the browser's query
 * cache); a page the browser renders alone runs them before its first render (startup.ts). In-app
 * navigations leave them to the page's queries, which show their own loading state.
 */
export interface LoaderContext {
  queryClient: QueryClient;
}

type Reads = (client: QueryClient, url: URL, params: LoaderFunctionArgs['params']) => Array<Promise<void>>;

function pageReads(reads: Reads) {
  return async ({ request, params, context }: LoaderFunctionArgs): Promise<null> => {
    // An in-app navigation passes no context: the page's own queries ask, as they always did (asking
    // here too would repeat a refused read).
    const loader = context as Partial<LoaderContext> | undefined;
    if (!loader?.queryClient) return null;
    await Promise.all(reads(loader.queryClient, new URL(request.url), params));
    return null;
  };
}

export const homeLoader = pageReads((client) => [
  client.prefetchQuery(featuredQuery),
  client.prefetchQuery(networkQuery),
]);

export const searchLoader = pageReads((client, url) =>
  // A filter the server would refuse is shown by the page, which asks nothing (issue #16 item 8).
  searchFilterProblem(url.searchParams)
    ? [client.prefetchQuery(configQuery)]
    : [
        client.prefetchQuery(configQuery),
        client.prefetchQuery(searchQuery(searchApiParams(url.searchParams))),
      ],
);

export const productLoader = pageReads((client, url, params) => {
  const weeks = weeksParam(url.searchParams.get('semanas'));
  const start = url.searchParams.get('inicio') ?? undefined;
  return [
    client.prefetchQuery(configQuery),
    client.prefetchQuery(productQuery(params.slug ?? '', start, weeks)),
  ];
});

export const mediaKitLoader = pageReads((client) => [
  client.prefetchQuery(mediaKitQuery),
  client.prefetchQuery(configQuery),
]);

/** A shared plan (issue #23 item 3): its one read; a revoked link's 404 is shown by the page. */
export const sharedPlanLoader = pageReads((client, _url, params) => [
  client.prefetchQuery(sharedPlanQuery(params.token ?? '')),
]);
