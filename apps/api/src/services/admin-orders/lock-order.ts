import { eq, min } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { ORDER_NOT_FOUND } from './order-detail.ts';

/**
 * The order row, locked until the transaction ends: two staff acting on one order at once take turns,
 * and the second meets the state the first left (a 409 when its step no longer applies).
 */
export async function lockOrder(tx: Tx, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new AppError(404, ORDER_NOT_FOUND);
  return order;
}

/** The first booked day of an order (the hold never reaches past it). */
export async function firstStartOf(tx: Tx, orderId: string): Promise<string> {
  const [row] = await tx
    .select({ first: min(orderItems.starts_on) })
    .from(orderItems)
    .where(eq(orderItems.order_id, orderId));
  return row!.first!;
}
