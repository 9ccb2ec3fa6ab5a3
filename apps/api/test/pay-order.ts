/**
 * How the tests pay an order: the payment provider's signed webhook (`pagamento.confirmado`), as
 * orders.test.ts does. One function, so that a change of the payment path changes one place.
 */
import { eq } from 'drizzle-orm';
import { orders } from '../src/db/schema/index.ts';
import { signWebhook } from '../src/services/payments.ts';
import type { TestContext } from './helpers.ts';

export async function payOrder(ctx: TestContext, orderId: string, secret: string): Promise<void> {
  const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
  const raw = JSON.stringify({
    id: `pago-${orderId}`,
    type: 'pagamento.confirmado',
    data: { txid: order!.pix_txid, amount: order!.total },
  });
  const ts = Math.floor(Date.now() / 1000);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/webhooks/pagamentos',
    headers: {
      'content-type': 'application/json',
      'x-urbana-timestamp': String(ts),
      'x-urbana-assinatura': signWebhook(secret, ts, raw),
    },
    payload: raw,
  });
  if (res.statusCode !== 200) throw new Error(`pagamento recusado: ${res.statusCode} ${res.body}`);
}
