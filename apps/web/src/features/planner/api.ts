import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-call.ts';
import { endpoints } from '../../lib/api-endpoints.ts';

/** GET /api/planner with the query of the page (budget in centavos); the answer is the shared schema's. */
export const plannerQuery = (params: string) =>
  queryOptions({
    queryKey: ['planner', params],
    queryFn: () => call(endpoints.planner.plan, { query: new URLSearchParams(params) }),
    staleTime: 30_000,
  });

export const usePlanner = (params: string | null) =>
  useQuery({ ...plannerQuery(params ?? ''), enabled: params !== null });
