import { asc, eq } from 'drizzle-orm';
import {
  adminOrderMessages,
  chooseRefund,
  formatMoney,
  refundUnderPolicy,
  staffCancellable,
  todayInBrasilia,
  type CancelOrderBody,
} from '@urbana/shared';
import type { Tx } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema/index.ts';
import { issueCreditNote } from '../orders/credit-note.ts';
import { providerPaymentOf, queueRefund } from '../payments/refunds.ts';
import { AppError } from '../../lib/errors.ts';
import type { ActorContext } from '../admin.ts';
import { audit } from '../audit.ts';
import { refundEmail, refundNotice } from '../messaging/refund-notice.ts';
import { transitionOrder, type OrderDeps } from '../orders/transition.ts';
import { lockOrder } from './lock-order.ts';

const PAID = ['pago', 'em_veiculacao', 'pago_apos_expirar'];

type Refund = { amount: number; reason: string | null; policy: number };

/**
 * The refund staff chose for a paid order (decision 076): the policy's amount unless they chose the
 * whole amount paid or a part of it, with a reason for any other amount. Null for an unpaid order,
 * which owes nothing and offers no choice. Refused choices answer 400 with the field's message.
 */
async function refundOf(
  tx: Tx,
  order: typeof orders.$inferSelect,
  body: CancelOrderBody,
): Promise<Refund | null> {
  const chose = body.reembolso !== 'politica' || body.valor_reembolso != null;
  if (!PAID.includes(order.status)) {
    if (chose) throw new AppError(400, adminOrderMessages.refundUnpaid);
    return null;
  }
  const items = await tx
    .select({ start: orderItems.starts_on, total: orderItems.total })
    .from(orderItems)
    .where(eq(orderItems.order_id, order.id))
    .orderBy(asc(orderItems.created_at));
  const policy = refundUnderPolicy({
    status: order.status,
    total: order.total,
    items,
    today: todayInBrasilia(),
  });
  const chosen = chooseRefund({
    choice: body.reembolso,
    policy,
    paid: order.total,
    amount: body.valor_reembolso,
    reason: body.motivo_reembolso,
  });
  if ('error' in chosen) throw new AppError(400, chosen.error);
  return { ...chosen, policy };
}

/** Queues the refund of an order paid through the PSP; false for one paid otherwise (staff return it). */
async function refundThroughProvider(
  deps: OrderDeps,
  tx: Tx,
  order: typeof orders.$inferSelect,
  refund: Refund,
  actor: ActorContext,
): Promise<boolean> {
  const provider = deps.payments;
  if (!provider) return false;
  const payment = await providerPaymentOf(tx, provider.name, order.id, order.total);
  if (!payment) return false;
  await queueRefund(tx, {
    provider: provider.name,
    payment,
    orderId: order.id,
    kind: 'cancelamento',
    amount: refund.amount,
    description: `Reembolso do pedido ${order.code} na Urbana`,
    createdBy: actor.actorId,
  });
  return true;
}

const historyNote = (reason: string, refund: Refund | null) => {
  const text = `Cancelado pela equipe: ${reason}.`;
  if (!refund) return text.replace('..', '.');
  const why = refund.reason ? ` (fora da política: ${refund.reason})` : '';
  return `${text} Reembolso: ${formatMoney(refund.amount)}${why}.`.replace('..', '.');
};

/**
 * Staff cancel an order: the slots go back (transitionOrder); an unpaid order owes nothing; a paid one
 * records the refund staff chose (the policy's by default, decision 076) and, when there is one, a
 * credit note on its invoice (decision 029). The customer is told the reason, the amount and the note
 * in the one notification and e-mail of the cancellation.
 */
export async function cancelOrder(
  deps: OrderDeps,
  actor: ActorContext,
  orderId: string,
  body: CancelOrderBody,
) {
  const reason = body.motivo;
  let queued = false;
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!staffCancellable.includes(order.status))
      throw new AppError(409, adminOrderMessages.cancelNotAllowed(order.status));
    const refund = await refundOf(tx, order, body);
    // Paid through the PSP, the money goes back by Pix and the note comes when it is back (decision
    // 102); otherwise the note first: the customer's notice and e-mail name it.
    const viaProvider =
      refund !== null && refund.amount > 0 && (await refundThroughProvider(deps, tx, order, refund, actor));
    queued ||= viaProvider;
    const note =
      refund !== null && refund.amount > 0 && !viaProvider
        ? await issueCreditNote(tx, { orderId: order.id, refund, reason, actorId: actor.actorId })
        : null;
    await tx
      .update(orders)
      .set({
        cancel_reason: reason,
        ...(refund ? { refund_amount: refund.amount, refund_reason: refund.reason } : {}),
      })
      .where(eq(orders.id, order.id));
    const decision = refund && {
      code: order.code,
      reason,
      amount: refund.amount,
      refundReason: refund.reason,
      creditNote: note?.number ?? null,
      viaProvider,
    };
    await transitionOrder(
      deps,
      {
        orderId: order.id,
        to: 'cancelado',
        actor: 'equipe',
        actorId: actor.actorId,
        note: historyNote(reason, refund),
        ...(decision
          ? { told: { notice: refundNotice(decision), email: (to) => refundEmail(decision, to) } }
          : {}),
      },
      tx,
    );
    await audit(tx, {
      actorId: actor.actorId,
      action: 'pedido.cancelado',
      entity: 'order',
      entityId: order.id,
      before: { status: order.status },
      after: {
        status: 'cancelado',
        note: reason,
        ...(refund
          ? {
              refund_amount: refund.amount,
              refund_policy_amount: refund.policy,
              refund_choice: body.reembolso,
              refund_reason: refund.reason,
            }
          : {}),
        ...(note ? { credit_note: note.number } : {}),
      },
      ip: actor.ip,
    });
  });
  if (queued) deps.kickRefunds?.();
}
