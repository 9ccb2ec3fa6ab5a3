import type { RouteObject } from 'react-router';
import type { PublicPage, PublicPageId } from '@urbana/shared';
import { pageLoader } from './page-loaders.ts';
import { publicPageModules } from './page-modules.ts';
import type { RouteHandle } from './route-handle.ts';

type Lazy = RouteObject['lazy'];
/** A route module exports `Component`; each one is its own chunk. */
export const page = (load: () => Promise<{ Component: React.ComponentType }>): Lazy => load as Lazy;
export const route = (
  path: string,
  title: string,
  lazy: Lazy,
  extra: Partial<RouteHandle> = {},
): RouteObject => ({
  path,
  lazy,
  handle: { title, ...extra },
});

/**
 * A public page's route from its row of @urbana/shared's table: its route id, path, title and
 * description, its module (page-modules.ts) and, when it reads at once, its loader.
 */
export function publicRoute(row: PublicPage & { id: PublicPageId }): RouteObject {
  const handle: RouteHandle = {
    title: row.title,
    ...(row.description ? { description: row.description } : {}),
    ...(row.dynamicTitle ? { dynamicTitle: true } : {}),
  };
  return {
    id: row.id,
    ...(row.path === '/' ? { index: true } : { path: row.path }),
    lazy: page(publicPageModules[row.id]),
    handle,
    ...(row.reads ? { loader: pageLoader(row.reads) } : {}),
  } as RouteObject;
}
