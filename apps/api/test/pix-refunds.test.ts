/**
 * Issue #41 item 2, refunds (decision 102), against the project's PSP simulator over TLS with client
 * certificates: staff cancel an order paid through the PSP and the money goes back by
 * `PUT /pix/{e2eid}/devolucao/{id}`, followed to DEVOLVIDO (credit note, customer told) or NAO_REALIZADO
 * (staff alerted); a PSP out of reach gets the same devolução again later, never a second one; a Pix paid
 * after its hold expired is given back by itself and its order closed.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, earliestBookableStart, todayInBrasilia } from '@urbana/shared';
import type { PspSimulator } from '../../../scripts/simulators/psp-pix.ts';
import { creditNotes, notifications, orders, paymentRefunds } from '../src/db/schema/index.ts';
import { expireOrders } from '../src/services/orders/expire.ts';
import { reconcileUnpaid, sweepReceived } from '../src/services/payments/reconcile.ts';
import { processRefunds } from '../src/services/payments/refunds.ts';
import { createTestApp, inject, NO_ORDER_LIMITS, testConfig, type TestContext } from './helpers.ts';
import { makePixCerts, type PixCerts } from './pix-certs.ts';
import { pixCustomerAndFace, startTestPsp } from './pix-world.ts';

let ctx: TestContext;
let certs: PixCerts;
let sim: PspSimulator;
let cookie: string | undefined;
let staffCookie: string | undefined;
let productId: string;
let n = 0;
const START = addDays(earliestBookableStart(todayInBrasilia(), 2), 60);
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000);

async function placeOrder() {
  const res = await inject(ctx, {
    method: 'POST',
    url: '/api/orders',
    cookie,
    headers: { 'idempotency-key': `devolucao-${++n}-${Date.now()}` },
    payload: {
      items: [{ product_id: productId, start_date: addDays(START, n * 21), weeks: 1, tower_ids: [] }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json() as { id: string };
  return (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
}

/** An order paid at the PSP, its webhook lost, found by reconciliation. */
async function paidOrder() {
  const order = await placeOrder();
  const pix = sim.state.pay(order.payment_reference!);
  await reconcileUnpaid(ctx.app.deps, inMinutes(1));
  expect(await statusOf(order.id)).toBe('pago');
  return { order, pix };
}

const statusOf = async (id: string) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;
const refundsOf = (orderId: string) =>
  ctx.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.order_id, orderId));
const notesOf = (orderId: string) =>
  ctx.database.db.select().from(creditNotes).where(eq(creditNotes.order_id, orderId));
const cancel = (id: string, payload: object) =>
  inject(ctx, { method: 'POST', url: `/api/admin/pedidos/${id}/cancelar`, cookie: staffCookie, payload });
/** The refund as the customer's order page reads it. */
const refundShown = async (id: string) => {
  const res = await inject(ctx, { method: 'GET', url: `/api/orders/${id}`, cookie });
  expect(res.statusCode).toBe(200);
  return (res.json() as { cancellation: { refund: { pix_refund: string | null } } }).cancellation.refund;
};
const told = (kind: string) =>
  ctx.database.db.select().from(notifications).where(eq(notifications.kind, kind));

beforeAll(async () => {
  certs = makePixCerts();
  let env: Record<string, string>;
  ({ sim, env } = await startTestPsp(certs));
  ctx = await createTestApp({ config: testConfig({ ...NO_ORDER_LIMITS, ...env }) });
  ({ cookie, staffCookie, productId } = await pixCustomerAndFace(ctx, 'devolucao'));
}, 240_000);
afterAll(async () => {
  await ctx?.close();
  await sim?.close();
  certs?.cleanup();
});
beforeEach(() => {
  sim.control.mode = 'ok';
  sim.control.refundOutcome = 'DEVOLVIDO';
});

describe('staff cancel an order paid through the PSP', () => {
  it("gives the money back by Pix; the credit note and the customer's notice come when it is back", async () => {
    const { order, pix } = await paidOrder();
    const res = await cancel(order.id, { motivo: 'Cliente desistiu da campanha', reembolso: 'integral' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(order.id)).toBe('cancelado');
    const [queued] = await refundsOf(order.id);
    expect(queued).toMatchObject({
      status: 'pendente',
      amount: order.total,
      payment_reference: pix.endToEndId,
    });
    // Not before the money is back; the customer's page says the devolução is under way.
    expect(await notesOf(order.id)).toHaveLength(0);
    expect((await refundShown(order.id)).pix_refund).toBe('pendente');

    expect(await processRefunds(ctx.app.deps)).toBeGreaterThanOrEqual(1);
    const put = sim.received.find(
      (r) => r.method === 'PUT' && r.path === `/pix/${pix.endToEndId}/devolucao/${queued!.refund_id}`,
    );
    expect(put?.body).toEqual({
      valor: (order.total / 100).toFixed(2),
      natureza: 'ORIGINAL',
      descricao: `Reembolso do pedido ${order.code} na Urbana`,
    });
    expect(sim.state.refunded(pix)).toBe(order.total);
    // Taken by the PSP (EM_PROCESSAMENTO), then followed a minute later to its end.
    expect((await refundsOf(order.id))[0]!.status).toBe('processando');
    await processRefunds(ctx.app.deps, inMinutes(2));
    const [done] = await refundsOf(order.id);
    expect(done!.status).toBe('devolvido');
    const [note] = await notesOf(order.id);
    expect(note!.amount).toBe(order.total);
    expect(await refundShown(order.id)).toMatchObject({
      pix_refund: 'devolvido',
      credit_note: { number: note!.number },
    });
    const notices = await told('pedido_reembolsado');
    expect(notices.some((t) => t.title === `Reembolso do pedido ${order.code} concluído`)).toBe(true);
  });

  it('a devolução the PSP does not make alerts staff and issues no credit note', async () => {
    const { order } = await paidOrder();
    sim.control.refundOutcome = 'NAO_REALIZADO';
    expect((await cancel(order.id, { motivo: 'Face em manutenção', reembolso: 'integral' })).statusCode).toBe(
      200,
    );
    await processRefunds(ctx.app.deps);
    await processRefunds(ctx.app.deps, inMinutes(2));
    const [row] = await refundsOf(order.id);
    expect(row!.status).toBe('nao_realizado');
    expect(await notesOf(order.id)).toHaveLength(0);
    // Staff see it on the order's page, with the PSP's reason, and the Pix that paid it.
    const staffView = await inject(ctx, {
      method: 'GET',
      url: `/api/admin/pedidos/${order.id}`,
      cookie: staffCookie,
    });
    expect(staffView.json()).toMatchObject({
      pix_refunds: [
        {
          status: 'nao_realizado',
          amount: order.total,
          provider_reason: 'Conta do pagador encerrada (simulado).',
        },
      ],
      payments: [{ amount: order.total }],
    });
    const alerts = await told('reembolso_nao_realizado');
    expect(alerts.some((a) => a.title === `Devolução Pix não realizada: pedido ${order.code}`)).toBe(true);
  });

  it('with the PSP out of reach, the same devolução is sent again later, and the money goes back once', async () => {
    const { order, pix } = await paidOrder();
    expect((await cancel(order.id, { motivo: 'Cliente desistiu', reembolso: 'integral' })).statusCode).toBe(
      200,
    );
    sim.control.mode = 'fail';
    await processRefunds(ctx.app.deps);
    const [waiting] = await refundsOf(order.id);
    expect(waiting).toMatchObject({ status: 'pendente', attempts: 1 });
    expect(waiting!.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
    sim.control.mode = 'ok';
    // Not before its time…
    await processRefunds(ctx.app.deps);
    expect((await refundsOf(order.id))[0]!.status).toBe('pendente');
    // …then sent again, with the same id, and followed to its end.
    await processRefunds(ctx.app.deps, inMinutes(1));
    await processRefunds(ctx.app.deps, inMinutes(3));
    expect((await refundsOf(order.id))[0]!.status).toBe('devolvido');
    expect(sim.state.refunded(pix)).toBe(order.total);
  });

  it('a devolução still processing is followed by GET until it ends', async () => {
    const { order, pix } = await paidOrder();
    sim.control.refundOutcome = 'manual';
    expect((await cancel(order.id, { motivo: 'Cliente desistiu', reembolso: 'integral' })).statusCode).toBe(
      200,
    );
    await processRefunds(ctx.app.deps);
    const [row] = await refundsOf(order.id);
    expect(row!.status).toBe('processando');
    await sim.state.settleRefund(pix.endToEndId, row!.refund_id, 'DEVOLVIDO');
    await processRefunds(ctx.app.deps, inMinutes(2));
    expect((await refundsOf(order.id))[0]!.status).toBe('devolvido');
    expect(await notesOf(order.id)).toHaveLength(1);
  });
});

describe('a Pix paid after its hold expired', () => {
  it('is given back by itself, and its order closes when the money is back', async () => {
    const order = await placeOrder();
    await expireOrders(ctx.app.deps, new Date(order.expires_at.getTime() + 1_000));
    expect(await statusOf(order.id)).toBe('expirado');
    const pix = sim.state.pay(order.payment_reference!, { ignoreExpiry: true });
    const counts = await sweepReceived(ctx.app.deps);
    expect(counts.pago_apos_expirar).toBe(1);
    expect(await statusOf(order.id)).toBe('pago_apos_expirar');
    const staffTold = await ctx.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.kind, 'pedido_reembolso_pendente'),
          eq(notifications.title, `Pix recebido após o prazo: pedido ${order.code}`),
        ),
      );
    expect(staffTold[0]!.body).toContain('está sendo devolvido por Pix');
    await processRefunds(ctx.app.deps);
    await processRefunds(ctx.app.deps, inMinutes(2));
    const [row] = await refundsOf(order.id);
    expect(row).toMatchObject({ kind: 'pago_apos_expirar', status: 'devolvido', amount: order.total });
    expect(sim.state.refunded(pix)).toBe(order.total);
    expect(await statusOf(order.id)).toBe('cancelado');
  });
});

describe('a Pix that named no order', () => {
  it('is listed for staff, who send it back once, whole, by Pix', async () => {
    const stray = sim.state.receive(5_555);
    expect((await sweepReceived(ctx.app.deps)).sem_pedido).toBe(1);
    const list = async () => {
      const res = await inject(ctx, { method: 'GET', url: '/api/admin/pix-sem-pedido', cookie: staffCookie });
      expect(res.statusCode).toBe(200);
      return (
        res.json() as { items: Array<{ id: string; reference: string; amount: number; refund: unknown }> }
      ).items;
    };
    const item = (await list()).find((i) => i.reference === stray.endToEndId)!;
    expect(item).toMatchObject({ amount: 5_555, refund: null });
    const send = () =>
      inject(ctx, {
        method: 'POST',
        url: `/api/admin/pix-sem-pedido/${item.id}/devolver`,
        cookie: staffCookie,
      });
    const [first, second] = await Promise.all([send(), send()]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect([first, second].find((r) => r.statusCode === 409)!.json()).toEqual({
      message: 'Este Pix já foi devolvido ou está sendo devolvido.',
    });
    await processRefunds(ctx.app.deps);
    await processRefunds(ctx.app.deps, inMinutes(2));
    expect(sim.state.refunded(stray)).toBe(5_555);
    expect((await list()).find((i) => i.reference === stray.endToEndId)!.refund).toEqual({
      status: 'devolvido',
      provider_reason: null,
    });
  });
});
