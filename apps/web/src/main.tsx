import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { loadingTexts } from '@urbana/shared';
import { App } from './app/app.tsx';
import { createQueryClient } from './app/providers.tsx';
import { createRouter, preloadRoutes } from './app/router.tsx';
import { prepareStartup } from './app/startup.ts';
import { FullPageSpinner } from './components/ui/spinner.tsx';
import { readServerState, type ServerState } from './lib/server-state.ts';
import { hasSessionHint } from './features/auth/auth-context.tsx';
import './index.css';

/** Start-up that takes longer than this shows the seed's loading spinner meanwhile (docs/spec/specification.md §4). */
const STARTUP_SPINNER_DELAY_MS = 300;

const container = document.getElementById('root')!;
const queryClient = createQueryClient();
const serverState = readServerState();

if (serverState) void hydratePage(serverState);
else startClientOnly();

/**
 * A page the server rendered (apps/web/src/entry-server.tsx): its data is already in the page, so
 * the browser loads the page's route modules and hydrates what is on screen, asking nothing again.
 */
async function hydratePage(state: ServerState) {
  hydrate(queryClient, state.queries);
  // A chunk that fails to load is left to the router, which shows its error page.
  await preloadRoutes(window.location.pathname).catch(() => undefined);
  const router = createRouter({ hydrationData: state.router });
  hydrateRoot(
    container,
    <StrictMode>
      <App router={router} queryClient={queryClient} url={new URL(window.location.href)} />
    </StrictMode>,
  );
}

function startClientOnly() {
  const root = createRoot(container);
  const spinner = window.setTimeout(() => {
    root.render(
      <FullPageSpinner label={hasSessionHint() ? loadingTexts.restoringSession : loadingTexts.loading} />,
    );
  }, STARTUP_SPINNER_DELAY_MS);

  const startup = prepareStartup(queryClient, new URL(window.location.href));
  void startup.then((initialAuth) => {
    // The router (it ranks every route) and the first render in separate tasks, so that neither
    // holds the main thread for long.
    window.clearTimeout(spinner);
    const router = createRouter();
    // The page's loaders only start its reads in the browser: the router is ready a moment later.
    const ready = router.state.initialized
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const stop = router.subscribe((state) => {
            if (!state.initialized) return;
            stop();
            resolve();
          });
        });
    void ready.then(() =>
      window.setTimeout(() => {
        root.render(
          <StrictMode>
            <App router={router} queryClient={queryClient} initialAuth={initialAuth} />
          </StrictMode>,
        );
      }, 0),
    );
  });
}
