import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  auditSentence,
  canTransition,
  holdCeiling,
  lastRefundableDay,
  orderStatusLabels,
  refundUnderPolicy,
  staffCancellable,
  todayInBrasilia,
  type AdminOrderDetail,
  type OrderStatus,
  invoiceHolder,
} from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import {
  adItems,
  ads,
  auditLog,
  creditNotes,
  insertionOrders,
  invoices,
  orders,
  orderStatusHistory,
  paymentEvents,
  paymentRefunds,
  profiles,
  retiredPixTxids,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { campaignsForOrder } from '../campaigns/queries.ts';
import { staffOrderNfse } from '../fiscal/fiscal-documents.ts';
import { bookedItems, couponCodeOf, orderHead, orderInvoice } from '../orders/head.ts';
import { pixCodeOf } from '../payments/order-charge.ts';

export const ORDER_NOT_FOUND = 'Pedido não encontrado.';

/** Audit entries that are not a change of state (those are in the status history already). */
const orderAuditActions = ['pedido.reserva_prorrogada', 'pedido.pix_reemitido', 'pedido.email_reenviado'];

const actorLabels: Record<string, string> = {
  cliente: 'Cliente',
  equipe: 'Equipe',
  sistema: 'Sistema',
  provedor: 'Provedor de pagamento',
};

/** What staff may do now, by the same rules the actions check (services/admin-orders/*.ts). */
export function availableActions(
  order: typeof orders.$inferSelect,
  items: ReadonlyArray<{ start: string; total: number }>,
  now = new Date(),
): AdminOrderDetail['actions'] {
  const unpaid = order.status === 'aguardando_pagamento';
  const firstStart = items.map((i) => i.start).sort()[0];
  const ceiling = firstStart ? holdCeiling(order.created_at, firstStart) : null;
  const canExtend = unpaid && ceiling !== null && ceiling.getTime() > order.expires_at.getTime();
  const paid = order.status === 'pago' || order.status === 'em_veiculacao';
  return {
    confirm_payment: canTransition(order.status, 'pago', 'equipe'),
    extend_hold: { allowed: canExtend, until_max: canExtend ? ceiling!.toISOString() : null },
    reissue_pix: unpaid && order.payment_method === 'pix',
    cancel: {
      allowed: staffCancellable.includes(order.status),
      refund: refundUnderPolicy({
        status: order.status,
        total: order.total,
        items,
        today: todayInBrasilia(now),
      }),
      // What was paid bounds the refund staff may choose (decision 076).
      paid: ['pago', 'em_veiculacao', 'pago_apos_expirar'].includes(order.status) ? order.total : 0,
      last_refundable_day: paid && firstStart ? lastRefundableDay(firstStart) : null,
    },
    resend_email: true,
  };
}

/** The PI of an agency's order, as the staff page shows it; null for a direct customer's order. */
async function insertionOrderState(db: Db, orderId: string): Promise<AdminOrderDetail['insertion_order']> {
  const pi = await db.query.insertionOrders.findFirst({ where: eq(insertionOrders.order_id, orderId) });
  if (!pi) return null;
  return {
    number: pi.number,
    status: pi.approved_at ? 'aprovado' : 'pendente',
    approved_at: pi.approved_at?.toISOString() ?? null,
    approved_by_name: pi.approved_by_name,
  };
}

async function historyOf(db: Db, orderId: string): Promise<AdminOrderDetail['history']> {
  const statuses = await db
    .select({ h: orderStatusHistory, name: profiles.nome_completo })
    .from(orderStatusHistory)
    .leftJoin(profiles, eq(profiles.id, orderStatusHistory.actor_id))
    .where(eq(orderStatusHistory.order_id, orderId));
  const actions = await db
    .select({ a: auditLog, name: profiles.nome_completo })
    .from(auditLog)
    .leftJoin(profiles, eq(profiles.id, auditLog.actor_id))
    .where(
      and(
        eq(auditLog.entity, 'order'),
        eq(auditLog.entity_id, orderId),
        inArray(auditLog.action, orderAuditActions),
      ),
    );
  const events = [
    ...statuses.map(({ h, name }) => ({
      at: h.created_at,
      text: h.from_status
        ? `${orderStatusLabels[h.from_status as OrderStatus] ?? h.from_status} → ${orderStatusLabels[h.to_status as OrderStatus] ?? h.to_status}`
        : `Pedido feito: ${orderStatusLabels[h.to_status as OrderStatus] ?? h.to_status}`,
      actor: name ? `${actorLabels[h.actor]} · ${name}` : actorLabels[h.actor]!,
      note: h.note,
    })),
    ...actions.map(({ a, name }) => ({
      at: a.created_at,
      text: auditSentence(a.action).replace(/^./, (c) => c.toUpperCase()),
      actor: `Equipe${name ? ` · ${name}` : ''}`,
      note: (a.after as { note?: string } | null)?.note ?? null,
    })),
  ];
  return events
    .sort((x, y) => x.at.getTime() - y.at.getTime())
    .map((e) => ({ ...e, at: e.at.toISOString() }));
}

async function itemsOf(db: Db, orderId: string): Promise<AdminOrderDetail['items']> {
  const booked = await bookedItems(db, orderId);
  const campaigns = await campaignsForOrder(db, orderId);
  // The ad sent for each item, whatever became of the order: a cancelled order has no campaign any
  // more, but staff still see which ad it had and how its review ended.
  const itemIds = booked.map(({ line }) => line.id);
  const linked = itemIds.length
    ? await db
        .select({ item_id: adItems.order_item_id, id: ads.id, name: ads.name, status: ads.status })
        .from(adItems)
        .innerJoin(ads, eq(ads.id, adItems.ad_id))
        .where(inArray(adItems.order_item_id, itemIds))
    : [];
  return booked.map(({ line }) => {
    const ad = linked.find((a) => a.item_id === line.id);
    return {
      ...line,
      campaign_status: campaigns.get(line.id)?.status ?? null,
      ad: ad ? { id: ad.id, name: ad.name, status: ad.status } : null,
    };
  });
}

const amountOf = (payload: unknown) => {
  const p = payload as { amount?: number; data?: { amount?: number } };
  return p.data?.amount ?? p.amount ?? null;
};

/** The order's devoluções by Pix through the PSP (decision 102), oldest first. */
async function pixRefundsOf(db: Db, orderId: string) {
  const rows = await db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.order_id, orderId))
    .orderBy(asc(paymentRefunds.created_at));
  return rows.map((r) => ({
    amount: r.amount,
    kind: r.kind,
    status: r.status,
    provider_reason: r.provider_reason,
    attempts: r.attempts,
    last_error: r.last_error,
    created_at: r.created_at.toISOString(),
    settled_at: r.settled_at?.toISOString() ?? null,
  }));
}

/** /admin/pedidos/{id}: everything staff need to act on one order. */
export async function adminOrderDetail(db: Db, orderId: string): Promise<AdminOrderDetail> {
  const order = await db.query.orders.findFirst({ where: eq(orders.id, orderId) });
  if (!order) throw new AppError(404, ORDER_NOT_FOUND);
  const customer = await db.query.profiles.findFirst({ where: eq(profiles.id, order.user_id) });
  const items = await itemsOf(db, order.id);
  const invoice = await db.query.invoices.findFirst({ where: eq(invoices.order_id, order.id) });
  const note = await db.query.creditNotes.findFirst({ where: eq(creditNotes.order_id, order.id) });
  const events = await db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.order_id, order.id))
    .orderBy(asc(paymentEvents.received_at));
  const retired = await db
    .select({ txid: retiredPixTxids.txid })
    .from(retiredPixTxids)
    .where(eq(retiredPixTxids.order_id, order.id))
    .orderBy(asc(retiredPixTxids.retired_at));
  const billing = order.billing as Partial<AdminOrderDetail['billing']> & { person_type: 'pf' | 'pj' };
  return {
    ...orderHead(order, await couponCodeOf(db, order)),
    refund_amount: order.refund_amount,
    refund_reason: order.refund_reason,
    cancel_reason: order.cancel_reason,
    customer: { id: order.user_id, name: customer?.nome_completo ?? '', email: customer?.email ?? '' },
    billing: {
      person_type: billing.person_type,
      name: invoiceHolder(order.billing).name,
      document: billing.document ?? '',
      phone: billing.phone ?? '',
      city: billing.city ?? '',
      state: billing.state ?? '',
    },
    items,
    pix:
      order.payment_method === 'pix' && order.payment_reference
        ? {
            txid: order.payment_reference,
            payload: order.status === 'aguardando_pagamento' ? pixCodeOf(order) : null,
            retired: retired.map((r) => r.txid),
          }
        : null,
    payments: events.map((e) => ({
      id: e.id,
      provider_event_id: e.provider_event_id,
      type: e.type,
      // The home-made webhook's event kept `data.amount`; a provider's payment keeps `amount`.
      amount: amountOf(e.payload),
      received_at: e.received_at.toISOString(),
    })),
    pix_refunds: await pixRefundsOf(db, order.id),
    invoice: invoice ? orderInvoice(invoice) : null,
    credit_note: note
      ? {
          number: note.number,
          amount: note.amount,
          reason: note.reason,
          refund_reason: note.refund_reason,
          created_at: note.created_at.toISOString(),
        }
      : null,
    nfse: await staffOrderNfse(db, order.id),
    insertion_order: await insertionOrderState(db, order.id),
    history: await historyOf(db, order.id),
    actions: availableActions(order, items),
  };
}
