import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlannerResponse } from '@urbana/shared';
import { api } from '../../lib/api-client.ts';

/** GET /api/planner with the query of the page (budget in centavos); the answer is the shared schema's. */
export const plannerQuery = (params: string) =>
  queryOptions({
    queryKey: ['planner', params],
    queryFn: () => api<PlannerResponse>(`/api/planner?${params}`),
    staleTime: 30_000,
  });

export const usePlanner = (params: string | null) =>
  useQuery({ ...plannerQuery(params ?? ''), enabled: params !== null });
