import { asc, eq, inArray } from 'drizzle-orm';
import { PROPOSAL_REQUEST_PREFIX, storedFigures, type OrderHead, type OrderInvoice } from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import type { invoices, orders } from '../../db/schema/index.ts';
import { coupons, orderItems, orderItemTowers } from '../../db/schema/index.ts';

/**
 * What the customer's order and the staff's order detail both say of an order (issue #18): one
 * mapping for the shared `orderHeadSchema`, `orderInvoiceSchema` and `bookedLineSchema`.
 */
export function orderHead(order: typeof orders.$inferSelect, couponCode: string | null): OrderHead {
  return {
    id: order.id,
    code: order.code,
    status: order.status,
    payment_method: order.payment_method,
    subtotal: order.subtotal,
    discount: order.discount,
    discount_reason: order.request_hash.startsWith(PROPOSAL_REQUEST_PREFIX) ? 'proposta' : 'longa_duracao',
    coupon_discount: order.coupon_discount,
    coupon_code: couponCode,
    total: order.total,
    created_at: order.created_at.toISOString(),
    expires_at: order.expires_at.toISOString(),
    paid_at: order.paid_at?.toISOString() ?? null,
    advertiser: order.advertiser_id ? { id: order.advertiser_id, ...billedName(order.billing) } : null,
    figures: storedFigures(order),
  };
}

/** The name and CNPJ an agency's order bills (its advertiser's, kept on the order). */
export function billedName(billing: unknown): { name: string; document: string } {
  const b = (billing ?? {}) as { name?: unknown; document?: unknown };
  return {
    name: typeof b.name === 'string' ? b.name : '',
    document: typeof b.document === 'string' ? b.document : '',
  };
}

/** The code of the coupon an order used, or null. */
export async function couponCodeOf(db: Db, order: typeof orders.$inferSelect): Promise<string | null> {
  if (!order.coupon_id) return null;
  const coupon = await db.query.coupons.findFirst({ where: eq(coupons.id, order.coupon_id) });
  return coupon?.code ?? null;
}

export function orderInvoice(
  invoice: Pick<
    typeof invoices.$inferSelect,
    'id' | 'number' | 'status' | 'total' | 'due_date' | 'paid_at' | 'agency_commission'
  >,
): OrderInvoice {
  return {
    id: invoice.id,
    number: invoice.number,
    status: invoice.status,
    total: invoice.total,
    agency_commission: invoice.agency_commission ?? 0,
    due_date: invoice.due_date,
    paid_at: invoice.paid_at?.toISOString() ?? null,
  };
}

/** The towers booked by these order items (none asked, no query). */
export async function towersOfItems(db: Db, itemIds: string[]) {
  if (itemIds.length === 0) return [];
  return db.select().from(orderItemTowers).where(inArray(orderItemTowers.order_item_id, itemIds));
}

/** An order's items in booking order, each with its towers and its line as both answers show it. */
export async function bookedItems(db: Db, orderId: string) {
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.order_id, orderId))
    .orderBy(asc(orderItems.created_at));
  const itemTowers = await towersOfItems(
    db,
    items.map((i) => i.id),
  );
  return items.map((item) => {
    const towers = itemTowers.filter((t) => t.order_item_id === item.id);
    return {
      item,
      towers,
      line: bookedLine(
        item,
        towers.map((t) => ({ id: t.tower_id, name: t.tower_name })),
      ),
    };
  });
}

/** An order item as both answers show it (`bookedLineSchema`), with the towers it booked. */
export function bookedLine(
  item: Omit<typeof orderItems.$inferSelect, 'created_at'>,
  towers: Array<{ id: string; name: string }>,
) {
  return {
    id: item.id,
    product_id: item.product_id,
    name: item.product_name,
    type: item.product_type,
    city: item.city,
    state: item.state,
    start: item.starts_on,
    weeks: item.weeks,
    towers,
    total: item.total,
  };
}
