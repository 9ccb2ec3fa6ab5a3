import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/endpoint-call.ts';
import { adminKeys } from './admin-api.ts';
import { adminEndpoints } from '../../../lib/endpoints/admin.ts';

const { unmatchedPix } = adminEndpoints;

/** /admin/pedidos, "Pix sem pedido" (issue #41): Pix the PSP received that named no order. */
export const useUnmatchedPix = () =>
  useQuery({
    queryKey: adminKeys.list('pix-sem-pedido', ''),
    queryFn: () => call(unmatchedPix.list),
  });

export function useRefundUnmatchedPix() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(unmatchedPix.refund, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
