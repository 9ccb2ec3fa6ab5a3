import { useMutation } from '@tanstack/react-query';
import { type CartItem } from '@urbana/shared';
import { call } from '../../lib/endpoint-call.ts';
import { cartEndpoints } from '../../lib/endpoints/cart.ts';

export const cartApi = {
  read: () => call(cartEndpoints.read).then((r) => r.products),
  save: (products: CartItem[]) => call(cartEndpoints.save, { body: { products } }),
};

/**
 * Saving a signed-in user's cart to the cloud: every change, and the upload or merge at sign-in.
 * `onSettled` gets the lines of each save with its error (null when the server kept them), so the
 * caller can tell the newest save from older ones answering late.
 * `networkMode: 'always'`: offline, the save fails at once and the local fallback takes the lines, as
 * the specification asks, instead of waiting paused for the network (decision 042).
 */
export function useSaveCart(onSettled: (items: CartItem[], error: Error | null) => void) {
  return useMutation({
    mutationFn: cartApi.save,
    networkMode: 'always',
    onSettled: (_data, error, items) => onSettled(items, error),
  });
}
