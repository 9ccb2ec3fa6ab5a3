import { keyTheFirstEntry } from '../lib/history-key.ts';
import {
  createBrowserRouter,
  matchRoutes,
  type HydrationState,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { legacyRedirects, paths, publicPageList, publicPages } from '@urbana/shared';
import { ErrorPage } from './routes/public/error-page.tsx';
import { LegacyRedirect } from './routes/public/legacy-redirect.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { publicLayout, publicPageModules } from './page-modules.ts';
import { page, publicRoute, route } from './route-kit.ts';

const screenPlayer = page(() => import('./routes/public/screen-player.tsx'));

/** The first segment of a path (`/usuario/planos/:id` → `usuario`). */
const segmentOf = (path: string) => path.split('/')[1] ?? '';

/**
 * The areas whose routes load with their first page (React Router's `patchRoutesOnNavigation`): the
 * customer's area and the staff's, each known by the first segments of its paths in @urbana/shared.
 * A public page then carries neither their routes nor the list of their chunks (docs/decisions/121).
 */
const areas = [
  {
    segments: new Set([...Object.values(paths.usuario), paths.proposta].map(segmentOf)),
    load: async () => (await import('./areas/account-routes.tsx')).accountRoutes,
  },
  {
    segments: new Set(Object.values(paths.admin).map(segmentOf)),
    load: async () => (await import('./areas/admin-routes.tsx')).adminRoutes,
  },
].map((area) => ({ ...area, loaded: undefined as Promise<RouteObject[]> | undefined }));

/** The routes of the area of `pathname`, loaded once; none for a path outside the areas. */
function areaRoutes(pathname: string): Promise<RouteObject[]> | undefined {
  const area = areas.find(({ segments }) => segments.has(segmentOf(pathname)));
  if (!area) return undefined;
  area.loaded ??= area.load().catch((error: unknown) => {
    area.loaded = undefined;
    throw error;
  });
  return area.loaded;
}

const ROOT = 'raiz';

/** Every route of docs/spec/specification.md §2, built from the one table of paths in @urbana/shared. */
export const routes: RouteObject[] = [
  {
    id: ROOT,
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      {
        // Every public page from its row of @urbana/shared's table (public-pages.ts).
        lazy: page(publicLayout),
        children: [
          ...publicPageList.map(publicRoute),
          {
            path: '*',
            lazy: page(publicPageModules.notFound),
            handle: { title: publicPages.notFound.title },
          },
        ],
      },
      route(paths.tela, 'Tela', screenPlayer), // full screen, outside the site's layouts (issue #43)
      ...legacyRedirects.map(([from, to]) => ({ path: from, element: <LegacyRedirect to={to} /> })),
    ],
  },
];

/**
 * Loads the route modules of the page being opened before the router starts, so that the first
 * render is the page itself (the server already asked the browser to fetch those chunks).
 */
export async function preloadRoutes(pathname: string): Promise<void> {
  const area = areaRoutes(pathname);
  // Before the router exists its table is still this array: the area's routes join the root's.
  if (area) addChildren(await area);
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

/** The areas' routes already in the table (before the router starts) or patched into the router. */
const added = new Set<RouteObject[]>();

function addChildren(children: RouteObject[]): void {
  if (added.has(children)) return;
  added.add(children);
  routes[0]!.children = [...routes[0]!.children!, ...children];
}

/** A navigation into an area not loaded yet adds its routes to the router's root, once. */
const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  const area = areaRoutes(path);
  if (!area) return;
  const children = await area;
  if (added.has(children)) return;
  added.add(children);
  patch(ROOT, children);
};

export const createRouter = (options: { hydrationData?: HydrationState } = {}) => {
  keyTheFirstEntry();
  return createBrowserRouter(routes, { ...options, patchRoutesOnNavigation });
};
