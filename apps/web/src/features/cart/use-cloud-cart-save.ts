import { useCallback, useMemo, useRef } from 'react';
import {
  CART_STORAGE_KEY,
  cartMessages,
  cartPastStartLine,
  todayInBrasilia,
  type CartItem,
} from '@urbana/shared';
import { ApiError } from '../../lib/api-client.ts';
import { removeKey, writeJson } from '../../lib/storage.ts';
import { toast } from '../../lib/toast.ts';
import { useSaveCart } from './api.ts';

/** The server refused the lines for a start already past: the cart page says so next to the date. */
const refusedStart = (error: Error, items: readonly CartItem[]) =>
  error instanceof ApiError && error.status === 400 && !!cartPastStartLine(items, todayInBrasilia());

/**
 * A signed-in customer's cart saved to the cloud (specification §8), with the local copy as the
 * fallback of a save that failed. Issue #40 item 2: only the newest save decides what stays on the
 * device, and a save that goes through (the empty cart after an order too) removes the copy, so a
 * refused or lost save never comes back as a ghost cart at the next page load; a start date the server
 * refuses is not a sync failure; a failure is told once until a save goes through again.
 */
export function useCloudCartSave() {
  const newest = useRef<CartItem[] | null>(null);
  const told = useRef(false);

  const settle = useCallback((items: CartItem[], error: Error | null) => {
    // An older save answering late says nothing about the cart now: a newer one is under way or done.
    if (items !== newest.current) return;
    if (!error) {
      removeKey(localStorage, CART_STORAGE_KEY);
      told.current = false;
      return;
    }
    writeJson(localStorage, CART_STORAGE_KEY, items);
    if (refusedStart(error, items) || told.current) return;
    told.current = true;
    toast.error(cartMessages.saveFailed.title, cartMessages.saveFailed.description);
  }, []);
  const { mutate, mutateAsync } = useSaveCart(settle);

  return useMemo(
    () => ({
      /** Saves in the background: a failure keeps the lines locally. */
      save(items: CartItem[]) {
        newest.current = items;
        mutate(items);
      },
      /** The same save, awaited (the upload or merge at sign-in). */
      saveNow(items: CartItem[]) {
        newest.current = items;
        return mutateAsync(items);
      },
      /** At sign-out the account's lines leave the device, and a save still under way must not bring them back. */
      forget() {
        newest.current = null;
        told.current = false;
        removeKey(localStorage, CART_STORAGE_KEY);
      },
    }),
    [mutate, mutateAsync],
  );
}
