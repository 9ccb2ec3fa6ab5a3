import { eq, inArray, sql } from 'drizzle-orm';
import type { PaymentProvider } from '../payments/provider.ts';
import { canTransition, type OrderActor, type OrderStatus, buildPath, paths } from '@urbana/shared';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  couponRedemptions,
  coupons,
  invoices,
  orderItems,
  orders,
  orderStatusHistory,
  reservations,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { emailTemplates, orderStatusNotice, type RenderedEmail } from '../messaging/email-templates.ts';
import type { Outbox } from '../messaging/outbox.ts';
import { notify } from '../messaging/notifications.ts';
import { cancelNfse, enqueueNfse } from '../fiscal/fiscal-queue.ts';
import { payInvoice } from './issue-invoice.ts';

/** What the order services need: the database, the settings, the outbox and the read cache. */
export interface OrderDeps {
  db: Db;
  config: Config;
  outbox: Outbox;
  /** Cached catalogue answers, cleared whenever availability changes. */
  catalogCache?: { clear(): void };
  /** The payment provider (the API Pix PSP) when PIX_PSP_URL is set (issue #41). */
  payments?: PaymentProvider | undefined;
  /** Send the refunds just queued now (a no-op unless the workers run). */
  kickRefunds?: () => void;
}

export interface TransitionInput {
  orderId: string;
  to: OrderStatus;
  actor: OrderActor;
  actorId?: string | null;
  note?: string;
  ownerId?: string;
  /**
   * What the customer is told instead of the status's usual notice and e-mail: a staff cancellation
   * names its reason and refund (issue #40 item 3). Still one notification and one e-mail, in the
   * transaction, sent after the commit.
   */
  told?: {
    notice: { title: string; body: string };
    email: (to: { name: string; url: string }) => RenderedEmail;
  };
  /**
   * The notification only: another e-mail of the same moment tells the customer (an order concluded
   * with its last campaign is told by the campaign report's e-mail, issue #40 item 7).
   */
  noEmail?: boolean;
}

type OrderRow = typeof orders.$inferSelect;

/** Reservations, invoice and coupon in step with the new state (the paid invoice is numbered last). */
async function applyEffects(tx: Tx, order: OrderRow, to: OrderStatus) {
  const items = tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.order_id, order.id));
  const setReservations = (status: 'confirmada' | 'liberada') =>
    tx
      .update(reservations)
      .set(status === 'confirmada' ? { status, hold_expires_at: null } : { status })
      .where(inArray(reservations.order_item_id, items));
  if (to === 'pago') await setReservations('confirmada');
  // Paid too late: whatever it still held goes back, the invoice will not be charged (decision 026;
  // it is numbered and cancelled last, in transitionOrder).
  if (to === 'pago_apos_expirar') await setReservations('liberada');
  if (to !== 'cancelado' && to !== 'expirado') return;
  await setReservations('liberada');
  if (order.status !== 'aguardando_pagamento') return;
  // A paid order's invoice stays paid: its cancellation issues a credit note (decision 029).
  await tx.update(invoices).set({ status: 'cancelada' }).where(eq(invoices.order_id, order.id));
  if (order.coupon_id) {
    // An unpaid order gives its coupon use back.
    await tx.delete(couponRedemptions).where(eq(couponRedemptions.order_id, order.id));
    await tx
      .update(coupons)
      .set({ uses: sql`greatest(${coupons.uses} - 1, 0)` })
      .where(eq(coupons.id, order.coupon_id));
  }
}

/** History, notification and e-mail of a change, in its transaction (sent by the outbox after commit). */
async function recordChange(deps: OrderDeps, tx: Tx, order: OrderRow, input: TransitionInput) {
  await tx.insert(orderStatusHistory).values({
    order_id: order.id,
    from_status: order.status,
    to_status: input.to,
    actor: input.actor,
    actor_id: input.actorId ?? null,
    note: input.note ?? null,
  });
  const user = await tx.query.profiles.findFirst({ where: (p, { eq: e }) => e(p.id, order.user_id) });
  await notify(tx, {
    userId: order.user_id,
    kind: `pedido_${input.to}`,
    ...(input.told?.notice ?? orderStatusNotice(input.to, order.code)),
    link: buildPath(paths.pedido, { orderId: order.id }),
  });
  if (input.noEmail) return;
  const to = {
    name: user!.nome_completo,
    url: `${deps.config.publicUrl}${buildPath(paths.pedido, { orderId: order.id })}`,
  };
  await deps.outbox.enqueue(tx, {
    to: user!.email,
    userId: order.user_id,
    ...(input.told
      ? input.told.email(to)
      : emailTemplates.orderStatus({ ...to, code: order.code, status: input.to })),
  });
}

/** Moves an order to a new state if the rules allow it, with history, reservations and invoice in step. */
export async function transitionOrder(deps: OrderDeps, input: TransitionInput, tx0?: Tx) {
  const run = async (tx: Tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (!order || (input.ownerId && order.user_id !== input.ownerId))
      throw new AppError(404, 'Pedido não encontrado.');
    if (order.status === input.to) return { order, changed: false };
    if (!canTransition(order.status, input.to, input.actor)) {
      throw new AppError(409, `Não é possível mudar o pedido de "${order.status}" para "${input.to}".`);
    }
    const now = new Date();
    const paid = input.to === 'pago' || input.to === 'pago_apos_expirar';
    const [updated] = await tx
      .update(orders)
      .set({ status: input.to, updated_at: now, ...(paid ? { paid_at: now } : {}) })
      .where(eq(orders.id, order.id))
      .returning();
    await applyEffects(tx, order, input.to);
    await recordChange(deps, tx, order, input);
    // Last: the year's invoice counter stays locked only until this transaction commits.
    if (input.to === 'pago') await payInvoice(tx, order.id, now);
    // The NFS-e follows the payment and the cancellation (issue #42, decisions 083 and 085).
    if (input.to === 'pago') await enqueueNfse(tx, deps.config.nfse, order.id, order.total);
    if (input.to === 'cancelado')
      await cancelNfse(tx, deps.config.nfse, order.id, input.note ?? 'Pedido cancelado.', now);
    if (input.to === 'pago_apos_expirar') await payInvoice(tx, order.id, now, 'cancelada');
    return { order: updated!, changed: true };
  };
  const result = tx0 ? await run(tx0) : await deps.db.transaction(run);
  deps.catalogCache?.clear();
  void deps.outbox.kick();
  return result;
}

/** An order with nothing to pay (a 100 % coupon, a free proposal) is confirmed as it is placed. */
export async function confirmFreeOrder(deps: OrderDeps, orderId: string, tx: Tx) {
  await transitionOrder(
    deps,
    { orderId, to: 'pago', actor: 'sistema', note: 'Pedido sem valor a pagar: confirmado na hora.' },
    tx,
  );
}
