import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdvertiserBody,
  AgencyBody,
  advertiserListResponse,
  advertiserSchema,
  agencyMembersResponse,
  agencySchema,
  myAgencyResponse,
} from '@urbana/shared';
import { endpoints } from '@urbana/shared';
import { api } from '../../lib/api-client.ts';
import { call } from '../../lib/endpoint-call.ts';

export type MyAgency = z.infer<typeof myAgencyResponse>;
export type AdvertiserData = z.infer<typeof advertiserSchema>;

export const agencyKeys = {
  all: ['agencia'] as const,
  mine: ['agencia', 'minha'] as const,
  advertisers: ['agencia', 'anunciantes'] as const,
};

/** GET /api/agencia: the signed-in person's agency (agency null: a direct customer). */
export const useMyAgency = (enabled = true) =>
  useQuery({ queryKey: agencyKeys.mine, queryFn: () => api<MyAgency>('/api/agencia'), enabled });

/** The agency's advertisers; only asked for an agency's person. */
export const useAdvertisers = (enabled: boolean) =>
  useQuery({
    queryKey: agencyKeys.advertisers,
    queryFn: () => api<z.infer<typeof advertiserListResponse>>('/api/agencia/anunciantes'),
    enabled,
  });

function useAgencyMutation<I, O>(run: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: agencyKeys.all }),
  });
}

export const useRegisterAgency = () =>
  useAgencyMutation((body: AgencyBody) =>
    api<z.infer<typeof agencySchema>>('/api/agencia', { method: 'POST', body }),
  );
export const useAddMember = () =>
  useAgencyMutation((email: string) =>
    api<z.infer<typeof agencyMembersResponse>>('/api/agencia/pessoas', { method: 'POST', body: { email } }),
  );
export const useCreateAdvertiser = () =>
  useAgencyMutation((body: AdvertiserBody) =>
    api<AdvertiserData>('/api/agencia/anunciantes', { method: 'POST', body }),
  );

/** Staff's pending PIs (GET /api/admin/pis), oldest first. */
export const usePendingInsertionOrders = () =>
  useQuery({
    queryKey: ['admin', 'pis'],
    queryFn: () => call(endpoints.admin.insertionOrders.pending),
  });
