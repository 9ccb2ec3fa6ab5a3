import { and, eq, inArray } from 'drizzle-orm';
import { adminOrderMessages, formatDateTime, holdCeiling, buildPath, paths } from '@urbana/shared';
import { orderItems, orders, profiles, reservations } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ActorContext } from '../admin.ts';
import { audit } from '../audit.ts';
import { emailTemplates } from '../messaging/email-templates.ts';
import { notify } from '../messaging/notifications.ts';
import type { OrderDeps } from '../orders/transition.ts';
import { firstStartOf, lockOrder } from './lock-order.ts';

/**
 * Staff give an unpaid order more time (an invoiced payment on its way): at most 72 h at a time, never
 * beyond 10 days after the order nor past its first booked day (decision 029). The slots stay held
 * until the new time, on the order, on each reservation and on the order's charge at the PSP; the
 * customer is told on the bell and by e-mail (issue #40 item 7).
 */
export async function extendHold(deps: OrderDeps, actor: ActorContext, orderId: string, hours: number) {
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status !== 'aguardando_pagamento')
      throw new AppError(409, adminOrderMessages.extendNotAllowed(order.status));
    if (order.expires_at.getTime() <= Date.now()) throw new AppError(409, adminOrderMessages.holdOver);
    const ceiling = holdCeiling(order.created_at, await firstStartOf(tx, order.id));
    const until = new Date(Math.min(order.expires_at.getTime() + hours * 3600_000, ceiling.getTime()));
    if (until.getTime() <= order.expires_at.getTime())
      throw new AppError(409, adminOrderMessages.extendAtCeiling(formatDateTime(order.expires_at)));
    await tx.update(orders).set({ expires_at: until, updated_at: new Date() }).where(eq(orders.id, order.id));
    // The charge at the PSP lives as long as the hold (decision 099); a PSP that fails changes nothing.
    if (order.payment_provider && order.payment_reference && deps.payments)
      await deps.payments
        .extendCharge(order.payment_reference, until)
        .catch(() => Promise.reject(new AppError(503, adminOrderMessages.extendPspDown)));
    const items = tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.order_id, order.id));
    await tx
      .update(reservations)
      .set({ hold_expires_at: until })
      .where(and(inArray(reservations.order_item_id, items), eq(reservations.status, 'pendente')));
    await audit(tx, {
      actorId: actor.actorId,
      action: 'pedido.reserva_prorrogada',
      entity: 'order',
      entityId: order.id,
      before: { expires_at: order.expires_at.toISOString() },
      after: { expires_at: until.toISOString(), note: `Reserva prorrogada até ${formatDateTime(until)}.` },
      ip: actor.ip,
    });
    await notify(tx, {
      userId: order.user_id,
      kind: 'pedido_reserva_prorrogada',
      title: `Reserva do pedido ${order.code} prorrogada`,
      body: `As vagas ficam reservadas até ${formatDateTime(until)}, aguardando o pagamento.`,
      link: buildPath(paths.pedido, { orderId: order.id }),
    });
    const customer = await tx.query.profiles.findFirst({ where: eq(profiles.id, order.user_id) });
    await deps.outbox.enqueue(tx, {
      to: customer!.email,
      userId: order.user_id,
      ...emailTemplates.holdExtended({
        name: customer!.nome_completo,
        code: order.code,
        until: formatDateTime(until),
        url: `${deps.config.publicUrl}${buildPath(paths.pedido, { orderId: order.id })}`,
      }),
    });
  });
  void deps.outbox.kick();
}
