/**
 * Server rendering of the public pages (issue #20; docs/decisions/032-react-in-production.md): the
 * route loaders fill a fresh query cache through the API in the same process, React 19's streaming
 * renderer draws the page, and the router's data and the query cache go into the page for the
 * browser to hydrate without asking again. Built with `vite build --ssr` into `apps/web/dist-server/`
 * and called by the API's web plugin (apps/api/src/plugins/ssr.ts).
 */
import { StrictMode } from 'react';
import type * as ReactDomServerEdge from 'react-dom/server.edge';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { dehydrate } from '@tanstack/react-query';
import { App } from './app/app.tsx';
import type { LoaderContext } from './app/page-loaders.ts';
import { createQueryClient } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { setServerFetch } from './lib/api-client.ts';
import { installArrayBufferDetached } from './lib/array-buffer-detached.ts';
import type { ServerState } from './lib/server-state.ts';

export { setServerFetch };

export interface RenderedPage {
  /** The markup of `#root`. */
  html: string;
  /**
   * The resources React hoists (the preload of each first-screen photo, `fetchPriority="high"`), for
   * the document's `<head>`: React puts them first in its markup when it does not draw `<html>`.
   */
  head: string;
  /** The JSON for `<script type="application/json" id="estado-servidor">`, safe inside HTML. */
  state: string;
}

const handler = createStaticHandler(routes);

/**
 * React's web-streams renderer. Node's own build enters an `AsyncLocalStorage` for every render, which
 * on Node 20 makes every later async step of the process carry it, each API answer included
 * (docs/decisions/060-no-async-context-on-every-request.md). Loaded on first use, after the one
 * property it reads when it loads is in place.
 */
let renderer: Promise<typeof ReactDomServerEdge> | undefined;
function streamingRenderer() {
  if (!renderer) {
    installArrayBufferDetached();
    renderer = import('react-dom/server.edge');
  }
  return renderer;
}

/** The `<link>` tags React writes before the page's own markup (its hoisted resources). */
const leadingLinks = /^(?:<link [^>]*>)+/;

/** Escapes what could end the script element or be read as HTML inside it. */
const safeJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

export async function renderPage(href: string): Promise<RenderedPage | null> {
  const queryClient = createQueryClient();
  const context: LoaderContext = { queryClient };
  const result = await handler.query(new Request(href), { requestContext: context as never });
  // A redirect or an answer that is not a page: the plain app handles it.
  if (result instanceof Response) return null;
  // Failed reads are not sent: the browser asks again and shows its own message, as without SSR.
  const cache = queryClient.getQueryCache();
  for (const query of cache.findAll()) if (query.state.status !== 'success') cache.remove(query);
  const url = new URL(href);
  const router = createStaticRouter(handler.dataRoutes, result);
  const { renderToReadableStream } = await streamingRenderer();
  let failure: unknown;
  const stream = await renderToReadableStream(
    <StrictMode>
      <App
        queryClient={queryClient}
        url={url}
        routerElement={<StaticRouterProvider router={router} context={result} hydrate={false} />}
      />
    </StrictMode>,
    {
      onError: (error) => {
        failure ??= error;
      },
    },
  );
  // Everything the page needs was loaded by the loaders: it is sent whole (no streamed fallbacks,
  // whose inline scripts the Content-Security-Policy would refuse).
  await stream.allReady;
  const html = await new Response(stream).text();
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
  const state: ServerState = {
    router: { loaderData: result.loaderData, actionData: result.actionData, errors: result.errors },
    queries: dehydrate(queryClient),
  };
  const head = leadingLinks.exec(html)?.[0] ?? '';
  return { html: html.slice(head.length), head, state: safeJson(state) };
}
