import { and, eq, sql } from 'drizzle-orm';
import { orders } from '../../db/schema/index.ts';
import { mayExpire } from '../payments/reconcile.ts';
import { transitionOrder, type OrderDeps } from './transition.ts';

/**
 * The worker's job: unpaid orders past their window expire and give their slots back, after a last
 * look at the PSP for an order paid there whose webhook was lost (docs/decisions/099). `now` is the
 * worker's clock (tests move it; an invoiced order must still be held the minute before its hold ends).
 */
export async function expireOrders(deps: OrderDeps, now = new Date()): Promise<number> {
  const due = await deps.db
    .select({
      id: orders.id,
      txid: orders.payment_reference,
      provider: orders.payment_provider,
      method: orders.payment_method,
      expiresAt: orders.expires_at,
    })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'aguardando_pagamento'),
        sql`${orders.expires_at} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .limit(100);
  let n = 0;
  for (const { id, ...order } of due) {
    // A PSP's order is asked about once more: a Pix whose webhook was lost pays it instead (issue #41).
    if (!(await mayExpire(deps, order, now))) continue;
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
