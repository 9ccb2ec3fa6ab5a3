import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignReport } from '@urbana/shared';
import { api } from '../../lib/api-client.ts';

/** The campaign report of one of the user's finished orders (issue #23 item 5). */
export const campaignReportQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['campaign-report', orderId],
    queryFn: () => api<CampaignReport>(`/api/orders/${encodeURIComponent(orderId)}/relatorio`),
  });

export function useCampaignReport(orderId: string) {
  return useQuery(campaignReportQuery(orderId));
}

export const campaignReportPdfUrl = (orderId: string) =>
  `/api/orders/${encodeURIComponent(orderId)}/relatorio.pdf`;
