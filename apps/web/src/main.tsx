import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createRouter, preloadRoutes } from './app/router.tsx';
import './index.css';

// A failed chunk load is left to the router, which retries it and shows its error page.
void preloadRoutes(window.location.pathname)
  .catch(() => undefined)
  .then(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App router={createRouter()} />
      </StrictMode>,
    );
  });
