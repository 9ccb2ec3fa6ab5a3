import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Invoice, type InvoiceFilters } from '@urbana/shared';
import { saveFile } from '../../lib/api-client.ts';
import { call, callFile } from '../../lib/endpoint-call.ts';
import { billingEndpoints as billing } from '../../lib/endpoints/billing.ts';

export const invoicesQuery = (filters: InvoiceFilters) =>
  queryOptions({
    queryKey: ['invoices', filters],
    queryFn: () =>
      call(billing.invoices, {
        query: { status: filters.status ?? undefined, year: filters.year || undefined },
      }).then((r) => r.items),
  });
export const useInvoices = (filters: InvoiceFilters) => useQuery(invoicesQuery(filters));

export const invoiceSummaryQuery = queryOptions({
  queryKey: ['invoices', 'summary'],
  queryFn: () => call(billing.summary),
});
export const useInvoiceSummary = () => useQuery(invoiceSummaryQuery);

/** Downloads an invoice's PDF (the server checks it is the user's). */
export async function downloadInvoicePdf(
  invoice: Pick<Invoice, 'id' | 'number' | 'order_code'>,
): Promise<void> {
  saveFile(
    await callFile(billing.invoicePdf, { params: { id: invoice.id } }),
    `fatura-${invoice.number ?? invoice.order_code}.pdf`,
  );
}
