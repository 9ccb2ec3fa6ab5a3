import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { paths } from '@urbana/shared';
import { Toaster } from '../components/ui/toaster.tsx';
import { ApiError } from '../lib/api-client.ts';
import { AuthProvider, type InitialAuth } from '../features/auth/index.ts';
import { CartProvider } from '../features/cart/index.ts';
import { FavoritesProvider } from '../features/favorites/favorites-context.tsx';
import { SearchProvider, searchStateFromParams, type SearchState } from '../features/search/index.ts';

/** Specification §9 (docs/spec/specification.md): data fresh for 5 minutes; a failed query is retried once. */
export const QUERY_STALE_TIME_MS = 5 * 60_000;
export const QUERY_RETRY = 1;

/**
 * Only failures are retried (no answer, or a 5xx): a 4xx is the server refusing the request, and the
 * same request gets the same refusal — retrying it only keeps the page waiting (issue #16 item 8).
 */
export function retryFailures(failureCount: number, error: unknown): boolean {
  if (failureCount >= QUERY_RETRY) return false;
  if (error instanceof ApiError) return error.status === 0 || error.status >= 500;
  return true;
}

/**
 * Query and mutation state reaches the components in the microtasks after the change, not in a
 * `setTimeout` (TanStack's default). A button held by `disabled={mutation.isPending}` is then disabled
 * before the browser handles the next click: with the timer, a quick double click (or a busy phone,
 * where input goes before timers) reached the second click first and sent the request twice.
 */
notifyManager.setScheduler(queueMicrotask);

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_TIME_MS, retry: retryFailures, refetchOnWindowFocus: false },
    },
  });
}

/** Opened on the search page, the search context starts as its URL says (no second render). */
function initialSearchState(url: URL | undefined): SearchState | undefined {
  const location = url ?? (typeof window === 'undefined' ? undefined : window.location);
  if (!location) return undefined;
  const { pathname, search } = location;
  if ((pathname.replace(/\/+$/, '') || '/') !== paths.buscarLocais) return undefined;
  return searchStateFromParams(new URLSearchParams(search));
}

export function AppProviders({
  children,
  queryClient,
  initialAuth,
  url,
}: {
  children: ReactNode;
  queryClient: QueryClient;
  /** The session, when start-up already asked for it (src/app/startup.ts). */
  initialAuth?: InitialAuth;
  /** The page's address on the server (the browser reads its own). */
  url?: URL;
}) {
  const [initialSearch] = useState(() => initialSearchState(url));
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider initial={initialAuth}>
        <CartProvider>
          <FavoritesProvider>
            <SearchProvider initial={initialSearch}>{children}</SearchProvider>
          </FavoritesProvider>
        </CartProvider>
      </AuthProvider>
      <Toaster />
    </QueryClientProvider>
  );
}
