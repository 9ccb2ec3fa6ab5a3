/**
 * "Pix sem pedido" (issue #41, decision 102): a Pix the PSP received that named no order of Urbana's
 * (applyReceivedPayment recorded it with no order and told staff). Staff see each with its devolução, and
 * send one back by Pix with a button: the whole amount, once.
 */
import { and, desc, eq, inArray, isNull, like, ne } from 'drizzle-orm';
import { unmatchedPixMessages, type UnmatchedPix } from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { paymentEvents, paymentRefunds } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ActorContext } from '../admin.ts';
import { audit } from '../audit.ts';
import type { OrderDeps } from '../orders/transition.ts';
import { queueRefund } from './refunds.ts';

interface Recorded {
  reference: string;
  chargeReference?: string;
  amount: number;
}

/** The newest 200 Pix without order, with their devolução. */
export async function listUnmatchedPix(db: Db, provider: string): Promise<UnmatchedPix[]> {
  const events = await db
    .select()
    .from(paymentEvents)
    .where(
      and(
        isNull(paymentEvents.order_id),
        eq(paymentEvents.type, 'pagamento_recebido'),
        like(paymentEvents.provider_event_id, `${provider}:%`),
      ),
    )
    .orderBy(desc(paymentEvents.received_at))
    .limit(200);
  const references = events.map((e) => (e.payload as Recorded).reference);
  const refunds = references.length
    ? await db
        .select()
        .from(paymentRefunds)
        .where(
          and(eq(paymentRefunds.provider, provider), inArray(paymentRefunds.payment_reference, references)),
        )
        .orderBy(desc(paymentRefunds.created_at))
    : [];
  return events.map((e) => {
    const p = e.payload as Recorded;
    const refund = refunds.find((r) => r.payment_reference === p.reference);
    return {
      id: e.id,
      reference: p.reference,
      txid: p.chargeReference ?? null,
      amount: p.amount,
      received_at: e.received_at.toISOString(),
      refund: refund ? { status: refund.status, provider_reason: refund.provider_reason } : null,
    };
  });
}

/** Sends a Pix without order back, whole, unless a devolução of it is under way or done. */
export async function refundUnmatchedPix(deps: OrderDeps, actor: ActorContext, id: string): Promise<void> {
  const provider = deps.payments;
  if (!provider) throw new AppError(409, unmatchedPixMessages.noProvider);
  await deps.db.transaction(async (tx) => {
    // Locked: two clicks (or two staff) send one devolução.
    const [event] = await tx
      .select()
      .from(paymentEvents)
      .where(
        and(
          eq(paymentEvents.id, id),
          isNull(paymentEvents.order_id),
          like(paymentEvents.provider_event_id, `${provider.name}:%`),
        ),
      )
      .for('update');
    if (!event) throw new AppError(404, unmatchedPixMessages.notFound);
    const pix = event.payload as Recorded;
    const [open] = await tx
      .select({ id: paymentRefunds.id })
      .from(paymentRefunds)
      .where(
        and(
          eq(paymentRefunds.provider, provider.name),
          eq(paymentRefunds.payment_reference, pix.reference),
          ne(paymentRefunds.status, 'nao_realizado'),
        ),
      );
    if (open) throw new AppError(409, unmatchedPixMessages.alreadyRefunded);
    await queueRefund(tx, {
      provider: provider.name,
      payment: pix.reference,
      orderId: null,
      kind: 'sem_pedido',
      amount: pix.amount,
      description: 'Devolução de Pix sem pedido correspondente na Urbana',
      createdBy: actor.actorId,
    });
    await audit(tx, {
      actorId: actor.actorId,
      action: 'pix.sem_pedido_devolvido',
      entity: 'payment_event',
      entityId: event.id,
      after: { reference: pix.reference, amount: pix.amount },
      ip: actor.ip,
    });
  });
  deps.kickRefunds?.();
}
