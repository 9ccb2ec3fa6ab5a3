import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  PlanCreateBody,
  planDetailSchema,
  planListSchema,
  planSummarySchema,
  sharedPlanSchema,
} from '@urbana/shared';
import { call, hrefOf } from '../../../lib/endpoint-call.ts';
import { sharedPlansEndpoints } from '../../../lib/endpoints/shared-plans.ts';
import { plansEndpoints as plans } from '../../../lib/endpoints/plans.ts';

export type PlanList = z.infer<typeof planListSchema>;
export type PlanDetailData = z.infer<typeof planDetailSchema>;
export type PlanSummaryData = z.infer<typeof planSummarySchema>;
export type SharedPlanData = z.infer<typeof sharedPlanSchema>;

export const planKeys = {
  all: ['planos'] as const,
  list: ['planos', 'lista'] as const,
  detail: (id: string) => ['planos', 'plano', id] as const,
  shared: (token: string) => ['planos', 'compartilhado', token] as const,
};

/** A shared plan's map and PDF, for links and images. */
export const sharedPlanMapUrl = (token: string) => hrefOf(sharedPlansEndpoints.map, { params: { token } });
export const sharedPlanPdfUrl = (token: string) => hrefOf(sharedPlansEndpoints.pdf, { params: { token } });

export const usePlanList = () => useQuery({ queryKey: planKeys.list, queryFn: () => call(plans.list) });

export const usePlan = (id: string) =>
  useQuery({ queryKey: planKeys.detail(id), queryFn: () => call(plans.detail, { params: { id } }) });

/** The shared page's one read, also its route loader's (the page is public). */
export const sharedPlanQuery = (token: string) =>
  queryOptions({
    queryKey: planKeys.shared(token),
    queryFn: () => call(sharedPlansEndpoints.read, { params: { token } }),
    retry: false,
  });

export const useSharedPlan = (token: string) => useQuery(sharedPlanQuery(token));

function usePlanMutation<I, O>(run: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: planKeys.all }),
  });
}

export const useCreatePlan = () => usePlanMutation((body: PlanCreateBody) => call(plans.create, { body }));
export const useRenamePlan = () =>
  usePlanMutation((input: { id: string; name: string }) =>
    call(plans.rename, { params: { id: input.id }, body: { name: input.name } }),
  );
/** An agency's plan: the advertiser it is for (null: none), decision 116. */
export const usePlanAdvertiser = () =>
  usePlanMutation((input: { id: string; advertiser_id: string | null }) =>
    call(plans.rename, { params: { id: input.id }, body: { advertiser_id: input.advertiser_id } }),
  );
export const useDuplicatePlan = () =>
  usePlanMutation((id: string) => call(plans.duplicate, { params: { id } }));
export const useDeletePlan = () => usePlanMutation((id: string) => call(plans.remove, { params: { id } }));
export const useSharePlan = () => usePlanMutation((id: string) => call(plans.share, { params: { id } }));
export const useRevokeShare = () => usePlanMutation((id: string) => call(plans.unshare, { params: { id } }));
