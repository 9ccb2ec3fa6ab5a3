import { z } from 'zod';
import { invoiceStatuses } from '../support/schemas.ts';
import { orderNfseSchema } from './nfse.ts';

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
  /** An agency's desconto-padrão (decision 098): gross = total + agency_commission, net = total. */
  agency_commission: z.number(),
  total: z.number(),
  due_date: z.string(),
  status: z.enum(invoiceStatuses),
  payment_method: z.string(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
  /** The order's NFS-e (issue #42), null when it has none. */
  nfse: orderNfseSchema.nullable().optional(),
  /** An agency's invoice: the advertiser billed (issue #44); null for a direct customer's. */
  advertiser: z.object({ name: z.string(), document: z.string() }).nullable().optional(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceListSchema = z.object({ items: z.array(invoiceSchema) });

/** GET /api/invoices?status=…&year=… */
export const invoiceQuerySchema = z.object({
  status: z.enum(invoiceStatuses, { error: 'Status inválido.' }).optional(),
  year: z.coerce
    .number({ error: 'Ano inválido.' })
    .int({ error: 'Ano inválido.' })
    .min(2000, { error: 'Ano inválido.' })
    .max(2100, { error: 'Ano inválido.' })
    .optional(),
});
/** The invoice filters as the web keeps them (the query's values, or null when not filtered). */
export type InvoiceFilters = {
  [K in keyof z.output<typeof invoiceQuerySchema>]-?: NonNullable<
    z.output<typeof invoiceQuerySchema>[K]
  > | null;
};

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

/** An invoice that does not exist or is not the asker's. */
export const INVOICE_NOT_FOUND = 'Fatura não encontrada.';
/** An order without a credit note, or not the asker's. */
export const CREDIT_NOTE_NOT_FOUND = 'Este pedido não tem nota de crédito.';
