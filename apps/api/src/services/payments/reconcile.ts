/**
 * Reconciliation with the PSP (issue #41, docs/decisions/099-pix-charge-at-checkout.md): a lost webhook
 * must not lose a paid booking. Three looks, each applying what it finds exactly as the webhook would
 * (applyReceivedPayment: once per endToEndId, matched by txid, amount to the centavo):
 * - every unpaid order with a PSP charge is asked about (`GET /cob/{txid}`), backing off from 30 s;
 * - the expiry worker asks once more before it gives an order's faces back (`beforeExpiry`);
 * - every PIX_RECONCILE_MINUTES the Pix received over the last 24 hours are swept (`GET /pix`, paged),
 *   which also finds Pix that name no order ("Pix sem pedido") and refunds that ended.
 */
import { paymentMethodRules, type PaymentMethod } from '@urbana/shared';
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import { orders } from '../../db/schema/index.ts';
import type { OrderDeps } from '../orders/transition.ts';
import { applyReceivedPayment, type PaymentOutcome } from './apply-payment.ts';
import type { PaymentProvider } from './provider.ts';
import { applyRefundStates } from './refunds.ts';

/** Never more often than this per order, and never less often than the cap. */
export const RECONCILE_MIN_MS = 30_000;
export const RECONCILE_MAX_MS = 5 * 60_000;
/**
 * An invoiced order's charge (cobv) is held for days: asked about at most hourly, not every 5 minutes
 * (the sweep and the last look before expiry still find a Pix whose webhook was lost).
 */
export const RECONCILE_DUE_DATE_MAX_MS = 60 * 60_000;
/** How far back the sweep looks. */
export const SWEEP_HOURS = 24;
/** How long past its window an order waits for a PSP that cannot be asked before it expires anyway. */
export const EXPIRY_GRACE_MS = 10 * 60_000;

type Deps = OrderDeps & { payments?: PaymentProvider | undefined };

/** The next look at an order: a quarter of its age, between 30 s and 5 minutes (an hour for a cobv). */
export function nextCheck(createdAt: Date, now: Date, method: PaymentMethod = 'pix'): Date {
  const wait = Math.min(
    paymentMethodRules[method].charge === 'vencimento' ? RECONCILE_DUE_DATE_MAX_MS : RECONCILE_MAX_MS,
    Math.max(RECONCILE_MIN_MS, (now.getTime() - createdAt.getTime()) / 4),
  );
  return new Date(now.getTime() + wait);
}

/** Asks the PSP about one order's charge and applies its payments; the outcomes, in order. */
async function checkOrder(
  deps: Deps,
  provider: PaymentProvider,
  txid: string,
  method: PaymentMethod,
): Promise<PaymentOutcome[]> {
  // An invoiced order's charge has a due date (cobv).
  const charge = await provider.readCharge(txid, paymentMethodRules[method].charge);
  const outcomes: PaymentOutcome[] = [];
  for (const payment of charge.payments)
    outcomes.push(await applyReceivedPayment(deps, provider.name, payment));
  return outcomes;
}

/**
 * The unpaid orders due a look, oldest look first (at most `limit` a run). An order the PSP could not
 * be asked about is asked again at its next turn.
 */
export async function reconcileUnpaid(deps: Deps, now = new Date(), limit = 50): Promise<number> {
  const provider = deps.payments;
  if (!provider) return 0;
  const due = await deps.db
    .select({
      id: orders.id,
      txid: orders.payment_reference,
      method: orders.payment_method,
      created_at: orders.created_at,
    })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'aguardando_pagamento'),
        eq(orders.payment_provider, provider.name),
        isNotNull(orders.payment_check_at),
        lte(orders.payment_check_at, now),
      ),
    )
    .orderBy(asc(orders.payment_check_at))
    .limit(limit);
  let paid = 0;
  for (const order of due) {
    await deps.db
      .update(orders)
      .set({ payment_check_at: nextCheck(order.created_at, now, order.method) })
      .where(eq(orders.id, order.id));
    if (!order.txid) continue;
    try {
      const outcomes = await checkOrder(deps, provider, order.txid, order.method);
      if (outcomes.some((o) => o === 'pago' || o === 'pago_apos_expirar')) paid += 1;
    } catch {
      // The PSP did not answer: the order is asked again at its next turn.
    }
  }
  return paid;
}

/**
 * The last look before the expiry worker gives an order's faces back: true when the order may expire
 * (the PSP says it was not paid, or it is not a PSP's order), false when it was just paid or the PSP
 * cannot be asked yet (then it waits, up to EXPIRY_GRACE_MS past its window).
 */
export async function mayExpire(
  deps: Deps,
  order: { txid: string | null; provider: string | null; method: PaymentMethod; expiresAt: Date },
  now = new Date(),
): Promise<boolean> {
  const provider = deps.payments;
  if (!provider || order.provider !== provider.name || !order.txid) return true;
  try {
    const outcomes = await checkOrder(deps, provider, order.txid, order.method);
    return !outcomes.some((o) => o === 'pago');
  } catch {
    return now.getTime() - order.expiresAt.getTime() >= EXPIRY_GRACE_MS;
  }
}

/** The Pix received over the last SWEEP_HOURS, each applied as its webhook would be. */
export async function sweepReceived(deps: Deps, now = new Date()): Promise<Record<PaymentOutcome, number>> {
  const counts: Record<PaymentOutcome, number> = {
    pago: 0,
    pago_apos_expirar: 0,
    repetido: 0,
    sem_pedido: 0,
    valor_divergente: 0,
    ja_pago: 0,
    nao_aplicavel: 0,
  };
  const provider = deps.payments;
  if (!provider) return counts;
  const received = await provider.listReceived(new Date(now.getTime() - SWEEP_HOURS * 3600_000), now);
  for (const payment of received) {
    counts[await applyReceivedPayment(deps, provider.name, payment)] += 1;
    await applyRefundStates(deps, provider.name, payment.refunds);
  }
  return counts;
}
