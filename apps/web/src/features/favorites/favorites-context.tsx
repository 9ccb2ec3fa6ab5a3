import { createContext, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { cartMessages, FAVORITES_STORAGE_KEY, planFavoritesSync } from '@urbana/shared';
import { authEvents } from '../../lib/auth-events.ts';
import { inBrowser, useHydrated } from '../../lib/hydration.ts';
import { readJson, removeKey, writeJson } from '../../lib/storage.ts';
import { toast } from '../../lib/toast.ts';
import { favoritesApi } from './api.ts';

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

/** Specification §4 (docs/spec/specification.md) favourites: a list of product ids, local for visitors, synced at sign-in. */
export function FavoritesProvider({ children }: { children: ReactNode }) {
  const [ids, setIds] = useState<string[]>(() => (inBrowser() ? readLocal() : []));
  const idsRef = useRef(ids);
  const signedIn = useRef(false);
  // As the cart: the server drew no favourites; the stored ones show before the first paint.
  const hydrated = useHydrated();

  const syncAtSignIn = useCallback(async (announce: boolean) => {
    const local = readLocal();
    const cloud = await favoritesApi.list().catch(() => [] as string[]);
    const plan = planFavoritesSync(local, cloud);
    if (plan.kind === 'none') {
      idsRef.current = [];
      setIds([]);
      return;
    }
    let items = plan.items;
    if (plan.kind === 'upload' || plan.kind === 'merge') {
      try {
        items = await favoritesApi.addMany(plan.items);
        removeKey(localStorage, FAVORITES_STORAGE_KEY);
      } catch {
        toast.error(cartMessages.favoriteAddFailed.title, cartMessages.favoriteAddFailed.description);
        idsRef.current = plan.items;
        setIds(plan.items);
        return;
      }
    }
    idsRef.current = items;
    setIds(items);
    if (announce || plan.kind !== 'restore') toast.success(plan.toast.title, plan.toast.description);
  }, []);

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

  const commit = useCallback((next: string[]) => {
    idsRef.current = next;
    setIds(next);
    if (!signedIn.current) writeJson(localStorage, FAVORITES_STORAGE_KEY, next);
  }, []);

  const add = useCallback(
    (productId: string) => {
      // Specification §4 (docs/spec/specification.md): adding an id already present does nothing.
      if (idsRef.current.includes(productId)) return;
      commit([...idsRef.current, productId]);
      if (!signedIn.current) return;
      favoritesApi.add(productId).catch(() => {
        commit(idsRef.current.filter((id) => id !== productId));
        toast.error(cartMessages.favoriteAddFailed.title, cartMessages.favoriteAddFailed.description);
      });
    },
    [commit],
  );

  const remove = useCallback(
    (productId: string) => {
      if (!idsRef.current.includes(productId)) return;
      commit(idsRef.current.filter((id) => id !== productId));
      if (!signedIn.current) return;
      favoritesApi.remove(productId).catch(() => {
        if (!idsRef.current.includes(productId)) commit([...idsRef.current, productId]);
        toast.error(cartMessages.favoriteRemoveFailed.title, cartMessages.favoriteRemoveFailed.description);
      });
    },
    [commit],
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
