import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WatchListResponse } from '@urbana/shared';
import { api } from '../../lib/api-client.ts';

/** "Avise-me" on favourites (issue #23 item 4): the watched ids, and switching one on or off. */
export const watchesQuery = () =>
  queryOptions({
    queryKey: ['watches'],
    queryFn: () => api<WatchListResponse>('/api/watches').then((r) => r.product_ids),
  });

export function useWatches(enabled: boolean) {
  return useQuery({ ...watchesQuery(), enabled });
}

export function useToggleWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, on }: { productId: string; on: boolean }) =>
      api<void>(`/api/favorites/${encodeURIComponent(productId)}/watch`, { method: on ? 'PUT' : 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['watches'] }),
  });
}
