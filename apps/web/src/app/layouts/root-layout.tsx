import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { setPageHead } from '../../lib/page-head.ts';
import { useAuth } from '../../features/auth/use-auth.ts';
import type { RouteHandle } from '../route-handle.ts';

// The terms dialog (Radix) is needed only by a signed-in person whose accepted terms are outdated:
// loaded then, not on every first screen (docs/decisions/041-page-budgets.md).
const TermsGate = lazy(() =>
  import('../../features/account/terms-gate.tsx').then((m) => ({ default: m.TermsGate })),
);

function TermsGateWhenOutdated() {
  const { user } = useAuth();
  if (!user?.terms_outdated) return null;
  return (
    <Suspense fallback={null}>
      <TermsGate />
    </Suspense>
  );
}

/** Sets each page's title from its route and restores scroll on navigation. */
export function RootLayout() {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    RouteHandle | undefined;
  const { pathname } = useLocation();
  useEffect(() => {
    if (title?.dynamicTitle) return;
    setPageHead({ title: title?.title ?? null, description: title?.description });
  }, [title, pathname]);
  return (
    <>
      <a
        href="#conteudo"
        className="sr-only z-[70] rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Pular para o conteúdo
      </a>
      <Outlet />
      <TermsGateWhenOutdated />
      <ScrollRestoration />
    </>
  );
}
