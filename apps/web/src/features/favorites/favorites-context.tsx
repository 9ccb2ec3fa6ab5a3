import { createContext, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { cartMessages, FAVORITES_STORAGE_KEY, planFavoritesSync } from '@urbana/shared';
import { authEvents } from '../../lib/auth-events.ts';
import { inBrowser, useHydrated } from '../../lib/hydration.ts';
import { readJson, removeKey, writeJson } from '../../lib/storage.ts';
import { toast } from '../../lib/toast.ts';
import { favoritesApi, useFavoriteWrites } from './api.ts';

export interface FavoritesContextValue {
  ids: string[];
  count: number;
  isFavorite(productId: string): boolean;
  add(productId: string): void;
  remove(productId: string): void;
  toggle(productId: string): void;
}

export const FavoritesContext = createContext<FavoritesContextValue | null>(null);

const noIds: string[] = [];

function readLocal(): string[] {
  const value = readJson<unknown>(localStorage, FAVORITES_STORAGE_KEY, []);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * The list a user has once signed in (specification §4): the three sync cases with their toasts. The
 * local list goes up with `upload` (a mutation); if that fails, the local list stays on screen.
 */
async function favoritesAtSignIn(
  announce: boolean,
  upload: (ids: string[]) => Promise<string[]>,
): Promise<string[]> {
  const local = readLocal();
  const stored = await favoritesApi.list().catch(() => [] as string[]);
  const plan = planFavoritesSync(local, stored);
  if (plan.kind === 'none') return [];
  let items = plan.items;
  if (plan.kind === 'upload' || plan.kind === 'merge') {
    try {
      items = await upload(plan.items);
      removeKey(localStorage, FAVORITES_STORAGE_KEY);
    } catch {
      toast.error(cartMessages.favoriteAddFailed.title, cartMessages.favoriteAddFailed.description);
      return plan.items;
    }
  }
  if (announce || plan.kind !== 'restore') toast.success(plan.toast.title, plan.toast.description);
  return items;
}

/**
 * The list a sync gives, with what changed on screen while it ran: a heart tapped while the cloud
 * answered (right after the page loaded) already went to the server and stays, one removed meanwhile
 * stays removed (the sync's list wiped them).
 */
async function keepingChanges(current: () => string[], sync: Promise<string[]>): Promise<string[]> {
  const before = current();
  const synced = await sync;
  const now = current();
  return [...synced, ...now.filter((id) => !synced.includes(id))].filter(
    (id) => now.includes(id) || !before.includes(id),
  );
}

/** Specification §4 (docs/spec/specification.md) favourites: a list of product ids, local for visitors, synced at sign-in. */
export function FavoritesProvider({ children }: { children: ReactNode }) {
  const [ids, setIds] = useState<string[]>(() => (inBrowser() ? readLocal() : []));
  const idsRef = useRef(ids);
  const signedIn = useRef(false);
  // As the cart: the server drew no favourites; the stored ones show before the first paint.
  const hydrated = useHydrated();

  const commit = useCallback((next: string[]) => {
    idsRef.current = next;
    setIds(next);
    if (!signedIn.current) writeJson(localStorage, FAVORITES_STORAGE_KEY, next);
  }, []);
  // A write the server refused is undone on screen (the list is optimistic), with the seed's toast.
  const cloud = useFavoriteWrites({
    add(productId) {
      commit(idsRef.current.filter((id) => id !== productId));
      toast.error(cartMessages.favoriteAddFailed.title, cartMessages.favoriteAddFailed.description);
    },
    remove(productId) {
      if (!idsRef.current.includes(productId)) commit([...idsRef.current, productId]);
      toast.error(cartMessages.favoriteRemoveFailed.title, cartMessages.favoriteRemoveFailed.description);
    },
  });
  const { add: putFavorite, remove: deleteFavorite, upload: uploadFavorites } = cloud;

  const syncAtSignIn = useCallback(
    async (announce: boolean) => {
      const next = await keepingChanges(() => idsRef.current, favoritesAtSignIn(announce, uploadFavorites));
      idsRef.current = next;
      setIds(next);
    },
    [uploadFavorites],
  );

  useEffect(
    () =>
      authEvents.subscribe((event, user) => {
        if (event === 'SIGNED_OUT') {
          signedIn.current = false;
          idsRef.current = [];
          setIds([]);
          removeKey(localStorage, FAVORITES_STORAGE_KEY);
          return;
        }
        if ((event !== 'SIGNED_IN' && event !== 'INITIAL_SESSION') || !user) return;
        signedIn.current = true;
        void syncAtSignIn(event === 'SIGNED_IN');
      }),
    [syncAtSignIn],
  );

  const add = useCallback(
    (productId: string) => {
      // Specification §4 (docs/spec/specification.md): adding an id already present does nothing.
      if (idsRef.current.includes(productId)) return;
      commit([...idsRef.current, productId]);
      if (signedIn.current) putFavorite(productId);
    },
    [commit, putFavorite],
  );

  const remove = useCallback(
    (productId: string) => {
      if (!idsRef.current.includes(productId)) return;
      commit(idsRef.current.filter((id) => id !== productId));
      if (signedIn.current) deleteFavorite(productId);
    },
    [commit, deleteFavorite],
  );

  const value = useMemo<FavoritesContextValue>(() => {
    const shown = hydrated ? ids : noIds;
    return {
      ids: shown,
      count: shown.length,
      isFavorite: (productId) => shown.includes(productId),
      add,
      remove,
      toggle: (productId) => (ids.includes(productId) ? remove(productId) : add(productId)),
    };
  }, [hydrated, ids, add, remove]);
  return <FavoritesContext.Provider value={value}>{children}</FavoritesContext.Provider>;
}
