import { and, eq, inArray } from 'drizzle-orm';
import { adminOrderMessages, canTransition } from '@urbana/shared';
import { orderItems, reservations } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ActorContext } from '../admin.ts';
import { audit } from '../audit.ts';
import { transitionOrder, type OrderDeps } from '../orders/transition.ts';
import { lockOrder } from './lock-order.ts';

/**
 * Staff confirm a payment they received (an invoiced "boleto/transferência faturada", or a Pix seen in
 * the bank): only an order still awaiting payment whose slots are still its own.
 */
export async function confirmPayment(deps: OrderDeps, actor: ActorContext, orderId: string, note?: string) {
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === 'pago') throw new AppError(409, adminOrderMessages.alreadyPaid);
    if (!canTransition(order.status, 'pago', 'equipe'))
      throw new AppError(409, adminOrderMessages.confirmNotAllowed(order.status));
    const items = tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.order_id, order.id));
    const released = await tx
      .select({ id: reservations.id })
      .from(reservations)
      .where(and(inArray(reservations.order_item_id, items), eq(reservations.status, 'liberada')))
      .limit(1);
    if (released.length) throw new AppError(409, adminOrderMessages.slotsReleased);
    await transitionOrder(
      deps,
      {
        orderId: order.id,
        to: 'pago',
        actor: 'equipe',
        actorId: actor.actorId,
        note: note ?? 'Pagamento confirmado pela equipe.',
      },
      tx,
    );
    await audit(tx, {
      actorId: actor.actorId,
      action: 'pedido.pagamento_confirmado',
      entity: 'order',
      entityId: order.id,
      before: { status: order.status },
      after: { status: 'pago' },
      ip: actor.ip,
    });
  });
}
