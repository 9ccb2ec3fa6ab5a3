import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdvertiserBody, AgencyBody, advertiserSchema, myAgencyResponse } from '@urbana/shared';
import { call } from '../../lib/endpoint-call.ts';
import { adminEndpoints } from '../../lib/endpoints/admin.ts';
import { agencyEndpoints as agency } from '../../lib/endpoints/agency.ts';

export type MyAgency = z.infer<typeof myAgencyResponse>;
export type AdvertiserData = z.infer<typeof advertiserSchema>;

export const agencyKeys = {
  all: ['agencia'] as const,
  mine: ['agencia', 'minha'] as const,
  advertisers: ['agencia', 'anunciantes'] as const,
};

/** GET /api/agencia: the signed-in person's agency (agency null: a direct customer). */
export const useMyAgency = (enabled = true) =>
  useQuery({ queryKey: agencyKeys.mine, queryFn: () => call(agency.mine), enabled });

/** The agency's advertisers; only asked for an agency's person. */
export const useAdvertisers = (enabled: boolean) =>
  useQuery({
    queryKey: agencyKeys.advertisers,
    queryFn: () => call(agency.advertisers),
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
  useAgencyMutation((body: AgencyBody) => call(agency.register, { body }));
export const useAddMember = () =>
  useAgencyMutation((email: string) => call(agency.addMember, { body: { email } }));
export const useCreateAdvertiser = () =>
  useAgencyMutation((body: AdvertiserBody) => call(agency.createAdvertiser, { body }));

/** Staff's pending PIs (GET /api/admin/pis), oldest first. */
export const usePendingInsertionOrders = () =>
  useQuery({
    queryKey: ['admin', 'pis'],
    queryFn: () => call(adminEndpoints.insertionOrders.pending),
  });
