/**
 * A payment a provider received, applied to Urbana (issue #41): the same path whether its webhook came,
 * came twice, came in a batch or out of order, or reconciliation found it. Each payment is recorded
 * once (payment_events, by the provider's id), matched to its order by the charge's reference, and
 * its amount compared with the order's total to the centavo. An order becomes paid only through
 * transitionOrder(... 'pago'), so every hook on that transition runs.
 */
import { eq } from 'drizzle-orm';
import { buildPath, canTransition, formatMoney, paths } from '@urbana/shared';
import type { Tx } from '../../db/client.ts';
import { orders, paymentEvents, retiredPixTxids } from '../../db/schema/index.ts';
import { notifyStaff } from '../messaging/notifications.ts';
import { transitionOrder, type OrderDeps } from '../orders/transition.ts';
import { lostSlots, recordLatePayment } from './late-payment.ts';
import type { ReceivedPayment } from './provider.ts';
import { queueRefund } from './refunds.ts';

export type PaymentOutcome =
  'pago' | 'pago_apos_expirar' | 'repetido' | 'sem_pedido' | 'valor_divergente' | 'ja_pago' | 'nao_aplicavel';

/** The order a payment names, locked; undefined for a payment with no charge of ours. */
async function orderOf(tx: Tx, payment: ReceivedPayment) {
  if (!payment.chargeReference) return undefined;
  // A code staff replaced cannot pay its order (decision 029): the money is then a Pix without order.
  const retired = await tx.query.retiredPixTxids.findFirst({
    where: eq(retiredPixTxids.txid, payment.chargeReference),
  });
  if (retired) return undefined;
  const [order] = await tx
    .select()
    .from(orders)
    .where(eq(orders.payment_reference, payment.chargeReference))
    .for('update');
  return order;
}

async function tellStaff(tx: Tx, payment: ReceivedPayment, title: string, body: string, orderId?: string) {
  await notifyStaff(tx, {
    kind: 'pix_sem_pedido',
    title,
    body: `${body} Pix ${payment.reference}, ${formatMoney(payment.amount)}.`,
    link: orderId ? buildPath(paths.admin.pedido, { id: orderId }) : null,
  });
}

export async function applyReceivedPayment(
  deps: OrderDeps,
  provider: string,
  payment: ReceivedPayment,
): Promise<PaymentOutcome> {
  const outcome = await applyInTransaction(deps, provider, payment);
  if (outcome === 'pago_apos_expirar') deps.kickRefunds?.();
  return outcome;
}

async function applyInTransaction(
  deps: OrderDeps,
  provider: string,
  payment: ReceivedPayment,
): Promise<PaymentOutcome> {
  return deps.db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({
        provider_event_id: `${provider}:${payment.reference}`,
        type: 'pagamento_recebido',
        payload: { ...payment, paidAt: payment.paidAt.toISOString() },
      })
      .onConflictDoNothing()
      .returning();
    if (!recorded) return 'repetido';
    const order = await orderOf(tx, payment);
    if (!order) {
      await tellStaff(tx, payment, 'Pix sem pedido', 'Pix recebido que não corresponde a nenhum pedido.');
      return 'sem_pedido';
    }
    await tx.update(paymentEvents).set({ order_id: order.id }).where(eq(paymentEvents.id, recorded.id));
    if (payment.amount !== order.total) {
      await tellStaff(
        tx,
        payment,
        `Pix com valor divergente: pedido ${order.code}`,
        `O pedido custa ${formatMoney(order.total)}; o pedido não foi marcado como pago.`,
        order.id,
      );
      return 'valor_divergente';
    }
    if (order.status === 'pago' || order.status === 'pago_apos_expirar') return 'ja_pago';
    if (order.status === 'aguardando_pagamento' && !(await lostSlots(tx, order.id, order.expires_at))) {
      const note = `Pix confirmado pelo provedor (${payment.reference}).`;
      await transitionOrder(deps, { orderId: order.id, to: 'pago', actor: 'provedor', note }, tx);
      return 'pago';
    }
    if (!canTransition(order.status, 'pago_apos_expirar', 'provedor')) return 'nao_aplicavel';
    // Through the PSP the money goes back by itself (decision 102).
    const automatic = deps.payments?.name === provider;
    await recordLatePayment(deps, tx, order, payment.reference, automatic);
    if (automatic)
      await queueRefund(tx, {
        provider,
        payment: payment.reference,
        orderId: order.id,
        kind: 'pago_apos_expirar',
        amount: payment.amount,
        description: `Devolução do Pix recebido após o prazo do pedido ${order.code}`,
      });
    return 'pago_apos_expirar';
  });
}
