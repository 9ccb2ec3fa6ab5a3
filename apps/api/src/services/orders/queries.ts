import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { bookingAudience, bookingCpm, isScreenType, type OrderStatus } from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import type { invoices } from '../../db/schema/index.ts';
import { orderItems, orders, paymentRefunds, profiles } from '../../db/schema/index.ts';
import { ordersReadableBy } from '../agencies/order-scope.ts';
import { AppError } from '../../lib/errors.ts';
import { billedName, bookedLine, orderHead, orderInvoice } from './head.ts';
import { executePrepared } from '../../db/prepared.ts';
import { pixCodeOf } from '../payments/order-charge.ts';

/** A timestamp as the driver gives it: the JSON text of `timestamptz` (microseconds) to a Date, truncated to ms. */
const at = (text: string) => new Date(text);
const atOrNull = (text: string | null) => (text === null ? null : new Date(text));

export interface DetailDoc {
  order: Omit<typeof orders.$inferSelect, 'created_at' | 'expires_at' | 'paid_at'> & {
    created_at: string;
    expires_at: string;
    paid_at: string | null;
  };
  coupon_code: string | null;
  history: Array<{ from: string | null; to: string; actor: string; note: string | null; at: string }>;
  invoice:
    | (Omit<typeof invoices.$inferSelect, 'paid_at' | 'created_at' | 'updated_at'> & {
        paid_at: string | null;
      })
    | null;
  /** The credit note of a cancelled paid order (migration 0029). */
  credit_note: { number: string; amount: number; created_at: string } | null;
  items: Array<{
    item: Omit<typeof orderItems.$inferSelect, 'created_at'>;
    is_tower_based: boolean | null;
    product_audience: number | null;
    /** The slots of the product's (first) face, for a single-face product (migration 0032). */
    face_slots: number | null;
    towers: Array<{ id: string; name: string; audience: number | null; slots: number | null }>;
  }>;
}

/**
 * An order as its customer reads it: head, items with their towers and audience (read from the
 * catalogue as it is now, decision 022), history and invoice — one statement, the database function
 * `order_detail` (migration 0020), which `place_order` also returns for the order it has just written
 * (a checkout's answer costs no round trip of its own, issue #21). Its one column is a document, so a
 * column that a migration adds changes no prepared result type. `ownerId`: only that customer's order.
 */
export async function orderDetail(db: Db, orderId: string, ownerId?: string) {
  // A prepared statement (decision 053).
  const { rows } = await executePrepared<{ doc: DetailDoc | null }>(
    db,
    'pedido',
    sql`select order_detail(${orderId}::uuid, ${ownerId ?? null}::uuid) as doc`,
  );
  const doc = rows[0]?.doc ?? null;
  // A cancelled order's devolução through the PSP (decision 102): one more read, for those only.
  const pixRefund =
    doc?.order.status === 'cancelado'
      ? ((
          await db
            .select({ status: paymentRefunds.status })
            .from(paymentRefunds)
            .where(eq(paymentRefunds.order_id, orderId))
            .orderBy(desc(paymentRefunds.created_at))
            .limit(1)
        )[0]?.status ?? null)
      : null;
  return orderFromDetail(doc, pixRefund);
}

/** The answer for an order from the document of `order_detail` (migration 0020); 404 without one. */
export function orderFromDetail(doc: DetailDoc | null, pixRefund: PixRefundStatus | null = null) {
  if (!doc) throw new AppError(404, 'Pedido não encontrado.');
  const order = {
    ...doc.order,
    created_at: at(doc.order.created_at),
    expires_at: at(doc.order.expires_at),
    paid_at: atOrNull(doc.order.paid_at),
  };
  // An invoiced order is paid by Pix too when its charge is at the PSP (cobv, decision 099).
  const awaitingPix =
    order.status === 'aguardando_pagamento' &&
    (order.payment_method === 'pix' || order.payment_provider !== null);
  return {
    ...orderHead(order, doc.coupon_code),
    pix_payload: awaitingPix ? pixCodeOf(order) : null,
    pix_confirmation: awaitingPix
      ? order.payment_provider
        ? ('automatica' as const)
        : ('manual' as const)
      : null,
    items: doc.items.map(({ item, is_tower_based, product_audience, face_slots, towers: chosen }) => {
      const audience = bookingAudience({
        isTowerBased: is_tower_based ?? false,
        isScreen: isScreenType(item.product_type),
        productWeeklyAudience: product_audience ?? 0,
        chosenTowers: is_tower_based
          ? chosen.map((t) => ({ weekly_audience: t.audience ?? 0, slots: t.slots ?? 1 }))
          : [{ weekly_audience: product_audience ?? 0, slots: face_slots ?? 1 }],
        weeks: item.weeks,
      });
      return {
        ...bookedLine(
          item,
          chosen.map((t) => ({ id: t.id, name: t.name })),
        ),
        end: item.ends_on,
        daily_price: item.daily_price,
        tower_count: item.tower_count,
        subtotal: item.subtotal,
        discount: item.discount,
        audience,
        cpm: bookingCpm(item.total, audience),
      };
    }),
    history: doc.history.map((h) => ({
      from: h.from,
      to: h.to as OrderStatus,
      actor: h.actor,
      note: h.note,
      at: at(h.at).toISOString(),
    })),
    invoice: doc.invoice ? orderInvoice({ ...doc.invoice, paid_at: atOrNull(doc.invoice.paid_at) }) : null,
    cancellation: cancellationOf(doc, pixRefund),
  };
}

/** A cancelled order's reason and refund as its customer reads them (issue #40 item 3). */
function cancellationOf(doc: DetailDoc, pixRefund: PixRefundStatus | null) {
  const { order } = doc;
  if (order.status !== 'cancelado') return null;
  const note = doc.credit_note;
  return {
    reason: order.cancel_reason,
    refund:
      order.refund_amount === null
        ? null
        : {
            amount: order.refund_amount,
            reason: order.refund_reason,
            credit_note: note
              ? { number: note.number, amount: note.amount, created_at: at(note.created_at).toISOString() }
              : null,
            pix_refund: pixRefund,
          },
  };
}
type PixRefundStatus = (typeof paymentRefunds.$inferSelect)['status'];
export type OrderDetail = Awaited<ReturnType<typeof orderDetail>>;

/**
 * "Meus pedidos": the person's orders and, for an agency's person, every order of the agency (decision
 * 116), newest first; each names its advertiser and who placed it; optionally of one advertiser.
 */
export async function listOrders(
  db: Db,
  userId: string,
  filters: { status?: OrderStatus | undefined; advertiser_id?: string | undefined } = {},
) {
  const rows = await db
    .select({ order: orders, placed_by: profiles.nome_completo, placed_by_email: profiles.email })
    .from(orders)
    .leftJoin(profiles, eq(profiles.id, orders.user_id))
    .where(
      and(
        ordersReadableBy(userId),
        filters.status ? eq(orders.status, filters.status) : undefined,
        filters.advertiser_id ? eq(orders.advertiser_id, filters.advertiser_id) : undefined,
      ),
    )
    .orderBy(desc(orders.created_at))
    .limit(100);
  const ids = rows.map((r) => r.order.id);
  const itemCounts = ids.length
    ? await db
        .select({
          order_id: orderItems.order_id,
          n: count(),
          first: sql<string>`min(${orderItems.product_name})`,
        })
        .from(orderItems)
        .where(inArray(orderItems.order_id, ids))
        .groupBy(orderItems.order_id)
    : [];
  return rows.map(({ order: o, placed_by, placed_by_email }) => {
    const c = itemCounts.find((x) => x.order_id === o.id);
    return {
      id: o.id,
      code: o.code,
      status: o.status,
      total: o.total,
      payment_method: o.payment_method,
      created_at: o.created_at.toISOString(),
      items: c?.n ?? 0,
      summary: c?.first ?? '',
      advertiser: o.advertiser_id ? { id: o.advertiser_id, ...billedName(o.billing) } : null,
      // A colleague's order says who placed it (an agency's list holds everyone's).
      placed_by: o.user_id === userId ? null : placed_by || placed_by_email || null,
    };
  });
}
