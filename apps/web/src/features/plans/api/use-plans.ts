import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  endpoints,
  type PlanCreateBody,
  type planDetailSchema,
  type planListSchema,
  type planShareSchema,
  type planSummarySchema,
  type sharedPlanSchema,
} from '@urbana/shared';
import { api } from '../../../lib/api-client.ts';
import { call, hrefOf } from '../../../lib/endpoint-call.ts';

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
export const sharedPlanMapUrl = (token: string) => hrefOf(endpoints.sharedPlans.map, { params: { token } });
export const sharedPlanPdfUrl = (token: string) => hrefOf(endpoints.sharedPlans.pdf, { params: { token } });

export const usePlanList = () =>
  useQuery({ queryKey: planKeys.list, queryFn: () => api<PlanList>('/api/planos') });

export const usePlan = (id: string) =>
  useQuery({ queryKey: planKeys.detail(id), queryFn: () => api<PlanDetailData>(`/api/planos/${id}`) });

/** The shared page's one read, also its route loader's (the page is public). */
export const sharedPlanQuery = (token: string) =>
  queryOptions({
    queryKey: planKeys.shared(token),
    queryFn: () => call(endpoints.sharedPlans.read, { params: { token } }),
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

export const useCreatePlan = () =>
  usePlanMutation((body: PlanCreateBody) => api<PlanSummaryData>('/api/planos', { method: 'POST', body }));
export const useRenamePlan = () =>
  usePlanMutation((input: { id: string; name: string }) =>
    api<PlanSummaryData>(`/api/planos/${input.id}`, { method: 'PATCH', body: { name: input.name } }),
  );
export const useDuplicatePlan = () =>
  usePlanMutation((id: string) => api<PlanSummaryData>(`/api/planos/${id}/duplicar`, { method: 'POST' }));
export const useDeletePlan = () =>
  usePlanMutation((id: string) => api<null>(`/api/planos/${id}`, { method: 'DELETE' }));
export const useSharePlan = () =>
  usePlanMutation((id: string) =>
    api<z.infer<typeof planShareSchema>>(`/api/planos/${id}/compartilhar`, { method: 'POST' }),
  );
export const useRevokeShare = () =>
  usePlanMutation((id: string) =>
    api<z.infer<typeof planShareSchema>>(`/api/planos/${id}/compartilhar`, { method: 'DELETE' }),
  );
