import { asc, eq } from 'drizzle-orm';
import { formatMoney, formatBookingPeriod, buildPath, paths } from '@urbana/shared';
import { invoices, orderItems, profiles } from '../../db/schema/index.ts';
import type { ActorContext } from '../admin.ts';
import { audit } from '../audit.ts';
import { emailTemplates } from '../messaging/email-templates.ts';
import type { OrderDeps } from '../orders/transition.ts';
import { lockOrder } from './lock-order.ts';
import { pixCodeOf } from '../payments/order-charge.ts';

/**
 * Sends the customer the e-mail of the order's current state again: the order placed (with its Pix
 * code while unpaid) or the last change of state. Allowed in every state; audited.
 */
export async function resendOrderEmail(deps: OrderDeps, actor: ActorContext, orderId: string) {
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const customer = await tx.query.profiles.findFirst({ where: eq(profiles.id, order.user_id) });
    const items = await tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.order_id, order.id))
      .orderBy(asc(orderItems.created_at));
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.order_id, order.id));
    const url = `${deps.config.publicUrl}${buildPath(paths.pedido, { orderId: order.id })}`;
    const email =
      order.status === 'aguardando_pagamento'
        ? emailTemplates.orderPlaced({
            name: customer!.nome_completo,
            code: order.code,
            total: formatMoney(order.total),
            method: order.payment_method,
            pix: order.payment_method === 'pix' ? pixCodeOf(order) : null,
            items: items.map((i) => `${i.product_name}: ${formatBookingPeriod(i.starts_on, i.weeks)}`),
            terms: invoice ? { dueDate: invoice.due_date, expiresAt: order.expires_at } : undefined,
            url,
          })
        : emailTemplates.orderStatus({
            name: customer!.nome_completo,
            code: order.code,
            status: order.status,
            url,
          });
    await deps.outbox.enqueue(tx, { to: customer!.email, userId: order.user_id, ...email });
    await audit(tx, {
      actorId: actor.actorId,
      action: 'pedido.email_reenviado',
      entity: 'order',
      entityId: order.id,
      after: { to: customer!.email, subject: email.subject },
      ip: actor.ip,
    });
  });
  void deps.outbox.kick();
}
