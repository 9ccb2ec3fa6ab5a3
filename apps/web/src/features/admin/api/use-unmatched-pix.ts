import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UnmatchedPix } from '@urbana/shared';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-api.ts';

/** /admin/pedidos, "Pix sem pedido" (issue #41): Pix the PSP received that named no order. */
export const useUnmatchedPix = () =>
  useQuery({
    queryKey: adminKeys.list('pix-sem-pedido', ''),
    queryFn: () => api<{ items: UnmatchedPix[] }>('/api/admin/pix-sem-pedido'),
  });

export function useRefundUnmatchedPix() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ message: string }>(`/api/admin/pix-sem-pedido/${id}/devolver`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
