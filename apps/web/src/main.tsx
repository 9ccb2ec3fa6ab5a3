import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadingTexts } from '@urbana/shared';
import { App } from './app/app.tsx';
import { createQueryClient } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { prepareStartup } from './app/startup.ts';
import { FullPageSpinner } from './components/ui/spinner.tsx';
import { prepareClassMerge } from './lib/cn.ts';
import { hasSessionHint } from './features/auth/auth-context.tsx';
import './index.css';

/** Start-up that takes longer than this shows the seed's loading spinner meanwhile (seed §4). */
const STARTUP_SPINNER_DELAY_MS = 300;

const root = createRoot(document.getElementById('root')!);
const spinner = window.setTimeout(() => {
  root.render(
    <FullPageSpinner label={hasSessionHint() ? loadingTexts.restoringSession : loadingTexts.loading} />,
  );
}, STARTUP_SPINNER_DELAY_MS);

const queryClient = createQueryClient();
const startup = prepareStartup(queryClient, new URL(window.location.href));
// The main thread is idle while the network answers: prepare there what the first render needs.
window.setTimeout(prepareClassMerge, 0);
void startup.then((initialAuth) => {
  // The router (it ranks every route) and the first render in separate tasks, so that neither
  // holds the main thread for long.
  window.clearTimeout(spinner);
  const router = createRouter();
  window.setTimeout(() => {
    root.render(
      <StrictMode>
        <App router={router} queryClient={queryClient} initialAuth={initialAuth} />
      </StrictMode>,
    );
  }, 0);
});
