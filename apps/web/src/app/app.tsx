import type { ReactNode } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { loadingTexts } from '@urbana/shared';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import type { QueryClient } from '@tanstack/react-query';
import { hasSessionHint, useAuth, type InitialAuth } from '../features/auth/index.ts';
import { useHydrated } from '../lib/hydration.ts';
import { AppProviders } from './providers.tsx';

type Router = ReturnType<typeof createBrowserRouter>;

const sessionLabel = () => (hasSessionHint() ? loadingTexts.restoringSession : loadingTexts.loading);

/**
 * Specification §2/§4 (docs/spec/specification.md): the app waits behind a spinner until auth is initialised and not loading. A page the
 * server rendered is already on screen: it stays, and the same words show in a status at the top
 * until the session has answered (docs/decisions/032-react-in-production.md).
 */
function AuthGate({ children, serverRendered }: { children: ReactNode; serverRendered: boolean }) {
  const { initialized, loading } = useAuth();
  const waiting = !initialized || loading;
  // The status is not part of the server's HTML: it appears once the page is hydrated.
  const hydrated = useHydrated();
  if (!serverRendered) return waiting ? <FullPageSpinner label={sessionLabel()} /> : children;
  return (
    <>
      {waiting && hydrated ? (
        <p
          role="status"
          className="fixed inset-x-0 top-0 z-[80] mx-auto w-fit rounded-b-md bg-white px-3 py-1 text-xs text-slate-600 shadow"
        >
          {sessionLabel()}
        </p>
      ) : null}
      {children}
    </>
  );
}

/**
 * A server-rendered page is on screen before React has hydrated it, and until then its buttons and
 * fields do nothing (a click is lost, typed words are not seen by the page). Meanwhile the whole app
 * says so: `aria-disabled` on a wrapper that takes no box, dropped by the render right after
 * hydration. Assistive technology announces the controls as unavailable for that moment, and
 * automation waits for them instead of clicking into nothing. Links keep working as plain links.
 */
function UntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <div className="contents" aria-disabled={hydrated ? undefined : true}>
      {children}
    </div>
  );
}

export function App({
  router,
  routerElement,
  queryClient,
  initialAuth,
  url,
}: {
  /** The browser's router; on the server, `routerElement` renders the page instead. */
  router?: Router;
  routerElement?: ReactNode;
  queryClient: QueryClient;
  initialAuth?: InitialAuth;
  /** The page's address, when it is rendered (or was, for hydration) on the server. */
  url?: URL;
}) {
  const serverRendered = url !== undefined;
  return (
    <AppProviders queryClient={queryClient} initialAuth={initialAuth} url={url}>
      <UntilHydrated>
        <AuthGate serverRendered={serverRendered}>
          {routerElement ?? (router ? <RouterProvider router={router} /> : null)}
        </AuthGate>
      </UntilHydrated>
    </AppProviders>
  );
}
