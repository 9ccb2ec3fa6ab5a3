import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-call.ts';
import { favoritesEndpoints as favorites } from '../../lib/endpoints/favorites.ts';

export const favoritesApi = {
  list: () => call(favorites.list).then((r) => r.product_ids),
  addMany: (productIds: string[]) =>
    call(favorites.addMany, { body: { product_ids: productIds } }).then((r) => r.product_ids),
  add: (productId: string) => call(favorites.add, { params: { productId } }),
  remove: (productId: string) => call(favorites.remove, { params: { productId } }),
};

/**
 * A signed-in user's favourites written to the cloud: one added, one removed (each undone on screen by
 * `onFailed` when the server refuses), and the upload or merge of the local list at sign-in.
 * `networkMode: 'always'`, as the cart: offline, a write fails at once and is undone, not paused.
 */
export function useFavoriteWrites(onFailed: {
  add(productId: string): void;
  remove(productId: string): void;
}) {
  const options = { networkMode: 'always' } as const;
  const add = useMutation({
    ...options,
    mutationFn: favoritesApi.add,
    onError: (_e, id) => onFailed.add(id),
  });
  const remove = useMutation({
    ...options,
    mutationFn: favoritesApi.remove,
    onError: (_e, id) => onFailed.remove(id),
  });
  const upload = useMutation({ ...options, mutationFn: favoritesApi.addMany });
  return { add: add.mutate, remove: remove.mutate, upload: upload.mutateAsync };
}
