import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, hrefOf } from '../../lib/endpoint-call.ts';
import { ordersEndpoints as orders } from '../../lib/endpoints/orders.ts';

/** The campaign report of one of the user's finished orders (issue #23 item 5). */
export const campaignReportQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['campaign-report', orderId],
    queryFn: () => call(orders.report, { params: { id: orderId } }),
  });

export function useCampaignReport(orderId: string) {
  return useQuery(campaignReportQuery(orderId));
}

export const campaignReportPdfUrl = (orderId: string) =>
  hrefOf(orders.reportPdf, { params: { id: orderId } });
