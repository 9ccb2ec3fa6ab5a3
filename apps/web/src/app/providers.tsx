import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from '../components/ui/toaster.tsx';
import { AuthProvider } from '../features/auth/index.ts';
import { CartProvider } from '../features/cart/index.ts';
import { FavoritesProvider } from '../features/favorites/index.ts';
import { SearchProvider } from '../features/search/index.ts';

/** Seed §9: data fresh for 5 minutes; a failed query is retried once. */
export const QUERY_STALE_TIME_MS = 5 * 60_000;
export const QUERY_RETRY = 1;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_TIME_MS, retry: QUERY_RETRY, refetchOnWindowFocus: false },
    },
  });
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <CartProvider>
          <FavoritesProvider>
            <SearchProvider>{children}</SearchProvider>
          </FavoritesProvider>
        </CartProvider>
      </AuthProvider>
      <Toaster />
    </QueryClientProvider>
  );
}
