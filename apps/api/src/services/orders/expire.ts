import { and, eq, sql } from 'drizzle-orm';
import { orders } from '../../db/schema/index.ts';
import { transitionOrder, type OrderDeps } from './transition.ts';

/**
 * The worker's job: unpaid orders past their window expire and give their slots back. `now` is the
 * worker's clock (tests move it; an invoiced order must still be held the minute before its hold ends).
 */
export async function expireOrders(deps: OrderDeps, now = new Date()): Promise<number> {
  const due = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'aguardando_pagamento'),
        sql`${orders.expires_at} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .limit(100);
  let n = 0;
  for (const { id } of due) {
    try {
      const result = await transitionOrder(deps, {
        orderId: id,
        to: 'expirado',
        actor: 'sistema',
        note: 'Prazo de pagamento encerrado.',
      });
      if (result.changed) n += 1;
    } catch {
      // Paid or cancelled in the meantime: nothing to do.
    }
  }
  return n;
}
