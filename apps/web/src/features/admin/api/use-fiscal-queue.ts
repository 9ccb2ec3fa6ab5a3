import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/endpoint-call.ts';
import { queryFromSearch } from '../../../lib/search-query.ts';
import { adminKeys } from './admin-api.ts';
import { adminEndpoints } from '../../../lib/endpoints/admin.ts';

const { fiscal } = adminEndpoints;

/** /admin/fiscal: the NFS-e queue and "Tentar de novo" (issue #42). */
export const useFiscalQueue = (search: string) =>
  useQuery({
    queryKey: adminKeys.list('fiscal', search),
    queryFn: () => call(fiscal.queue, { query: queryFromSearch(fiscal.queue, search) }),
    placeholderData: keepPreviousData,
  });

export function useRetryFiscal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(fiscal.retry, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
