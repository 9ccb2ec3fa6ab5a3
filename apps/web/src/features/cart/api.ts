import { useMutation } from '@tanstack/react-query';
import type { CartItem, CartResponse } from '@urbana/shared';
import { api } from '../../lib/api-client.ts';

export const cartApi = {
  read: () => api<CartResponse>('/api/cart').then((r) => r.products),
  save: (products: CartItem[]) => api<CartResponse>('/api/cart', { method: 'PUT', body: { products } }),
};

/**
 * Saving a signed-in user's cart to the cloud: every change, and the upload or merge at sign-in.
 * `onFailed` gets the lines that did not reach the server (each failed save, not only the last one).
 * `networkMode: 'always'`: offline, the save fails at once and the local fallback takes the lines, as
 * the specification asks, instead of waiting paused for the network (decision 042).
 */
export function useSaveCart(onFailed: (items: CartItem[]) => void) {
  return useMutation({
    mutationFn: cartApi.save,
    networkMode: 'always',
    onError: (_error, items) => onFailed(items),
  });
}
