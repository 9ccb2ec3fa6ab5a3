import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-call.ts';
import { plannerEndpoints } from '../../lib/endpoints/planner.ts';

/** GET /api/planner with the query of the page (budget in centavos); the answer is the shared schema's. */
export const plannerQuery = (params: string) =>
  queryOptions({
    queryKey: ['planner', params],
    queryFn: () => call(plannerEndpoints.plan, { query: new URLSearchParams(params) }),
    staleTime: 30_000,
  });

export const usePlanner = (params: string | null) =>
  useQuery({ ...plannerQuery(params ?? ''), enabled: params !== null });
