/**
 * Server rendering of the public pages (issue #20; docs/decisions/032-react-in-production.md): the
 * route loaders fill a fresh query cache through the API in the same process, React 19's string
 * renderer draws the page, and the router's data and the query cache go into the page for the
 * browser to hydrate without asking again. Built with `vite build --ssr` into `apps/web/dist-server/`
 * and called by the API's web plugin (apps/api/src/plugins/ssr.ts).
 */
import { StrictMode } from 'react';
import type * as ReactDomServer from 'react-dom/server.browser';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { dehydrate } from '@tanstack/react-query';
import { App } from './app/app.tsx';
import type { LoaderContext } from './app/page-loaders.ts';
import { createQueryClient } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { setServerFetch } from './lib/api-client.ts';
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
 * React's string renderer (`renderToString`, from the package's browser build, which neither enters
 * an `AsyncLocalStorage` for the render — Node's own build does, and on Node 20 every later async step
 * of the process then carries it, docs/decisions/060-no-async-context-on-every-request.md — nor
 * encodes each bit of markup to bytes to be decoded again, as the web-streams renderer did:
 * docs/decisions/064-pages-drawn-as-strings.md). Everything a page shows was loaded by its route's
 * loaders before it is drawn, so nothing suspends and the page is whole. Loaded on first use.
 */
let renderer: Promise<typeof ReactDomServer> | undefined;
const stringRenderer = () => (renderer ??= import('react-dom/server.browser'));

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
  const { renderToString } = await stringRenderer();
  // A render that throws fails the whole page (the caller sends the plain app instead).
  const html = renderToString(
    <StrictMode>
      <App
        queryClient={queryClient}
        url={url}
        routerElement={<StaticRouterProvider router={router} context={result} hydrate={false} />}
      />
    </StrictMode>,
  );
  const state: ServerState = {
    router: { loaderData: result.loaderData, actionData: result.actionData, errors: result.errors },
    queries: dehydrate(queryClient),
  };
  const head = leadingLinks.exec(html)?.[0] ?? '';
  return { html: html.slice(head.length), head, state: safeJson(state) };
}
