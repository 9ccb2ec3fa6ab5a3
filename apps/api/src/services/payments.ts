import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { adminOrderMessages, buildPath, canTransition, formatMoney, paths } from '@urbana/shared';
import type { Tx } from '../db/client.ts';
import { z } from 'zod';
import { orders, paymentEvents, retiredPixTxids } from '../db/schema/index.ts';
import { notifyStaff } from './messaging/notifications.ts';
import { AppError } from '../lib/errors.ts';
import { transitionOrder, type OrderDeps } from './orders/transition.ts';

/** How far a webhook's timestamp may be from now: older deliveries are replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

// The event is stored as text and jsonb, which cannot hold U+0000.
const eventText = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((s) => !s.includes('\u0000'));

export const webhookEventSchema = z.object({
  id: eventText(200),
  type: eventText(100),
  data: z.object({ txid: eventText(35), amount: z.number().int().nonnegative() }),
});

export function signWebhook(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/**
 * The payment provider's webhook: HMAC-SHA256 over "timestamp.raw body" with PAYMENT_WEBHOOK_SECRET,
 * a 5-minute window against replays, and each event id processed once.
 */
export async function handlePaymentWebhook(
  deps: OrderDeps,
  input: { rawBody: Buffer; timestamp: string | undefined; signature: string | undefined },
): Promise<{ status: number; message: string }> {
  const secret = deps.config.paymentWebhookSecret;
  if (!secret) throw new AppError(503, 'Webhook de pagamentos não configurado.');
  const ts = Number(input.timestamp);
  if (!input.timestamp || !Number.isInteger(ts)) throw new AppError(401, 'Assinatura inválida.');
  const expected = Buffer.from(signWebhook(secret, ts, input.rawBody.toString('utf8')), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/i.test(input.signature ?? '') ? input.signature! : '', 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new AppError(401, 'Assinatura inválida.');
  if (Math.abs(Date.now() / 1000 - ts) > WEBHOOK_TOLERANCE_SECONDS)
    throw new AppError(401, 'Evento fora da janela de tempo.');

  let event: z.infer<typeof webhookEventSchema>;
  try {
    event = webhookEventSchema.parse(JSON.parse(input.rawBody.toString('utf8')));
  } catch {
    throw new AppError(400, 'Evento inválido.');
  }
  if (event.type !== 'pagamento.confirmado') return { status: 200, message: 'Evento ignorado.' };

  return deps.db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({ provider_event_id: event.id, type: event.type, payload: event })
      .onConflictDoNothing()
      .returning();
    if (!recorded) return { status: 200, message: 'Evento já processado.' };
    // A Pix code staff replaced: refused, so that only the current code can pay (decision 029).
    const retired = await tx.query.retiredPixTxids.findFirst({
      where: eq(retiredPixTxids.txid, event.data.txid),
    });
    if (retired) throw new AppError(409, adminOrderMessages.retiredTxid);
    const [order] = await tx.select().from(orders).where(eq(orders.pix_txid, event.data.txid)).for('update');
    if (!order) throw new AppError(404, 'Pedido não encontrado.');
    if (order.total !== event.data.amount) throw new AppError(409, 'O valor pago não confere com o pedido.');
    if (order.status === 'pago') return { status: 200, message: 'Pedido já estava pago.' };
    if (order.status === 'pago_apos_expirar')
      return { status: 200, message: 'Pagamento após o prazo já registrado.' };
    await tx.update(paymentEvents).set({ order_id: order.id }).where(eq(paymentEvents.id, recorded.id));
    if (order.status === 'aguardando_pagamento' && !(await lostSlots(tx, order.id, order.expires_at))) {
      await transitionOrder(
        deps,
        { orderId: order.id, to: 'pago', actor: 'provedor', note: `Pix confirmado (evento ${event.id}).` },
        tx,
      );
      return { status: 200, message: 'Pagamento confirmado.' };
    }
    if (!canTransition(order.status, 'pago_apos_expirar', 'provedor'))
      throw new AppError(409, 'Este pedido não aguarda pagamento.');
    await recordLatePayment(deps, tx, order, event.id);
    return { status: 200, message: 'Pagamento registrado após o prazo: reembolso pendente.' };
  });
}

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
