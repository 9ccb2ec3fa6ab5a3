import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FiscalDocument } from '@urbana/shared';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-api.ts';

/** /admin/fiscal: the NFS-e queue and "Tentar de novo" (issue #42). */
export const useFiscalQueue = (search: string) =>
  useQuery({
    queryKey: adminKeys.list('fiscal', search),
    queryFn: () => api<{ items: FiscalDocument[] }>(`/api/admin/fiscal${search ? `?${search}` : ''}`),
    placeholderData: keepPreviousData,
  });

export function useRetryFiscal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ message: string }>(`/api/admin/fiscal/${id}/tentar-de-novo`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
