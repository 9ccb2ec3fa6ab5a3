import { api } from '../../lib/api-client.ts';

export const favoritesApi = {
  list: () => api<{ product_ids: string[] }>('/api/favorites').then((r) => r.product_ids),
  addMany: (productIds: string[]) =>
    api<{ product_ids: string[] }>('/api/favorites', {
      method: 'POST',
      body: { product_ids: productIds },
    }).then((r) => r.product_ids),
  add: (productId: string) => api<void>(`/api/favorites/${encodeURIComponent(productId)}`, { method: 'PUT' }),
  remove: (productId: string) =>
    api<void>(`/api/favorites/${encodeURIComponent(productId)}`, { method: 'DELETE' }),
};
