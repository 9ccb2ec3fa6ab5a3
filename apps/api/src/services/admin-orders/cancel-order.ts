import { asc, eq } from 'drizzle-orm';
import {
  adminOrderMessages,
  formatMoney,
  refundUnderPolicy,
  staffCancellable,
  todayInBrasilia,
} from '@urbana/shared';
import type { Tx } from '../../db/client.ts';
import { creditNotes, invoices, orderItems, orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ActorContext } from '../admin.ts';
import { audit } from '../audit.ts';
import { transitionOrder, type OrderDeps } from '../orders/transition.ts';
import { lockOrder } from './lock-order.ts';

const PAID = ['pago', 'em_veiculacao', 'pago_apos_expirar'];

/** The credit note on the invoice for the refunded amount: "NC-" and the invoice's number. */
async function issueCreditNote(
  tx: Tx,
  input: { orderId: string; amount: number; reason: string; actorId: string },
) {
  const invoice = await tx.query.invoices.findFirst({ where: eq(invoices.order_id, input.orderId) });
  if (!invoice) return null;
  const [note] = await tx
    .insert(creditNotes)
    .values({
      invoice_id: invoice.id,
      order_id: input.orderId,
      number: `NC-${invoice.number}`,
      amount: input.amount,
      reason: input.reason,
      created_by: input.actorId,
    })
    .returning();
  // Refunded in full, the invoice is void; otherwise it stays paid for what is kept.
  await tx
    .update(invoices)
    .set({ status: input.amount >= invoice.total ? 'cancelada' : 'paga' })
    .where(eq(invoices.id, invoice.id));
  return note!;
}

/**
 * Staff cancel an order: the slots go back (transitionOrder); an unpaid order owes nothing; a paid one
 * records the refund under the policy shown at checkout (CANCELLATION_POLICY) and, when there is one,
 * a credit note on its invoice (decision 029).
 */
export async function cancelOrder(deps: OrderDeps, actor: ActorContext, orderId: string, reason: string) {
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!staffCancellable.includes(order.status))
      throw new AppError(409, adminOrderMessages.cancelNotAllowed(order.status));
    const items = await tx
      .select({ start: orderItems.starts_on, total: orderItems.total })
      .from(orderItems)
      .where(eq(orderItems.order_id, order.id))
      .orderBy(asc(orderItems.created_at));
    const paid = PAID.includes(order.status);
    const refund = paid
      ? refundUnderPolicy({ status: order.status, total: order.total, items, today: todayInBrasilia() })
      : null;
    const refundNote = refund === null ? '' : ` Reembolso: ${formatMoney(refund)}.`;
    await transitionOrder(
      deps,
      {
        orderId: order.id,
        to: 'cancelado',
        actor: 'equipe',
        actorId: actor.actorId,
        note: `Cancelado pela equipe: ${reason}.${refundNote}`.replace('..', '.'),
      },
      tx,
    );
    const note =
      refund !== null && refund > 0
        ? await issueCreditNote(tx, { orderId: order.id, amount: refund, reason, actorId: actor.actorId })
        : null;
    if (refund !== null)
      await tx.update(orders).set({ refund_amount: refund }).where(eq(orders.id, order.id));
    await audit(tx, {
      actorId: actor.actorId,
      action: 'pedido.cancelado',
      entity: 'order',
      entityId: order.id,
      before: { status: order.status },
      after: {
        status: 'cancelado',
        note: reason,
        ...(refund !== null ? { refund_amount: refund } : {}),
        ...(note ? { credit_note: note.number } : {}),
      },
      ip: actor.ip,
    });
  });
}
