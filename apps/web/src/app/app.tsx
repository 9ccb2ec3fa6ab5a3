import { RouterProvider, type createBrowserRouter } from 'react-router';
import { loadingTexts } from '@urbana/shared';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import type { QueryClient } from '@tanstack/react-query';
import { hasSessionHint, useAuth, type InitialAuth } from '../features/auth/index.ts';
import { AppProviders } from './providers.tsx';

/** Seed §2/§4: the whole app waits behind a spinner until auth is initialised and not loading. */
type Router = ReturnType<typeof createBrowserRouter>;

function AuthGate({ router }: { router: Router }) {
  const { initialized, loading } = useAuth();
  if (!initialized || loading) {
    return (
      <FullPageSpinner label={hasSessionHint() ? loadingTexts.restoringSession : loadingTexts.loading} />
    );
  }
  return <RouterProvider router={router} />;
}

export function App({
  router,
  queryClient,
  initialAuth,
}: {
  router: Router;
  queryClient: QueryClient;
  initialAuth?: InitialAuth;
}) {
  return (
    <AppProviders queryClient={queryClient} initialAuth={initialAuth}>
      <AuthGate router={router} />
    </AppProviders>
  );
}
