/**
 * How the tests whose subject is not the payment get a paid order: a Pix received for the order's
 * charge, applied exactly as the PSP's webhook or reconciliation applies it (applyReceivedPayment, the
 * one door every provider's payment goes through). The webhook itself, over HTTP and in the API Pix
 * shape, is tested against the PSP simulator in pix-webhook.test.ts.
 */
import { eq } from 'drizzle-orm';
import { orders } from '../src/db/schema/index.ts';
import { applyReceivedPayment } from '../src/services/payments/apply-payment.ts';
import type { TestContext } from './helpers.ts';

export async function payOrder(ctx: TestContext, orderId: string, amount?: number): Promise<string> {
  const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
  const outcome = await applyReceivedPayment(ctx.app.deps, 'pix', {
    reference: `E0000000020261129${orderId.replaceAll('-', '').slice(0, 15)}`,
    chargeReference: order!.payment_reference!,
    amount: amount ?? order!.total,
    paidAt: new Date(),
    refunds: [],
  });
  return outcome;
}
