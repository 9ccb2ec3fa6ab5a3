/**
 * What every payment provider's received Pix shares once it names an order (issue #41): whether the
 * order's hold is already gone, and the "paid after expiry" path (issue 22, decision 026; decision 102
 * for the automatic devolução).
 */
import { sql } from 'drizzle-orm';
import { buildPath, formatMoney, paths } from '@urbana/shared';
import type { Tx } from '../../db/client.ts';
import type { orders } from '../../db/schema/index.ts';
import { notifyStaff } from '../messaging/notifications.ts';
import { transitionOrder, type OrderDeps } from '../orders/transition.ts';

/**
 * Whether an unpaid order's hold is gone: its window passed and another checkout already took (or
 * released) one of its slots, before the expiry worker ran. Confirming it then would book a slot twice.
 */
export async function lostSlots(tx: Tx, orderId: string, expiresAt: Date): Promise<boolean> {
  if (expiresAt.getTime() > Date.now()) return false;
  const released = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from reservations r
    join order_items i on i.id = r.order_item_id
    where i.order_id = ${orderId} and r.status = 'liberada'`);
  return Number(released.rows[0]?.n ?? 0) > 0;
}

/**
 * A Pix paid after the order's hold expired (or after it was cancelled): the payment is recorded, the
 * order becomes "pago após expirar — reembolso pendente", its slots stay free for whoever has them now,
 * and the customer and staff are told (issue 22, item 4; decision 026). The webhook answers 200 so the
 * provider stops retrying.
 */
export async function recordLatePayment(
  deps: OrderDeps,
  tx: Tx,
  order: typeof orders.$inferSelect,
  eventId: string,
  /** The PSP gives the money back by itself (decision 102): staff are told, not asked. */
  automaticRefund = false,
): Promise<void> {
  await transitionOrder(
    deps,
    {
      orderId: order.id,
      to: 'pago_apos_expirar',
      actor: 'provedor',
      note: `Pix recebido após o prazo (evento ${eventId}); as vagas já tinham sido liberadas. Reembolso pendente.`,
    },
    tx,
  );
  await notifyStaff(tx, {
    kind: 'pedido_reembolso_pendente',
    title: `Pix recebido após o prazo: pedido ${order.code}`,
    body: automaticRefund
      ? `${formatMoney(order.total)} pagos depois que as vagas foram liberadas. O valor está sendo devolvido por Pix; o pedido é cancelado quando a devolução for concluída.`
      : `${formatMoney(order.total)} pagos depois que as vagas foram liberadas. Devolva o valor ao cliente e cancele o pedido.`,
    link: buildPath(paths.admin.pedido, { id: order.id }),
  });
}
