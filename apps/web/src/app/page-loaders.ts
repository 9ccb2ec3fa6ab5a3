import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import type { PageRead, PublicPage } from '@urbana/shared';
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
 * The reads each public page makes at once are declared in its row of @urbana/shared's table
 * (public-pages.ts) and asked by its route's loader: on the server the page is rendered when they
 * have answered (their answers go into the page, for the browser's query cache); a page the browser
 * renders alone runs them before its first render (startup.ts). In-app navigations leave them to the
 * page's queries, which show their own loading state.
 */
export interface LoaderContext {
  queryClient: QueryClient;
}

/** The web app's query of a page's read: it asks exactly `pageReadPath(read)` (page-loaders.test.ts). */
export function pageReadQuery(read: PageRead) {
  switch (read[0]) {
    case 'config':
      return configQuery;
    case 'featured':
      return featuredQuery;
    case 'network':
      return networkQuery;
    case 'search':
      return searchQuery(read[1]);
    case 'product':
      return productQuery(read[1], read[2] || undefined, read[3]);
    case 'media-kit':
      return mediaKitQuery;
    case 'shared-plan':
      return sharedPlanQuery(read[1]);
  }
}

/** The loader of a page with reads: each read into the query cache the loader's context carries. */
export function pageLoader(reads: NonNullable<PublicPage['reads']>) {
  return async ({ request, params, context }: LoaderFunctionArgs): Promise<null> => {
    // An in-app navigation passes no context: the page's own queries ask, as they always did (asking
    // here too would repeat a refused read).
    const loader = context as Partial<LoaderContext> | undefined;
    if (!loader?.queryClient) return null;
    const client = loader.queryClient;
    await Promise.all(
      reads(new URL(request.url), params).map((read) =>
        client.prefetchQuery(pageReadQuery(read) as Parameters<QueryClient['prefetchQuery']>[0]),
      ),
    );
    return null;
  };
}
