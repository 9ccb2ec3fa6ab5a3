import { z } from 'zod';
import { invoiceStatuses } from '../support.ts';

/**
 * The customer's invoices (/usuario/faturamento): the API's response schemas, and the web's types
 * by z.infer (docs/decisions/037-one-contract-per-endpoint.md).
 */
export const invoiceSchema = z.object({
  id: z.string(),
  // null until the invoice is paid (docs/decisions/039-sessions-cache-checkout-one-call-invoices-on-payment.md)
  number: z.string().nullable(),
  order_id: z.string(),
  order_code: z.string(),
  order_status: z.string(),
  amount: z.number(),
  discount: z.number(),
  total: z.number(),
  due_date: z.string(),
  status: z.enum(invoiceStatuses),
  payment_method: z.string(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceListSchema = z.object({ items: z.array(invoiceSchema) });

export const invoiceSummarySchema = z.object({
  year: z.number(),
  paid_this_year: z.number(),
  pending: z.number(),
  pending_count: z.number(),
  overdue: z.number(),
  overdue_count: z.number(),
  years: z.array(z.number()),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;
