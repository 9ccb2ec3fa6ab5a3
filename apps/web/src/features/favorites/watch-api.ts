import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-call.ts';
import { watchesEndpoints } from '../../lib/endpoints/watches.ts';

/** "Avise-me" on favourites (issue #23 item 4): the watched ids, and switching one on or off. */
export const watchesQuery = () =>
  queryOptions({
    queryKey: ['watches'],
    queryFn: () => call(watchesEndpoints.list).then((r) => r.product_ids),
  });

export function useWatches(enabled: boolean) {
  return useQuery({ ...watchesQuery(), enabled });
}

export function useToggleWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, on }: { productId: string; on: boolean }) =>
      call(on ? watchesEndpoints.on : watchesEndpoints.off, { params: { productId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['watches'] }),
  });
}
