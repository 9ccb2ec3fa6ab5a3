/**
 * Issue #41 item 4: the API Pix webhook `/api/webhooks/pix/pix`, called by the project's PSP simulator
 * over HTTP exactly as a PSP calls a registered webhook (`POST {webhookUrl}/pix`, query kept): paid by
 * webhook; the same Pix repeated; several Pix in one call, out of order; a wrong amount; a Pix naming
 * no order; an unsigned call (401, nothing changes).
 */
import type { AddressInfo } from 'node:net';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestBookableStart, todayInBrasilia } from '@urbana/shared';
import type { PspSimulator } from '../../../scripts/simulators/psp-pix.ts';
import {
  notifications,
  orders,
  orderStatusHistory,
  paymentEvents,
  paymentRefunds,
} from '../src/db/schema/index.ts';
import { processRefunds } from '../src/services/payments/refunds.ts';
import { createTestApp, inject, NO_ORDER_LIMITS, testConfig, type TestContext } from './helpers.ts';
import { makePixCerts, type PixCerts } from './pix-certs.ts';
import { pixCustomerAndFace, startTestPsp } from './pix-world.ts';

const SECRET = 'segredo-do-webhook';
let ctx: TestContext;
let certs: PixCerts;
let sim: PspSimulator;
let cookie: string | undefined;
let staffCookie: string | undefined;
let productId: string;
let webhookBase: string;
let n = 0;
const START = addDays(earliestBookableStart(todayInBrasilia(), 2), 30);

async function placeOrder(): Promise<{ id: string; total: number; txid: string }> {
  n += 1;
  const res = await inject(ctx, {
    method: 'POST',
    url: '/api/orders',
    cookie,
    headers: { 'idempotency-key': `pix-webhook-${n}-${Date.now()}` },
    payload: {
      items: [{ product_id: productId, start_date: addDays(START, n * 21), weeks: 1, tower_ids: [] }],
    },
  });
  expect(res.statusCode).toBe(201);
  const { id, total } = res.json() as { id: string; total: number };
  const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, id));
  return { id, total, txid: row!.payment_reference! };
}

const statusOf = async (id: string) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;
const eventsFor = async (e2e: string) =>
  (
    await ctx.database.db
      .select({ n: count() })
      .from(paymentEvents)
      .where(eq(paymentEvents.provider_event_id, `pix:${e2e}`))
  )[0]!.n;
const lastDelivery = async () => {
  await expect.poll(() => sim.deliveries.at(-1)?.outcome).toBeDefined();
  return sim.deliveries.at(-1)!;
};

beforeAll(async () => {
  certs = makePixCerts();
  let env: Record<string, string>;
  ({ sim, env } = await startTestPsp(certs, { PIX_WEBHOOK_SECRET: SECRET }));
  ctx = await createTestApp({ config: testConfig({ ...NO_ORDER_LIMITS, ...env }) });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  webhookBase = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/api/webhooks/pix`;
  // The app's own provider registers where the PSP posts (at start it uses PUBLIC_URL; here the
  // address the test server listens on).
  await ctx.app.deps.payments!.registerWebhook(`${webhookBase}?segredo=${SECRET}`);
  ({ cookie, staffCookie, productId } = await pixCustomerAndFace(ctx, 'pix-webhook'));
}, 240_000);
afterAll(async () => {
  await ctx?.close();
  await sim?.close();
  certs?.cleanup();
});

describe('webhook da API Pix', () => {
  it('pays the order its Pix names, once, through the transition to pago', async () => {
    const order = await placeOrder();
    const pix = sim.state.receive(order.total, order.txid);
    const delivery = await lastDelivery();
    expect(delivery.url).toBe(`${webhookBase}/pix?segredo=${SECRET}`);
    expect(delivery.outcome).toBe(200);
    expect(await statusOf(order.id)).toBe('pago');
    // The same call again (a PSP retrying): recorded once, paid once.
    await sim.state.deliver(delivery);
    expect(delivery.outcome).toBe(200);
    expect(await eventsFor(pix.endToEndId)).toBe(1);
    const paid = await ctx.database.db
      .select({ n: count() })
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.order_id, order.id), eq(orderStatusHistory.to_status, 'pago')));
    expect(paid[0]!.n).toBe(1);
  });

  it('applies several Pix of one call, in whatever order they come', async () => {
    const a = await placeOrder();
    const b = await placeOrder();
    sim.control.dropWebhooks = 2;
    const pixA = sim.state.receive(a.total, a.txid);
    const pixB = sim.state.receive(b.total, b.txid);
    expect(await statusOf(a.id)).toBe('aguardando_pagamento');
    await sim.state.notify([pixB, pixA, pixB]);
    expect((await lastDelivery()).outcome).toBe(200);
    expect(await statusOf(a.id)).toBe('pago');
    expect(await statusOf(b.id)).toBe('pago');
    expect(await eventsFor(pixB.endToEndId)).toBe(1);
  });

  it('does not pay an order with a Pix of another amount, and tells staff', async () => {
    const order = await placeOrder();
    const pix = sim.state.receive(order.total - 1, order.txid);
    expect((await lastDelivery()).outcome).toBe(200);
    expect(await statusOf(order.id)).toBe('aguardando_pagamento');
    const [event] = await ctx.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.provider_event_id, `pix:${pix.endToEndId}`));
    expect(event!.order_id).toBe(order.id);
    const alerts = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'pix_sem_pedido'));
    expect(alerts.some((a) => a.title.includes('valor divergente'))).toBe(true);
  });

  it('records a Pix that names no order and tells staff', async () => {
    const pix = sim.state.receive(4_321);
    expect((await lastDelivery()).outcome).toBe(200);
    const [event] = await ctx.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.provider_event_id, `pix:${pix.endToEndId}`));
    expect(event!.order_id).toBeNull();
    const alerts = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, 'Pix sem pedido'));
    expect(alerts.length).toBeGreaterThan(0);
  });

  it('refuses an unsigned call (no secret, a wrong one, a certificate header without a proxy)', async () => {
    const order = await placeOrder();
    const body = {
      pix: [
        {
          endToEndId: `E99999999${'2'.repeat(23)}`,
          txid: order.txid,
          valor: (order.total / 100).toFixed(2),
          horario: new Date().toISOString(),
        },
      ],
    };
    for (const [url, headers] of [
      ['/api/webhooks/pix/pix', {}],
      ['/api/webhooks/pix/pix?segredo=errado', {}],
      ['/api/webhooks/pix/pix', { 'x-ssl-client-verify': 'SUCCESS' }],
    ] as const) {
      const res = await ctx.app.inject({ method: 'POST', url, headers, payload: body });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Notificação não autenticada.' });
    }
    expect(await statusOf(order.id)).toBe('aguardando_pagamento');
    expect(await eventsFor(body.pix[0]!.endToEndId)).toBe(0);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: `/api/webhooks/pix/pix?segredo=${SECRET}`,
      payload: { pix: [{ txid: order.txid, valor: '1,00' }] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('ends a devolução when the PSP posts the Pix again with it (no GET needed)', async () => {
    const order = await placeOrder();
    sim.state.pay(order.txid);
    expect((await lastDelivery()).outcome).toBe(200);
    expect(await statusOf(order.id)).toBe('pago');
    const cancelled = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/pedidos/${order.id}/cancelar`,
      cookie: staffCookie,
      payload: { motivo: 'Cliente desistiu', reembolso: 'integral' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const deliveries = sim.deliveries.length;
    await processRefunds(ctx.app.deps);
    // The simulator settles the devolução and posts the Pix with it to the webhook.
    await expect.poll(() => sim.deliveries.length).toBeGreaterThan(deliveries);
    expect((await lastDelivery()).outcome).toBe(200);
    const [refund] = await ctx.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.order_id, order.id));
    expect(refund!.status).toBe('devolvido');
    expect(sim.received.some((r) => r.method === 'GET' && r.path.includes('/devolucao/'))).toBe(false);
  });
});
