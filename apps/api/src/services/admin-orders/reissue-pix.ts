import { eq } from 'drizzle-orm';
import { adminOrderMessages, formatMoney, formatDateTime, paths, pathWithQuery } from '@urbana/shared';
import { orders, profiles, retiredPixTxids } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ActorContext } from '../admin.ts';
import { audit } from '../audit.ts';
import { emailTemplates } from '../messaging/email-templates.ts';
import { notify } from '../messaging/notifications.ts';
import type { OrderDeps } from '../orders/transition.ts';
import { chargeColumns, orderCharge } from '../payments/order-charge.ts';
import { lockOrder } from './lock-order.ts';

/**
 * A new Pix code for an unpaid order (the customer lost it, or the bank refused the old one): a new
 * txid and BR Code; the old txid is kept in retired_pix_txids so that a Pix paid with it pays no order
 * (decision 029). The hold keeps its time: extending it is a separate step.
 */
export async function reissuePix(deps: OrderDeps, actor: ActorContext, orderId: string) {
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.payment_method !== 'pix') throw new AppError(409, adminOrderMessages.reissueNotPix);
    if (order.status !== 'aguardando_pagamento')
      throw new AppError(409, adminOrderMessages.reissueNotAllowed(order.status));
    if (order.expires_at.getTime() <= Date.now()) throw new AppError(409, adminOrderMessages.holdOver);
    // A new charge at the PSP when there is one (issue #41), expiring with the hold it keeps.
    const billing = order.billing as { document: string; name: string };
    // A Pix order always has a charge (a PSP's or the static code).
    const charge = (await orderCharge(deps, {
      method: 'pix',
      code: order.code,
      amount: order.total,
      payer: billing,
      expiresInSeconds: Math.ceil((order.expires_at.getTime() - Date.now()) / 1000),
    }))!;
    const payload = charge.payload;
    if (order.payment_reference)
      await tx
        .insert(retiredPixTxids)
        .values({ txid: order.payment_reference, order_id: order.id, retired_by: actor.actorId });
    await tx
      .update(orders)
      .set({ ...chargeColumns(charge), updated_at: new Date() })
      .where(eq(orders.id, order.id));
    await audit(tx, {
      actorId: actor.actorId,
      action: 'pedido.pix_reemitido',
      entity: 'order',
      entityId: order.id,
      before: { pix_txid: order.payment_reference },
      after: { pix_txid: charge.txid, note: `Novo Pix emitido; o código anterior não vale mais.` },
      ip: actor.ip,
    });
    const customer = await tx.query.profiles.findFirst({ where: eq(profiles.id, order.user_id) });
    await notify(tx, {
      userId: order.user_id,
      kind: 'pedido_pix_reemitido',
      title: `Novo código Pix para o pedido ${order.code}`,
      body: `O código anterior não vale mais. Pague com o novo até ${formatDateTime(order.expires_at)}.`,
      link: pathWithQuery(paths.confirmacaoPedido, {}, { orderId: order.id }),
    });
    await deps.outbox.enqueue(tx, {
      to: customer!.email,
      userId: order.user_id,
      ...emailTemplates.pixReissued({
        name: customer!.nome_completo,
        code: order.code,
        total: formatMoney(order.total),
        pix: payload,
        until: formatDateTime(order.expires_at),
        url: `${deps.config.publicUrl}${pathWithQuery(paths.confirmacaoPedido, {}, { orderId: order.id })}`,
      }),
    });
  });
  void deps.outbox.kick();
}
