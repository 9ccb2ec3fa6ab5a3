import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { bookingAudience, bookingCpm, type OrderStatus } from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import {
  coupons,
  invoices,
  orderItems,
  orderItemTowers,
  orders,
  orderStatusHistory,
  products,
  towers,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/** An order's items with their towers and audience, read from the catalogue as it is now (decision 022). */
async function itemsWithAudience(db: Db, orderId: string) {
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.order_id, orderId))
    .orderBy(asc(orderItems.created_at));
  const itemTowers = items.length
    ? await db
        .select()
        .from(orderItemTowers)
        .where(
          inArray(
            orderItemTowers.order_item_id,
            items.map((i) => i.id),
          ),
        )
    : [];
  const productIds = [...new Set(items.map((i) => i.product_id))];
  const productRows = productIds.length
    ? await db
        .select({
          id: products.id,
          is_tower_based: products.is_tower_based,
          weekly_audience: products.weekly_audience,
        })
        .from(products)
        .where(inArray(products.id, productIds))
    : [];
  const towerAudience = new Map(
    itemTowers.length
      ? (
          await db
            .select({ id: towers.id, weekly_audience: towers.weekly_audience })
            .from(towers)
            .where(
              inArray(
                towers.id,
                itemTowers.map((t) => t.tower_id),
              ),
            )
        ).map((t) => [t.id, t.weekly_audience])
      : [],
  );
  const audienceOf = (item: (typeof items)[number]) => {
    const product = productRows.find((p) => p.id === item.product_id);
    return bookingAudience({
      isTowerBased: product?.is_tower_based ?? false,
      productWeeklyAudience: product?.weekly_audience ?? 0,
      chosenTowerAudiences: itemTowers
        .filter((t) => t.order_item_id === item.id)
        .map((t) => towerAudience.get(t.tower_id) ?? 0),
      weeks: item.weeks,
    });
  };
  return items.map((i) => ({
    id: i.id,
    product_id: i.product_id,
    name: i.product_name,
    type: i.product_type,
    city: i.city,
    state: i.state,
    start: i.starts_on,
    end: i.ends_on,
    weeks: i.weeks,
    daily_price: i.daily_price,
    tower_count: i.tower_count,
    towers: itemTowers
      .filter((t) => t.order_item_id === i.id)
      .map((t) => ({ id: t.tower_id, name: t.tower_name })),
    subtotal: i.subtotal,
    discount: i.discount,
    total: i.total,
    audience: audienceOf(i),
    cpm: bookingCpm(i.total, audienceOf(i)),
  }));
}

/** What the customer (or staff) reads of orders. */
export async function orderDetail(db: Db, orderId: string, ownerId?: string) {
  const order = await db.query.orders.findFirst({ where: eq(orders.id, orderId) });
  if (!order || (ownerId && order.user_id !== ownerId)) throw new AppError(404, 'Pedido não encontrado.');
  const history = await db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.order_id, order.id))
    .orderBy(asc(orderStatusHistory.created_at));
  const invoice = await db.query.invoices.findFirst({ where: eq(invoices.order_id, order.id) });
  const coupon = order.coupon_id
    ? await db.query.coupons.findFirst({ where: eq(coupons.id, order.coupon_id) })
    : null;
  return {
    id: order.id,
    code: order.code,
    status: order.status,
    payment_method: order.payment_method,
    subtotal: order.subtotal,
    discount: order.discount,
    coupon_discount: order.coupon_discount,
    coupon_code: coupon?.code ?? null,
    total: order.total,
    expires_at: order.expires_at.toISOString(),
    paid_at: order.paid_at?.toISOString() ?? null,
    created_at: order.created_at.toISOString(),
    pix_payload:
      order.status === 'aguardando_pagamento' && order.payment_method === 'pix' ? order.pix_payload : null,
    items: await itemsWithAudience(db, order.id),
    history: history.map((h) => ({
      from: h.from_status,
      to: h.to_status,
      actor: h.actor,
      note: h.note,
      at: h.created_at.toISOString(),
    })),
    invoice: invoice
      ? {
          number: invoice.number,
          status: invoice.status,
          total: invoice.total,
          due_date: invoice.due_date,
          paid_at: invoice.paid_at?.toISOString() ?? null,
        }
      : null,
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
