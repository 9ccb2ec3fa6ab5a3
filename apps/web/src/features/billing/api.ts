import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invoice, InvoiceFilters, InvoiceSummary } from '@urbana/shared';
import { api, apiFile, saveFile } from '../../lib/api-client.ts';

export const invoicesQuery = (filters: InvoiceFilters) => {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.year) params.set('year', String(filters.year));
  const qs = params.toString();
  return queryOptions({
    queryKey: ['invoices', filters],
    queryFn: () => api<{ items: Invoice[] }>(`/api/invoices${qs ? `?${qs}` : ''}`).then((r) => r.items),
  });
};
export const useInvoices = (filters: InvoiceFilters) => useQuery(invoicesQuery(filters));

export const invoiceSummaryQuery = queryOptions({
  queryKey: ['invoices', 'summary'],
  queryFn: () => api<InvoiceSummary>('/api/invoices/summary'),
});
export const useInvoiceSummary = () => useQuery(invoiceSummaryQuery);

/** Downloads an invoice's PDF (the server checks it is the user's). */
export async function downloadInvoicePdf(
  invoice: Pick<Invoice, 'id' | 'number' | 'order_code'>,
): Promise<void> {
  saveFile(
    await apiFile(`/api/invoices/${invoice.id}/pdf`),
    `fatura-${invoice.number ?? invoice.order_code}.pdf`,
  );
}
