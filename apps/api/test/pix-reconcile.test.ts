/**
 * Issue #41 items 2–3 (decision 099): the checkout's charge at the PSP (`PUT /cob`) and reconciliation,
 * against the project's PSP simulator over TLS with client certificates. The code the customer pays is
 * the PSP's; a PSP down at checkout keeps no order and holds no face; a Pix whose webhook was lost is
 * found by the look at unpaid orders, by the last look before expiry and by the sweep of received Pix;
 * a PSP that cannot be asked delays an expiry, for a while only; the webhook is registered at start.
 */
import { and, count, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, earliestBookableStart, todayInBrasilia } from '@urbana/shared';
import { companyBilling } from '@urbana/shared/samples';
import type { PspSimulator } from '../../../scripts/simulators/psp-pix.ts';
import {
  coupons,
  emailLog,
  invoices,
  notifications,
  orderItems,
  orders,
  reservations,
} from '../src/db/schema/index.ts';
import { expireOrders } from '../src/services/orders/expire.ts';
import { PSP_UNAVAILABLE } from '../src/services/payments/order-charge.ts';
import { startPaymentWork } from '../src/services/payments/payment-work.ts';
import {
  EXPIRY_GRACE_MS,
  nextCheck,
  reconcileUnpaid,
  sweepReceived,
} from '../src/services/payments/reconcile.ts';
import {
  billingPf,
  createTestApp,
  inject,
  NO_ORDER_LIMITS,
  testConfig,
  type TestContext,
} from './helpers.ts';
import { makePixCerts, type PixCerts } from './pix-certs.ts';
import { pixCustomerAndFace, PSP_CHAVE, startTestPsp } from './pix-world.ts';

const SECRET = 'segredo-da-conciliacao';
let ctx: TestContext;
let certs: PixCerts;
let sim: PspSimulator;
let cookie: string | undefined;
let staffCookie: string | undefined;
let productId: string;
let n = 0;
const START = addDays(earliestBookableStart(todayInBrasilia(), 2), 40);
const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000);

async function checkout(key = `conciliacao-${Date.now()}-${Math.random()}`, week = ++n) {
  return inject(ctx, {
    method: 'POST',
    url: '/api/orders',
    cookie,
    headers: { 'idempotency-key': key },
    payload: {
      items: [{ product_id: productId, start_date: addDays(START, week * 21), weeks: 1, tower_ids: [] }],
    },
  });
}

async function placeOrder() {
  const res = await checkout();
  expect(res.statusCode).toBe(201);
  const { id } = res.json() as { id: string };
  return (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
}

const statusOf = async (id: string) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;

beforeAll(async () => {
  certs = makePixCerts();
  let env: Record<string, string>;
  ({ sim, env } = await startTestPsp(certs, { PIX_WEBHOOK_SECRET: SECRET }));
  ctx = await createTestApp({ config: testConfig({ ...NO_ORDER_LIMITS, ...env }) });
  ({ cookie, staffCookie, productId } = await pixCustomerAndFace(ctx, 'conciliacao'));
}, 240_000);
afterAll(async () => {
  await ctx?.close();
  await sim?.close();
  certs?.cleanup();
});
beforeEach(() => {
  sim.control.mode = 'ok';
});

describe('the charge at checkout', () => {
  it("is an immediate charge at the PSP: the customer's code is its pixCopiaECola, expiring with the window", async () => {
    const order = await placeOrder();
    expect(order.payment_provider).toBe('pix');
    expect(order.payment_reference!).toMatch(/^[A-Za-z0-9]{26,35}$/);
    const charge = sim.state.charges.get(order.payment_reference!)!;
    expect(order.payment_data?.pix_copia_e_cola).toBe(charge.pixCopiaECola);
    const put = sim.received.find((r) => r.method === 'PUT' && r.path === `/cob/${order.payment_reference!}`);
    expect(put?.body).toEqual({
      calendario: { expiracao: ctx.config.paymentWindowMs / 1000 },
      devedor: { cpf: billingPf.document.replace(/\D/g, ''), nome: billingPf.name },
      valor: { original: (order.total / 100).toFixed(2) },
      chave: PSP_CHAVE,
      solicitacaoPagador: `Pedido ${order.code} na Urbana`,
    });
    const read = await inject(ctx, { method: 'GET', url: `/api/orders/${order.id}`, cookie });
    expect(read.json()).toMatchObject({ pix_payload: charge.pixCopiaECola, pix_confirmation: 'automatica' });
    // Reconciliation first asks a little after the code is shown.
    expect(order.payment_check_at!.getTime()).toBeGreaterThan(order.created_at.getTime());
  });

  it('with the PSP down, refuses in Portuguese and keeps no order and no face; the same key works later', async () => {
    const held = async () => (await ctx.database.db.select({ n: count() }).from(reservations))[0]!.n;
    const ordersNow = async () => (await ctx.database.db.select({ n: count() }).from(orders))[0]!.n;
    const [before, heldBefore] = [await ordersNow(), await held()];
    sim.control.mode = 'fail';
    const key = `psp-fora-${Date.now()}`;
    const week = ++n;
    const refused = await checkout(key, week);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ message: PSP_UNAVAILABLE });
    expect(await ordersNow()).toBe(before);
    expect(await held()).toBe(heldBefore);
    sim.control.mode = 'ok';
    const again = await checkout(key, week);
    expect(again.statusCode).toBe(201);
  });

  it('with a coupon, no lock on it is held while the PSP answers (a slow PSP does not queue the coupon)', async () => {
    await ctx.database.db.insert(coupons).values({ code: 'PSPLENTO', kind: 'percentual', value: 10 });
    const cobsBefore = sim.received.filter((r) => r.method === 'PUT' && r.path.startsWith('/cob/')).length;
    sim.control.delayMs = 3000;
    try {
      const placing = inject(ctx, {
        method: 'POST',
        url: '/api/orders',
        cookie,
        headers: { 'idempotency-key': `cupom-psp-${Date.now()}` },
        payload: {
          items: [{ product_id: productId, start_date: addDays(START, ++n * 21), weeks: 1, tower_ids: [] }],
          coupon_code: 'PSPLENTO',
        },
      });
      await expect
        .poll(() => sim.received.filter((r) => r.method === 'PUT' && r.path.startsWith('/cob/')).length)
        .toBeGreaterThan(cobsBefore);
      // Staff edit the coupon while the PSP is answering: the row is free.
      const started = Date.now();
      await ctx.database.db.update(coupons).set({ value: 10 }).where(eq(coupons.code, 'PSPLENTO'));
      expect(Date.now() - started).toBeLessThan(1500);
      const placed = await placing;
      expect(placed.statusCode, placed.body).toBe(201);
      expect(placed.json()).toMatchObject({ coupon_code: 'PSPLENTO' });
    } finally {
      sim.control.delayMs = 0;
    }
  });
});

describe('a Pix whose webhook was lost', () => {
  it('is found by the look at unpaid orders, which then backs off', async () => {
    const order = await placeOrder();
    sim.control.dropWebhooks = 1;
    sim.state.pay(order.payment_reference!);
    expect(await statusOf(order.id)).toBe('aguardando_pagamento');
    // Not before its time: the first look is 30 s after checkout.
    expect(await reconcileUnpaid(ctx.app.deps, new Date(order.created_at.getTime() + 1_000))).toBe(0);
    expect(await reconcileUnpaid(ctx.app.deps, minutesFromNow(1))).toBe(1);
    expect(await statusOf(order.id)).toBe('pago');
    // Backing off: from 30 s, a quarter of the order's age, at most 5 minutes.
    const created = new Date('2026-11-28T12:00:00Z');
    expect(nextCheck(created, new Date('2026-11-28T12:00:10Z')).toISOString()).toBe(
      '2026-11-28T12:00:40.000Z',
    );
    expect(nextCheck(created, new Date('2026-11-28T12:04:00Z')).toISOString()).toBe(
      '2026-11-28T12:05:00.000Z',
    );
    expect(nextCheck(created, new Date('2026-11-28T13:00:00Z')).toISOString()).toBe(
      '2026-11-28T13:05:00.000Z',
    );
    // An invoiced order's charge (cobv), held for days: at most hourly.
    expect(nextCheck(created, new Date('2026-11-30T12:00:00Z'), 'faturado').toISOString()).toBe(
      '2026-11-30T13:00:00.000Z',
    );
  });

  it('pays the order at the last look before expiry instead of giving its faces back', async () => {
    const order = await placeOrder();
    sim.control.dropWebhooks = 1;
    sim.state.pay(order.payment_reference!);
    await expireOrders(ctx.app.deps, new Date(order.expires_at.getTime() + 1_000));
    expect(await statusOf(order.id)).toBe('pago');
    const faces = await ctx.database.db
      .select({ status: reservations.status })
      .from(reservations)
      .innerJoin(orderItems, eq(orderItems.id, reservations.order_item_id))
      .where(eq(orderItems.order_id, order.id));
    expect(faces.map((f) => f.status)).toEqual(['confirmada']);
  });

  it('is found by the sweep of received Pix, which also tells staff of a Pix naming no order', async () => {
    const order = await placeOrder();
    sim.control.dropWebhooks = 2;
    sim.state.pay(order.payment_reference!);
    const stray = sim.state.receive(7_777);
    const counts = await sweepReceived(ctx.app.deps);
    expect(counts.pago).toBe(1);
    expect(counts.sem_pedido).toBe(1);
    expect(await statusOf(order.id)).toBe('pago');
    const told = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'pix_sem_pedido'), eq(notifications.title, 'Pix sem pedido')));
    expect(told.some((t) => t.body.includes(stray.endToEndId))).toBe(true);
    // The next sweep finds the same Pix and applies nothing twice.
    const again = await sweepReceived(ctx.app.deps);
    expect(again.pago + again.sem_pedido).toBe(0);
    expect(again.repetido).toBeGreaterThanOrEqual(2);
  });
});

describe('expiry with the PSP out of reach', () => {
  it('waits while the PSP cannot be asked, then expires the order after the grace', async () => {
    const order = await placeOrder();
    sim.control.mode = 'fail';
    await expireOrders(ctx.app.deps, new Date(order.expires_at.getTime() + 60_000));
    expect(await statusOf(order.id)).toBe('aguardando_pagamento');
    await expireOrders(ctx.app.deps, new Date(order.expires_at.getTime() + EXPIRY_GRACE_MS + 1_000));
    expect(await statusOf(order.id)).toBe('expirado');
  });
});

describe('a hold staff extend', () => {
  it('extends the charge at the PSP (PATCH /cob), so the code still pays; a PSP down changes nothing', async () => {
    const order = await placeOrder();
    const extend = () =>
      inject(ctx, {
        method: 'POST',
        url: `/api/admin/pedidos/${order.id}/prorrogar`,
        cookie: staffCookie,
        payload: { horas: 24 },
      });
    sim.control.mode = 'fail';
    const refused = await extend();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      message:
        'Não foi possível prorrogar o Pix no provedor de pagamentos agora. Nada foi alterado: tente de novo em instantes.',
    });
    expect(
      (await ctx.database.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.expires_at,
    ).toEqual(order.expires_at);
    sim.control.mode = 'ok';
    expect((await extend()).statusCode).toBe(200);
    const [extended] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    const charge = sim.state.charges.get(order.payment_reference!)!;
    expect(charge.revisao).toBe(1);
    const patch = sim.received.find(
      (r) => r.method === 'PATCH' && r.path === `/cob/${order.payment_reference!}`,
    );
    const lives = (patch!.body as { calendario: { expiracao: number } }).calendario.expiracao * 1000;
    // Counted from the charge's creation at the PSP, to the new end of the hold.
    expect(Math.abs(charge.criacao.getTime() + lives - extended!.expires_at.getTime())).toBeLessThan(1_000);
    // Paid after the first window, within the new one: the PSP takes it.
    sim.control.dropWebhooks = 1;
    sim.state.pay(order.payment_reference!, { at: new Date(order.expires_at.getTime() + 3600_000) });
    expect(await reconcileUnpaid(ctx.app.deps, minutesFromNow(1))).toBe(1);
    expect(await statusOf(order.id)).toBe('pago');
  });
});

describe('at start', () => {
  it("registers the webhook at PUBLIC_URL with the secret, as the PSP's webhook", async () => {
    const timers: number[] = [];
    startPaymentWork(ctx.app.deps, (ms) => timers.push(ms), ctx.app.log);
    await expect
      .poll(() => sim.state.webhooks.get(PSP_CHAVE))
      .toBe(`${ctx.config.publicUrl}/api/webhooks/pix?segredo=${SECRET}`);
    // Registration retried, refunds and unpaid orders every 30 s, the sweep every PIX_RECONCILE_MINUTES.
    expect(timers).toEqual([5 * 60_000, 30_000, 30_000, 60 * 60_000]);
  });
});

describe('an invoiced order (CNPJ)', () => {
  it('is a charge due on its invoice date (cobv) with fine and interest, paid through it days later', async () => {
    expect(
      (await inject(ctx, { method: 'PUT', url: '/api/billing-profile', cookie, payload: companyBilling }))
        .statusCode,
    ).toBe(200);
    const week = ++n;
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/orders',
      cookie,
      headers: { 'idempotency-key': `cobv-${Date.now()}` },
      payload: {
        payment_method: 'faturado',
        items: [{ product_id: productId, start_date: addDays(START, week * 21), weeks: 1, tower_ids: [] }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json() as {
      id: string;
      pix_payload: string;
      pix_confirmation: string;
      invoice: { due_date: string };
    };
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, answer.id));
    const charge = sim.state.charges.get(order!.payment_reference!)!;
    expect(charge.kind).toBe('cobv');
    expect(charge.body).toMatchObject({
      calendario: { dataDeVencimento: answer.invoice.due_date, validadeAposVencimento: 30 },
      devedor: { cnpj: companyBilling.document.replace(/\W/g, ''), nome: companyBilling.name },
      valor: {
        original: (order!.total / 100).toFixed(2),
        multa: { modalidade: 2, valorPerc: '2.00' },
        juros: { modalidade: 3, valorPerc: '1.00' },
      },
    });
    expect(answer).toMatchObject({ pix_payload: charge.pixCopiaECola, pix_confirmation: 'automatica' });
    // The e-mail carries the code with the invoice's dates.
    const [mail] = await ctx.database.db
      .select()
      .from(emailLog)
      .where(
        and(
          eq(emailLog.template, 'pedido_recebido'),
          eq(emailLog.subject, `Recebemos o pedido ${order!.code}`),
        ),
      );
    expect(mail!.body_text).toContain(charge.pixCopiaECola);
    expect(mail!.body_text).toContain('Pague com Pix até o vencimento');
    // The invoice PDF carries the code and its QR, to be paid from a printout.
    const [inv] = await ctx.database.db.select().from(invoices).where(eq(invoices.order_id, order!.id));
    const pdf = await inject(ctx, { method: 'GET', url: `/api/invoices/${inv!.id}/pdf`, cookie });
    expect(pdf.statusCode).toBe(200);
    const document = await getDocumentProxy(new Uint8Array(pdf.rawPayload));
    const text = (await extractText(document, { mergePages: true })).text.replace(/\s+/g, '');
    expect(text).toContain('PaguecomPix');
    expect(text).toContain(charge.pixCopiaECola.replace(/\s+/g, ''));
    expect(pdf.rawPayload.includes('/Subtype /Image')).toBe(true);
    // Paid two days later, its webhook lost: reconciliation asks the cobv and the order is paid.
    sim.control.dropWebhooks = 1;
    sim.state.pay(order!.payment_reference!, { at: new Date(Date.now() + 2 * 86_400_000) });
    expect(await reconcileUnpaid(ctx.app.deps, minutesFromNow(1))).toBe(1);
    expect(await statusOf(order!.id)).toBe('pago');
    expect(
      sim.received.some((r) => r.method === 'GET' && r.path === `/cobv/${order!.payment_reference!}`),
    ).toBe(true);
    // Paid, the invoice no longer asks for payment.
    const paidPdf = await inject(ctx, { method: 'GET', url: `/api/invoices/${inv!.id}/pdf`, cookie });
    const paidText = (
      await extractText(await getDocumentProxy(new Uint8Array(paidPdf.rawPayload)), { mergePages: true })
    ).text.replace(/\s+/g, '');
    expect(paidText).not.toContain('PaguecomPix');
  });
});
