/**
 * Refunds through the payment provider (issue #41, docs/decisions/102-refunds-through-the-psp.md). A
 * refund is written (payment_refunds) in the transaction that decides it — staff cancelling an order
 * paid through the PSP, or a Pix paid after its hold expired — and sent after commit: `processRefunds`
 * asks the PSP (`PUT /pix/{e2eid}/devolucao/{id}`, the same id until the PSP answers, so a lost call is
 * sent again and never doubles the money), then follows it (`GET`, and the PSP's webhook, which posts
 * the Pix with its devoluções) to its end: DEVOLVIDO issues the credit note and tells the customer;
 * NAO_REALIZADO alerts staff.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { buildPath, formatMoney, paths, pathWithQuery } from '@urbana/shared';
import type { Tx } from '../../db/client.ts';
import { orders, paymentEvents, paymentRefunds } from '../../db/schema/index.ts';
import { notify, notifyStaff } from '../messaging/notifications.ts';
import { issueCreditNote } from '../orders/credit-note.ts';
import { transitionOrder, type OrderDeps } from '../orders/transition.ts';
import { PixPspRefusedError } from './api-pix/http.ts';
import type { PaymentProvider, RefundState } from './provider.ts';

type Deps = OrderDeps & { payments?: PaymentProvider | undefined };
type RefundRow = typeof paymentRefunds.$inferSelect;

/** A devolução's id: 32 letters and digits (the API Pix allows 1 to 35). */
export const newRefundId = () =>
  `D${Array.from(randomBytes(31), (b) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[b % 32]).join('')}`;

/** How long a refund not yet sent waits before it is tried again: doubling from 30 s, at most 30 minutes. */
export const retryAfterMs = (attempts: number) =>
  Math.min(30 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));
/** A refund the PSP is processing is asked about every minute. */
const FOLLOW_MS = 60_000;

/**
 * The payment through the provider that paid an order (its amount is the order's total), or null for
 * an order paid with the static code and confirmed by staff.
 */
export async function providerPaymentOf(tx: Tx, provider: string, orderId: string, total: number) {
  const events = await tx
    .select({ key: paymentEvents.provider_event_id, payload: paymentEvents.payload })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.order_id, orderId), eq(paymentEvents.type, 'pagamento_recebido')))
    .orderBy(asc(paymentEvents.received_at));
  const prefix = `${provider}:`;
  const paid = events.find(
    (e) => e.key.startsWith(prefix) && (e.payload as { amount?: number }).amount === total,
  );
  return paid ? paid.key.slice(prefix.length) : null;
}

export async function queueRefund(
  tx: Tx,
  input: {
    provider: string;
    payment: string;
    orderId: string | null;
    kind: RefundRow['kind'];
    amount: number;
    description: string;
    createdBy?: string | null;
  },
): Promise<RefundRow> {
  const [row] = await tx
    .insert(paymentRefunds)
    .values({
      refund_id: newRefundId(),
      provider: input.provider,
      payment_reference: input.payment,
      order_id: input.orderId,
      kind: input.kind,
      amount: input.amount,
      description: input.description.slice(0, 140),
      created_by: input.createdBy ?? null,
    })
    .returning();
  return row!;
}

/** What the money coming back means for the order: a credit note, the customer told; a late Pix's order closes. */
async function refunded(deps: Deps, tx: Tx, row: RefundRow) {
  if (!row.order_id) return;
  const order = (await tx.select().from(orders).where(eq(orders.id, row.order_id)).for('update'))[0]!;
  if (row.kind === 'pago_apos_expirar' && order.status === 'pago_apos_expirar')
    await transitionOrder(
      deps,
      {
        orderId: order.id,
        to: 'cancelado',
        actor: 'provedor',
        note: `Pix recebido após o prazo devolvido (${formatMoney(row.amount)}).`,
      },
      tx,
    );
  const note = await issueCreditNote(tx, {
    orderId: order.id,
    refund: { amount: row.amount, reason: order.refund_reason },
    reason: order.cancel_reason ?? 'Pix recebido após o prazo de pagamento.',
    actorId: row.created_by,
  });
  await notify(tx, {
    userId: order.user_id,
    kind: 'pedido_reembolsado',
    title: `Reembolso do pedido ${order.code} concluído`,
    body: `${formatMoney(row.amount)} devolvidos por Pix à conta que pagou.${note ? ` Nota de crédito ${note.number}.` : ''}`,
    link: pathWithQuery(paths.confirmacaoPedido, {}, { orderId: order.id }),
  });
}

async function notMade(tx: Tx, row: RefundRow, reason: string | undefined) {
  const order = row.order_id
    ? (await tx.select({ code: orders.code }).from(orders).where(eq(orders.id, row.order_id)))[0]
    : undefined;
  await notifyStaff(tx, {
    kind: 'reembolso_nao_realizado',
    title: `Devolução Pix não realizada${order ? `: pedido ${order.code}` : ''}`,
    body: `${formatMoney(row.amount)} não foram devolvidos pelo PSP${reason ? ` (${reason})` : ''}. Devolva o valor por outro meio.`,
    link: row.order_id ? buildPath(paths.admin.pedido, { id: row.order_id }) : null,
  });
}

/**
 * The state the PSP gave of a refund, applied once: the row is locked, a refund at its end is never
 * applied again (a webhook and a look may bring the same news).
 */
export async function applyRefundState(deps: Deps, provider: string, state: RefundState): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.provider, provider), eq(paymentRefunds.refund_id, state.id)))
      .for('update');
    if (!row || row.status === 'devolvido' || row.status === 'nao_realizado') return false;
    const now = new Date();
    if (state.status === 'processando') {
      await tx
        .update(paymentRefunds)
        .set({ status: 'processando', next_attempt_at: new Date(now.getTime() + FOLLOW_MS), updated_at: now })
        .where(eq(paymentRefunds.id, row.id));
      return false;
    }
    const done = state.status === 'devolvido';
    await tx
      .update(paymentRefunds)
      .set({
        status: done ? 'devolvido' : 'nao_realizado',
        provider_reason: state.reason ?? null,
        settled_at: now,
        updated_at: now,
      })
      .where(eq(paymentRefunds.id, row.id));
    if (done) await refunded(deps, tx, row);
    else await notMade(tx, row, state.reason);
    return true;
  });
}

/** The devoluções a Pix carries (a webhook, the sweep), each applied once. */
export async function applyRefundStates(deps: Deps, provider: string, states: RefundState[]) {
  for (const state of states)
    if (state.status !== 'processando') await applyRefundState(deps, provider, state);
}

/** One refund due: sent (pendente) or asked about (processando); a PSP out of reach is tried again later. */
async function processOne(deps: Deps, provider: PaymentProvider, row: RefundRow, now: Date) {
  try {
    const state =
      row.status === 'pendente'
        ? await provider.refund(row.payment_reference, row.refund_id, row.amount, row.description)
        : await provider.readRefund(row.payment_reference, row.refund_id);
    await applyRefundState(deps, provider.name, state);
  } catch (error) {
    // The PSP answered and refused (an amount it cannot give back, a Pix it does not know): not made.
    if (error instanceof PixPspRefusedError && row.status === 'pendente') {
      await applyRefundState(deps, provider.name, {
        id: row.refund_id,
        amount: row.amount,
        status: 'nao_realizado',
        reason: error.problem?.detail ?? error.problem?.title ?? `recusado (${error.status})`,
      });
      return;
    }
    const attempts = row.attempts + 1;
    await deps.db
      .update(paymentRefunds)
      .set({
        attempts,
        next_attempt_at: new Date(now.getTime() + retryAfterMs(attempts)),
        last_error: String(error instanceof Error ? error.message : error).slice(0, 500),
        updated_at: now,
      })
      .where(eq(paymentRefunds.id, row.id));
  }
}

/** The refunds due now, oldest first: each sent or followed. Returns how many were looked at. */
export async function processRefunds(deps: Deps, now = new Date(), limit = 20): Promise<number> {
  const provider = deps.payments;
  if (!provider) return 0;
  const due = await deps.db
    .select()
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.provider, provider.name),
        inArray(paymentRefunds.status, ['pendente', 'processando']),
        lte(paymentRefunds.next_attempt_at, now),
      ),
    )
    .orderBy(asc(paymentRefunds.next_attempt_at))
    .limit(limit);
  for (const row of due) await processOne(deps, provider, row, now);
  return due.length;
}
