import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import type { RouteHandle } from '../router.tsx';

/** Sets each page's title from its route and restores scroll on navigation. */
export function RootLayout() {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    RouteHandle | undefined;
  useEffect(() => {
    if (title?.dynamicTitle) return;
    document.title = title ? `${title.title} | Urbana` : 'Urbana — mídia exterior';
  }, [title]);
  return (
    <>
      <a
        href="#conteudo"
        className="sr-only z-[70] rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Pular para o conteúdo
      </a>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
