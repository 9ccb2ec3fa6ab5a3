import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and while React hydrates a server-rendered page, true from the render right
 * after (before that page is painted) and on a page the browser rendered alone. What the browser
 * keeps (local storage: the cart, the favourites) is shown only once it is true, so the hydrating
 * render is the server's (docs/decisions/032-react-in-production.md).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** Local storage, or nothing on the server. */
export const inBrowser = () => typeof window !== 'undefined';
