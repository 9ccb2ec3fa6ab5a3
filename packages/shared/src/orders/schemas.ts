/**
 * The customer's checkout and orders: request bodies and the API's answers (POST /api/checkout/quote,
 * /api/orders*), the web's types by z.infer (docs/decisions/037-one-contract-per-endpoint.md).
 */
import { orderNfseSchema } from '../billing/nfse.ts';
import { z } from 'zod';
import { adStatuses, campaignStatuses } from '../ads/rules.ts';
import { isStartDate } from '../catalog.ts';
import { invoiceStatuses } from '../support/schemas.ts';
import { campaignProofSchema } from '../campaigns/schemas.ts';
import { advertiserRefSchema } from '../agencies/schemas.ts';
import { couponMessages, orderDiscountReasons, orderStatuses, paymentMethods } from './rules.ts';

export const orderItemInputSchema = z.object({
  product_id: z.string().uuid({ error: 'Produto inválido.' }),
  start_date: z.string({ error: 'Data de início inválida.' }).refine(isStartDate, {
    error: 'Data de início inválida.',
  }),
  weeks: z
    .number({ error: 'Número de semanas inválido.' })
    .int()
    .min(1, { error: 'Escolha de 1 a 52 semanas.' })
    .max(52, { error: 'Escolha de 1 a 52 semanas.' }),
  tower_ids: z
    .array(z.string().uuid({ error: 'Torre inválida.' }))
    .max(100)
    .default([]),
});

export const checkoutBodySchema = z.object({
  items: z
    .array(orderItemInputSchema)
    .min(1, { error: 'O carrinho está vazio.' })
    .max(50, { error: 'Itens demais em um pedido.' }),
  // Any text is looked up: what cannot be a code is "Cupom não encontrado." beside the coupon field
  // (the quote's coupon_error), never a refusal of the whole quote; only a paste past any sense is refused.
  coupon_code: z
    .string()
    .trim()
    .toUpperCase()
    .max(200, { error: couponMessages.notFound })
    .nullish()
    .transform((v) => v || null),
  payment_method: z.enum(paymentMethods, { error: 'Escolha a forma de pagamento.' }).default('pix'),
  /** An agency's order: the advertiser it is for, billed on its CNPJ (issue #44). */
  advertiser_id: z
    .uuid({ error: 'Anunciante não encontrado.' })
    .nullish()
    .transform((v) => v ?? null),
});
export type CheckoutBody = z.output<typeof checkoutBodySchema>;

/**
 * A booked line as every answer shows it — the quote, the customer's order and the staff's order
 * detail (issue #18): the product, where, when and for how much. Each answer extends it.
 */
export const bookedLineSchema = z.object({
  product_id: z.string(),
  name: z.string(),
  type: z.string(),
  city: z.string(),
  state: z.string(),
  start: z.string(),
  weeks: z.number(),
  towers: z.array(z.object({ id: z.string(), name: z.string() })),
  total: z.number(),
});

/** A quote: every price recomputed by the server (POST /api/checkout/quote). */
export const quoteItemSchema = bookedLineSchema.extend({
  is_tower_based: z.boolean(),
  end: z.string(),
  daily_price: z.number(),
  subtotal: z.number(),
  discount: z.number(),
  /** Impacts in the whole period: the chosen towers' weekly audience × weeks (`bookingAudience`). */
  audience: z.number(),
  /** Centavos per thousand impacts of the item's total (`bookingCpm`); null without an audience. */
  cpm: z.number().nullable(),
});
export const quoteSchema = z.object({
  items: z.array(quoteItemSchema),
  subtotal: z.number(),
  discount: z.number(),
  coupon: z.object({ code: z.string(), discount: z.number() }).nullable(),
  coupon_error: z.string().nullable(),
  total: z.number(),
  earliest_start: z.string(),
});
export type QuoteItem = z.infer<typeof quoteItemSchema>;
export type Quote = z.infer<typeof quoteSchema>;
/** What the web sends to quote, order or print a proposal (the cart as order items). */
export type CheckoutRequest = z.input<typeof checkoutBodySchema>;
/** One order item as the web builds it from the cart (every field given). */
export type CheckoutItem = z.output<typeof orderItemInputSchema>;

/** GET /api/orders?status=… */
export const orderListQuerySchema = z.object({
  status: z.enum(orderStatuses, { error: 'Status inválido.' }).optional(),
  /** An agency's orders of one advertiser (decision 116). */
  advertiser_id: z.uuid({ error: 'Anunciante não encontrado.' }).optional(),
});

/** An order item's ad, campaign state and proof photos (GET /api/orders/:id only). */
export const orderItemCampaignSchema = z.object({
  status: z.enum(campaignStatuses),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** Set when staff ended the run before the booked last day (issue #17 item 1). */
  early_end_reason: z.string().nullable(),
  ad: z
    .object({
      id: z.string(),
      name: z.string(),
      status: z.enum(adStatuses),
      review_reason: z.string().nullable(),
    })
    .nullable(),
  proofs: z.array(campaignProofSchema),
});
export type OrderItemCampaign = z.infer<typeof orderItemCampaignSchema>;

/** An order item: the quote's line as booked (its audience read from the catalogue as it is now). */
export const orderItemSchema = quoteItemSchema.omit({ is_tower_based: true }).extend({
  id: z.string(),
  tower_count: z.number(),
  campaign: orderItemCampaignSchema.nullable().optional(),
});

/**
 * What every answer about one order says of it — the customer's order and the staff's order detail
 * (issue #18); the two lists pick from it. Declared once: each answer extends it.
 */
export const orderHeadSchema = z.object({
  id: z.string(),
  code: z.string(),
  status: z.enum(orderStatuses),
  payment_method: z.enum(paymentMethods),
  subtotal: z.number(),
  discount: z.number(),
  /** What `discount` is: the long-run discount of a checkout, or the conditions of an accepted proposal. */
  discount_reason: z.enum(orderDiscountReasons),
  coupon_discount: z.number(),
  coupon_code: z.string().nullable(),
  total: z.number(),
  created_at: z.string(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  /** An agency's order: the advertiser billed (issue #44); null for a direct customer's. */
  advertiser: advertiserRefSchema.nullable(),
  /** Gross media value, desconto-padrão and net (decision 098); the net is `total`. */
  figures: z.object({
    gross: z.number(),
    commission: z.number(),
    net: z.number(),
    percent: z.number().nullable(),
  }),
});
export type OrderHead = z.infer<typeof orderHeadSchema>;

/** An order's invoice as the customer's order and the staff's detail show it (its id names its PDF). */
export const orderInvoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.enum(invoiceStatuses),
  total: z.number(),
  /** The desconto-padrão the invoice shows, equal to its order's (decision 098). */
  agency_commission: z.number(),
  due_date: z.string(),
  paid_at: z.string().nullable(),
});
export type OrderInvoice = z.infer<typeof orderInvoiceSchema>;

/** One order: items, towers, periods, history and invoice (POST /api/orders, /cancel; GET /:id adds campaigns). */
export const orderDetailSchema = orderHeadSchema.extend({
  pix_payload: z.string().nullable(),
  /**
   * How a Pix awaiting payment is confirmed (issue #41, decision 099): `automatica` — a charge at the PSP,
   * seen paid by itself; `manual` — the static code, confirmed by staff from the bank statement. Null
   * when no Pix is awaited.
   */
  pix_confirmation: z.enum(['automatica', 'manual']).nullable(),
  items: z.array(orderItemSchema),
  history: z.array(
    z.object({
      from: z.string().nullable(),
      to: z.enum(orderStatuses),
      actor: z.string(),
      note: z.string().nullable(),
      at: z.string(),
    }),
  ),
  invoice: orderInvoiceSchema.nullable(),
  /** The order's NFS-e (issue #42): absent where the answer does not carry it, null when there is none. */
  nfse: orderNfseSchema.nullable().optional(),
  /**
   * A cancelled order's why and its refund, as the customer reads them (issue #40 item 3): the reason
   * staff gave, and for a paid order the amount, why it differs from the policy (null: the policy's
   * amount) and the credit note. Null while the order is not cancelled.
   */
  cancellation: z
    .object({
      reason: z.string().nullable(),
      refund: z
        .object({
          amount: z.number(),
          reason: z.string().nullable(),
          credit_note: z
            .object({ number: z.string(), amount: z.number(), created_at: z.string() })
            .nullable(),
          /** The devolução by Pix through the PSP (decision 102); null when the team returns the amount. */
          pix_refund: z.enum(['pendente', 'processando', 'devolvido', 'nao_realizado']).nullable(),
        })
        .nullable(),
    })
    .nullable(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** A line of GET /api/orders. */
export const orderSummarySchema = orderHeadSchema
  .pick({ id: true, code: true, status: true, total: true, payment_method: true, created_at: true })
  .extend({
    items: z.number(),
    summary: z.string(),
    /** An agency's order: the advertiser billed; null for a direct customer's (decision 116). */
    advertiser: advertiserRefSchema.nullable(),
    /** A colleague's order in an agency's list: who placed it; null for the person's own. */
    placed_by: z.string().nullable(),
  });
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export const orderListSchema = z.object({ items: z.array(orderSummarySchema) });

/** GET /api/orders/:id/pix: the copy-and-paste code and its QR Code (a data: URL). */
export const orderPixSchema = z.object({
  payload: z.string(),
  qr: z.string(),
  expires_at: z.string(),
  total: z.number(),
});
export type OrderPix = z.infer<typeof orderPixSchema>;
