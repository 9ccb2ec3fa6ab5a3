import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { bookingAudience, bookingCpm, type OrderStatus } from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import type { invoices } from '../../db/schema/index.ts';
import { orderItems, orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { bookedLine, orderHead, orderInvoice } from './head.ts';
import { executePrepared } from '../../db/prepared.ts';

/** A timestamp as the driver gives it: the JSON text of `timestamptz` (microseconds) to a Date, truncated to ms. */
const at = (text: string) => new Date(text);
const atOrNull = (text: string | null) => (text === null ? null : new Date(text));

interface DetailDoc {
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
  items: Array<{
    item: Omit<typeof orderItems.$inferSelect, 'created_at'>;
    is_tower_based: boolean | null;
    product_audience: number | null;
    towers: Array<{ id: string; name: string; audience: number | null }>;
  }>;
}

/**
 * An order as its customer reads it: head, items with their towers and audience (read from the
 * catalogue as it is now, decision 022), history and invoice — one statement, so that the answer of
 * a checkout costs one round trip (issue #21). Its one column is a document, so a column that a
 * migration adds changes no prepared result type.
 */
export async function orderDetail(db: Db, orderId: string, ownerId?: string) {
  // A prepared statement (decision 053): two texts, for its owner and for the staff.
  const name = ownerId ? 'pedido_do_cliente' : 'pedido_da_equipe';
  const { rows } = await executePrepared<{ doc: DetailDoc }>(
    db,
    name,
    sql`
    select json_build_object(
      'order', to_jsonb(o),
      'coupon_code', (select c.code from coupons c where c.id = o.coupon_id),
      'history', coalesce((
        select json_agg(json_build_object('from', h.from_status, 'to', h.to_status, 'actor', h.actor,
          'note', h.note, 'at', h.created_at) order by h.created_at)
        from order_status_history h where h.order_id = o.id), '[]'::json),
      'invoice', (select to_jsonb(i) - 'created_at' - 'updated_at' from invoices i where i.order_id = o.id limit 1),
      'items', coalesce((
        select json_agg(json_build_object(
          'item', to_jsonb(it) - 'created_at',
          'is_tower_based', p.is_tower_based,
          'product_audience', p.weekly_audience,
          'towers', coalesce((
            select json_agg(json_build_object('id', t.tower_id, 'name', t.tower_name, 'audience', tw.weekly_audience)
              order by t.tower_name, t.tower_id)
            from order_item_towers t left join towers tw on tw.id = t.tower_id
            where t.order_item_id = it.id), '[]'::json)) order by it.created_at, it.id)
        from order_items it left join products p on p.id = it.product_id
        where it.order_id = o.id), '[]'::json)) as doc
    from orders o
    where o.id = ${orderId}${ownerId ? sql` and o.user_id = ${ownerId}` : sql``}`,
  );
  const doc = rows[0]?.doc;
  if (!doc) throw new AppError(404, 'Pedido não encontrado.');
  const order = {
    ...doc.order,
    created_at: at(doc.order.created_at),
    expires_at: at(doc.order.expires_at),
    paid_at: atOrNull(doc.order.paid_at),
  };
  return {
    ...orderHead(order, doc.coupon_code),
    pix_payload:
      order.status === 'aguardando_pagamento' && order.payment_method === 'pix' ? order.pix_payload : null,
    items: doc.items.map(({ item, is_tower_based, product_audience, towers: chosen }) => {
      const audience = bookingAudience({
        isTowerBased: is_tower_based ?? false,
        productWeeklyAudience: product_audience ?? 0,
        chosenTowerAudiences: chosen.map((t) => t.audience ?? 0),
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
  };
}
export type OrderDetail = Awaited<ReturnType<typeof orderDetail>>;

export async function listOrders(db: Db, userId: string, status?: OrderStatus) {
  const rows = await db
    .select()
    .from(orders)
    .where(status ? and(eq(orders.user_id, userId), eq(orders.status, status)) : eq(orders.user_id, userId))
    .orderBy(desc(orders.created_at))
    .limit(100);
  const ids = rows.map((r) => r.id);
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
  return rows.map((o) => {
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
    };
  });
}
