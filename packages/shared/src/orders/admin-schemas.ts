import { z } from 'zod';
import { adminPageQuery, dateRangeQuery, withDateRange } from '../admin-schemas.ts';
import { adStatuses, campaignStatuses } from '../ads/rules.ts';
import { adminOrderNfseSchema } from '../billing/nfse.ts';
import { insertionOrderStatuses } from '../agencies/insertion-order.ts';
import { orderStatuses, paymentMethods } from './rules.ts';
import { bookedLineSchema, orderHeadSchema, orderInvoiceSchema } from './schemas.ts';
import { adminOrderMessages, HOLD_EXTENSION_MAX_HOURS, refundChoices } from './admin-rules.ts';

/** /api/admin/pedidos: request and response of every endpoint (issue #19 item 1). */

export const adminOrderSorts = ['created_at', 'total', 'code', 'customer', 'expires_at'] as const;

export const adminOrderListQuery = withDateRange(
  z.object({
    ...adminPageQuery,
    ...dateRangeQuery,
    status: z.enum(orderStatuses, { error: 'Situação inválida.' }).optional(),
    metodo: z.enum(paymentMethods, { error: 'Forma de pagamento inválida.' }).optional(),
    cidade: z.string().trim().max(100, { error: 'Cidade longa demais.' }).optional(),
    sort: z.enum(adminOrderSorts, { error: 'Ordenação inválida.' }).default('created_at'),
  }),
);
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuery>;

export const adminOrderRow = orderHeadSchema
  .pick({
    id: true,
    code: true,
    status: true,
    payment_method: true,
    total: true,
    created_at: true,
    expires_at: true,
    paid_at: true,
    figures: true,
  })
  .extend({
    customer: z.object({ id: z.string(), name: z.string(), email: z.string(), document: z.string() }),
    cities: z.array(z.string()),
    items: z.number(),
  });
export type AdminOrderRow = z.infer<typeof adminOrderRow>;

export const adminOrderPage = z.object({
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  items: z.array(adminOrderRow),
});
export type AdminOrderPage = z.infer<typeof adminOrderPage>;

const when = z.string();

/** /admin/pedidos/{id}: the order's head as the customer's order has it, and what staff act on. */
export const adminOrderDetail = orderHeadSchema.extend({
  refund_amount: z.number().nullable(),
  /** Why staff refunded other than the policy's amount (null: the policy's amount, decision 076). */
  refund_reason: z.string().nullable(),
  /** Why staff cancelled the order (null: not cancelled by staff). */
  cancel_reason: z.string().nullable(),
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  billing: z.object({
    person_type: z.enum(['pf', 'pj']),
    name: z.string(),
    document: z.string(),
    phone: z.string(),
    city: z.string(),
    state: z.string(),
  }),
  items: z.array(
    bookedLineSchema.extend({
      id: z.string(),
      campaign_status: z.enum(campaignStatuses).nullable(),
      ad: z.object({ id: z.string(), name: z.string(), status: z.enum(adStatuses) }).nullable(),
    }),
  ),
  pix: z
    .object({ txid: z.string(), payload: z.string().nullable(), retired: z.array(z.string()) })
    .nullable(),
  payments: z.array(
    z.object({
      id: z.string(),
      provider_event_id: z.string(),
      type: z.string(),
      amount: z.number().nullable(),
      received_at: when,
    }),
  ),
  /** Money given back by Pix through the PSP (decision 102), oldest first. */
  pix_refunds: z.array(
    z.object({
      amount: z.number(),
      kind: z.enum(['cancelamento', 'pago_apos_expirar', 'sem_pedido']),
      status: z.enum(['pendente', 'processando', 'devolvido', 'nao_realizado']),
      /** The PSP's reason for a devolução not made. */
      provider_reason: z.string().nullable(),
      attempts: z.number(),
      /** The last failure to reach the PSP, while it is tried again. */
      last_error: z.string().nullable(),
      created_at: when,
      settled_at: when.nullable(),
    }),
  ),
  invoice: orderInvoiceSchema.nullable(),
  credit_note: z
    .object({
      number: z.string(),
      amount: z.number(),
      reason: z.string(),
      refund_reason: z.string().nullable(),
      created_at: when,
    })
    .nullable(),
  /** The order's NFS-e (issue #42): null when none was queued (unpaid, or nothing to pay). */
  nfse: adminOrderNfseSchema.nullable(),
  /** The PI of an agency's order and where its approval stands (issue #44 item 3); null: a direct order. */
  insertion_order: z
    .object({
      number: z.string(),
      status: z.enum(insertionOrderStatuses),
      approved_at: when.nullable(),
      approved_by_name: z.string().nullable(),
    })
    .nullable(),
  history: z.array(z.object({ at: when, text: z.string(), actor: z.string(), note: z.string().nullable() })),
  actions: z.object({
    confirm_payment: z.boolean(),
    extend_hold: z.object({ allowed: z.boolean(), until_max: when.nullable() }),
    reissue_pix: z.boolean(),
    cancel: z.object({
      allowed: z.boolean(),
      /** The refund under the policy, what staff start from. */
      refund: z.number(),
      /** What the customer paid: the most a refund may give (0 for an unpaid order). */
      paid: z.number(),
      last_refundable_day: z.string().nullable(),
    }),
    resend_email: z.boolean(),
  }),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

export const extendHoldBody = z.object({
  horas: z.coerce
    .number({ error: adminOrderMessages.extendHours })
    .int({ error: adminOrderMessages.extendHours })
    .min(1, { error: adminOrderMessages.extendHours })
    .max(HOLD_EXTENSION_MAX_HOURS, { error: adminOrderMessages.extendHours }),
});
export type ExtendHoldBody = z.infer<typeof extendHoldBody>;

/**
 * Staff cancel an order and, when it was paid, choose the refund (decision 076): `reembolso` defaults
 * to the policy; `valor_reembolso` is the partial amount in integer centavos; `motivo_reembolso` is
 * required whenever the amount differs from the policy's (the service checks it: only it knows the
 * policy's amount and what was paid).
 */
export const cancelOrderBody = z.object({
  motivo: z
    .string({ error: adminOrderMessages.cancelReason })
    .trim()
    .min(5, { error: adminOrderMessages.cancelReason })
    .max(500, { error: adminOrderMessages.cancelReason }),
  reembolso: z.enum(refundChoices, { error: adminOrderMessages.refundChoice }).default('politica'),
  valor_reembolso: z
    .number({ error: adminOrderMessages.refundAmount })
    .int({ error: adminOrderMessages.refundAmount })
    .min(0, { error: adminOrderMessages.refundNegative })
    .max(Number.MAX_SAFE_INTEGER, { error: adminOrderMessages.refundAmount })
    .nullish(),
  motivo_reembolso: z
    .string({ error: adminOrderMessages.refundReason })
    .max(2000, { error: adminOrderMessages.refundReason })
    .nullish(),
});
export type CancelOrderBody = z.infer<typeof cancelOrderBody>;
export type CancelOrderInput = z.input<typeof cancelOrderBody>;

/** A customer's unpaid orders against the limits, and whether staff lifted them (decision 026). */
export const orderLimitStatusSchema = z.object({
  lifted: z.boolean(),
  lifted_at: z.string().nullable(),
  unpaid_orders: z.number(),
  unpaid_face_weeks: z.number(),
  limits: z.object({
    unpaid_orders: z.number(),
    unpaid_face_weeks: z.number(),
    unpaid_orders_per_ip: z.number(),
    orders_per_window: z.number(),
    window_minutes: z.number(),
  }),
});
export type OrderLimitStatus = z.infer<typeof orderLimitStatusSchema>;
