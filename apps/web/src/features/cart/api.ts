import type { CartItem } from '@urbana/shared';
import { api } from '../../lib/api-client.ts';

export const cartApi = {
  read: () => api<{ products: CartItem[] }>('/api/cart').then((r) => r.products),
  save: (products: CartItem[]) =>
    api<{ products: CartItem[] }>('/api/cart', { method: 'PUT', body: { products } }),
};
