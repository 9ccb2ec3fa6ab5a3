import { createContext, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  bookingsOverlap,
  CART_STORAGE_KEY,
  isIsoDate,
  makeCartItemId,
  planCartSync,
  towerCountOnAdd,
  type CartItem,
  type CartTower,
} from '@urbana/shared';
import { authEvents } from '../../lib/auth-events.ts';
import { inBrowser, useHydrated } from '../../lib/hydration.ts';
import { readJson, writeJson } from '../../lib/storage.ts';
import { toast } from '../../lib/toast.ts';
import { cartApi } from './api.ts';
import { useCloudCartSave } from './use-cloud-cart-save.ts';

export interface AddToCartInput {
  product_id: string;
  name: string;
  slug?: string;
  image?: string | null;
  type?: string;
  city?: string;
  state?: string;
  daily_price?: number;
  basePrice?: number;
  weeks?: number;
  startDate?: string | null;
  selectedTowers?: string[];
  isTowerBased?: boolean;
  towers?: CartTower[];
}

export interface CartContextValue {
  items: CartItem[];
  count: number;
  /** True while the cart of a user who just signed in (or came back) is read from the cloud. */
  syncing: boolean;
  /** The new line, or null when the cart already holds this face for an overlapping period. */
  addItem(input: AddToCartInput): CartItem | null;
  /** Several lines in one change (a plan): those that overlap a line already there are left out. */
  addItems(inputs: readonly AddToCartInput[]): { added: CartItem[]; skipped: AddToCartInput[] };
  updateItem(
    id: string,
    patch: Partial<Pick<CartItem, 'weeks' | 'startDate' | 'selectedTowers' | 'towerCount'>>,
  ): void;
  removeItem(id: string): void;
  /** Puts a removed line back where it was ("Desfazer" in the cart). */
  restoreItem(item: CartItem, index: number): void;
  clear(): void;
}

export const CartContext = createContext<CartContextValue | null>(null);

/** A cart line as the shared overlap rule reads it (a line without a start has not been placed). */
function asLine(item: CartItem) {
  return {
    productId: item.product_id ?? item.id,
    towerIds: item.isTowerBased ? (item.selectedTowers ?? []) : [],
    start: item.startDate ?? '',
    weeks: item.weeks ?? 1,
  };
}

const noItems: CartItem[] = [];

function newItem(input: AddToCartInput): CartItem {
  return {
    ...input,
    id: makeCartItemId(input.product_id),
    weeks: input.weeks ?? 1,
    selectedTowers: input.selectedTowers ?? [],
    isTowerBased: input.isTowerBased ?? false,
    towers: input.towers ?? [],
    towerCount: towerCountOnAdd(input),
  };
}

/** One line per face and period (issue #16 item 2): the server refuses such an order anyway. */
function overlapsAny(items: readonly CartItem[], item: CartItem): boolean {
  const placed = (i: CartItem) => isIsoDate(i.startDate ?? '');
  return placed(item) && items.some((o) => placed(o) && bookingsOverlap(asLine(o), asLine(item)));
}

function readLocal(): CartItem[] {
  const value = readJson<unknown>(localStorage, CART_STORAGE_KEY, []);
  return Array.isArray(value) ? (value as CartItem[]) : [];
}

/**
 * What the sign-in sync starts from: the stored cart, or the one on screen when it changed while the
 * cloud answered (an item added right after the page loaded, which a plan made from the cart as it
 * was before wiped).
 */
const syncBase = (before: CartItem[], now: CartItem[], stored: CartItem[]) => (now === before ? stored : now);

/**
 * Specification §4 (docs/spec/specification.md) cart: in local storage for visitors; at sign-in the three sync cases with their toasts;
 * every change of a signed-in user saved to the cloud, with the local copy as fallback on failure.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const [items, setItemsState] = useState<CartItem[]>(() => (inBrowser() ? readLocal() : []));
  const itemsRef = useRef(items);
  const signedIn = useRef(false);
  const [syncing, setSyncing] = useState(false);
  const setItems = useCallback((next: CartItem[]) => {
    itemsRef.current = next;
    setItemsState(next);
  }, []);
  // A server-rendered page hydrates with an empty cart, as the server drew it; the stored one shows
  // in the next render, before the hydrated page is painted.
  const hydrated = useHydrated();
  const cloudSave = useCloudCartSave();

  const syncAtSignIn = useCallback(
    async (announce: boolean) => {
      const [before, stored] = [itemsRef.current, readLocal()];
      // A failed cloud read counts as an empty cloud cart (docs/spec/specification.md §8).
      const cloud = await cartApi.read().catch(() => [] as CartItem[]);
      const plan = planCartSync(syncBase(before, itemsRef.current, stored), cloud);
      if (plan.kind === 'none') {
        setItems([]);
        return;
      }
      if (plan.kind === 'upload' || plan.kind === 'merge') {
        try {
          await cloudSave.saveNow(plan.items);
        } catch {
          // The save kept the local copy (a save that goes through removes it) and said so, unless
          // the server refused a start date, which the cart page shows next to the date.
          setItems(plan.items);
          return;
        }
      }
      setItems(plan.items);
      // On a plain page load of a signed-in user the cart is simply there; the toasts are for sign-in.
      if (announce || plan.kind !== 'restore') toast.success(plan.toast.title, plan.toast.description);
    },
    [setItems, cloudSave],
  );

  useEffect(
    () =>
      authEvents.subscribe((event, user) => {
        if (event === 'SIGNED_OUT') {
          signedIn.current = false;
          cloudSave.forget();
          setItems([]);
          return;
        }
        if ((event !== 'SIGNED_IN' && event !== 'INITIAL_SESSION') || !user) return;
        signedIn.current = true;
        setSyncing(true);
        void syncAtSignIn(event === 'SIGNED_IN').finally(() => setSyncing(false));
      }),
    [syncAtSignIn, setItems, cloudSave],
  );

  const persist = useCallback(
    (next: CartItem[]) => {
      if (signedIn.current) cloudSave.save(next);
      else writeJson(localStorage, CART_STORAGE_KEY, next);
    },
    [cloudSave],
  );

  const mutate = useCallback(
    (change: (current: CartItem[]) => CartItem[]) => {
      const next = change(itemsRef.current);
      setItems(next);
      persist(next);
    },
    [persist, setItems],
  );

  const addItem = useCallback(
    (input: AddToCartInput) => {
      const item = newItem(input);
      if (overlapsAny(itemsRef.current, item)) return null;
      mutate((current) => [...current, item]);
      return item;
    },
    [mutate],
  );

  // A plan's lines go in with one save, so the cloud cart never holds half of it (issue #23 item 2).
  const addItems = useCallback<CartContextValue['addItems']>(
    (inputs) => {
      const added: CartItem[] = [];
      const skipped: AddToCartInput[] = [];
      for (const input of inputs) {
        const item = newItem(input);
        if (overlapsAny([...itemsRef.current, ...added], item)) skipped.push(input);
        else added.push(item);
      }
      if (added.length > 0) mutate((current) => [...current, ...added]);
      return { added, skipped };
    },
    [mutate],
  );

  const updateItem = useCallback<CartContextValue['updateItem']>(
    (id, patch) =>
      mutate((current) => current.map((item) => (item.id === id ? { ...item, ...patch } : item))),
    [mutate],
  );
  const removeItem = useCallback(
    (id: string) => mutate((current) => current.filter((i) => i.id !== id)),
    [mutate],
  );
  const restoreItem = useCallback(
    (item: CartItem, index: number) =>
      mutate((current) =>
        current.some((i) => i.id === item.id)
          ? current
          : [...current.slice(0, index), item, ...current.slice(index)],
      ),
    [mutate],
  );
  const clear = useCallback(() => mutate(() => []), [mutate]);

  const value = useMemo<CartContextValue>(
    () => ({
      items: hydrated ? items : noItems,
      count: hydrated ? items.length : 0,
      syncing,
      addItem,
      addItems,
      updateItem,
      removeItem,
      restoreItem,
      clear,
    }),
    [hydrated, items, syncing, addItem, addItems, updateItem, removeItem, restoreItem, clear],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}
