import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

/**
 * A route's page as the app draws it, for a web test: a data router at `url` (so guards such as
 * `useBlocker` work) and a query cache filled with `data` beforehand, never refetched.
 */
export function renderRoute(
  path: string,
  Component: ComponentType,
  { url = path, data = [] }: { url?: string; data?: Array<[QueryKey, unknown]> } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  for (const [key, value] of data) client.setQueryData(key, value);
  const router = createMemoryRouter([{ path, Component }], { initialEntries: [url] });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
