import type { RouteObject } from 'react-router';
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
