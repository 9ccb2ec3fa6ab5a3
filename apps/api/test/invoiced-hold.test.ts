import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays, formatDate, formatHoldEnd, invoicedHoldEnd, todayInBrasilia } from '@urbana/shared';
import { invoices, notifications, orderItems, orders, reservations } from '../src/db/schema/index.ts';
import { expireOrders } from '../src/services/orders/expire.ts';
import { alertExpiringInvoicedOrders } from '../src/services/orders/expiry-alerts.ts';
import { createTestApp, inject, lastEmailTo, NO_ORDER_LIMITS, type TestContext } from './helpers.ts';
import { billing, insertProduct, person, placeOrder, type Person } from './security/world.ts';

// Issue #40 item 1: an invoiced order must not expire before its invoice is due, and the due date
// comes before the campaign's first day. Lead time 0, so a campaign may start today or tomorrow.
let ctx: TestContext;
let empresa: Person;
let operador: Person;
let productId: string;
const today = todayInBrasilia();
const HOUR = 3600_000;

beforeAll(async () => {
  ctx = await createTestApp({ env: { ...NO_ORDER_LIMITS, LEAD_BUSINESS_DAYS: '0' } });
  empresa = await person(ctx, { nome: 'Joana Conceição' });
  operador = await person(ctx, { tipo: 'operador', email: 'operador@urbana.com.br', nome: 'Otávio' });
  const res = await inject(ctx, {
    method: 'PUT',
    url: '/api/billing-profile',
    cookie: empresa.cookie,
    payload: {
      ...billing,
      person_type: 'pj',
      name: 'Padaria Conceição Ltda.',
      document: '11.222.333/0001-81',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  productId = (await insertProduct(ctx.database, 'Outdoor Eixo Monumental', 10_000, 500)).id;
});
afterAll(async () => {
  await ctx.close();
});

const invoiced = (start: string) =>
  placeOrder(ctx, empresa, productId, {
    payment_method: 'faturado',
    items: [{ product_id: productId, start_date: start, weeks: 1, tower_ids: [] }],
  });
const dueOf = async (orderId: string) =>
  (await ctx.database.db.select().from(invoices).where(eq(invoices.order_id, orderId)))[0]!.due_date;
const orderRow = async (orderId: string) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const staffAlerts = (code: string) =>
  ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, operador.id), eq(notifications.kind, 'pedido_faturado_expirando')))
    .then((rows) => rows.filter((n) => n.title.includes(code)));

describe('pedido faturado: vencimento até a véspera do início, reserva até o fim do vencimento', () => {
  it('perto do início: vence na véspera, e a reserva (pedido e vagas) vai até o fim desse dia', async () => {
    const start = addDays(today, 2);
    const order = await invoiced(start);
    const due = await dueOf(order.id);
    expect(due).toBe(addDays(start, -1));
    const end = invoicedHoldEnd(due);
    expect((await orderRow(order.id)).expires_at.toISOString()).toBe(end.toISOString());
    const held = await ctx.database.db
      .select({ hold: reservations.hold_expires_at })
      .from(reservations)
      .innerJoin(orderItems, eq(orderItems.id, reservations.order_item_id))
      .where(eq(orderItems.order_id, order.id));
    expect(held.map((r) => r.hold?.toISOString())).toEqual([end.toISOString()]);
    // What the customer's order page reads: both dates.
    const detail = await inject(ctx, {
      method: 'GET',
      url: `/api/orders/${order.id}`,
      cookie: empresa.cookie,
    });
    expect(detail.json()).toMatchObject({ expires_at: end.toISOString(), invoice: { due_date: due } });
  });

  it('longe do início: 5 dias corridos, reserva até o fim do 5º dia', async () => {
    const order = await invoiced(addDays(today, 40));
    const due = await dueOf(order.id);
    expect(due).toBe(addDays(today, 5));
    expect((await orderRow(order.id)).expires_at.toISOString()).toBe(invoicedHoldEnd(due).toISOString());
  });

  it('o e-mail do pedido diz o vencimento e até quando as vagas ficam reservadas', async () => {
    const order = await invoiced(addDays(today, 3));
    const due = await dueOf(order.id);
    const email = await lastEmailTo(ctx, empresa.email);
    expect(email?.subject).toContain(order.code);
    for (const body of [email!.body_text, email!.body_html]) {
      expect(body).toContain(`A fatura vence em ${formatDate(due)}`);
      expect(body).toContain(`reservadas até ${formatHoldEnd(invoicedHoldEnd(due))}`);
    }
  });

  it('começa hoje: o faturado é recusado com o motivo; o Pix continua possível', async () => {
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/orders',
      cookie: empresa.cookie,
      headers: { 'idempotency-key': `faturado-hoje-${Date.now()}` },
      payload: {
        items: [{ product_id: productId, start_date: today, weeks: 1, tower_ids: [] }],
        payment_method: 'faturado',
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `O pagamento faturado precisa vencer até a véspera do início da campanha. Pague com Pix ou escolha um início a partir de ${formatDate(addDays(today, 1))}.`,
    );
    await placeOrder(ctx, empresa, productId, {
      items: [{ product_id: productId, start_date: today, weeks: 1, tower_ids: [] }],
    });
  });

  it('não expira antes do fim do vencimento; expira depois (relógio movido)', async () => {
    const order = await invoiced(addDays(today, 2));
    const end = invoicedHoldEnd(await dueOf(order.id));
    await expireOrders(ctx.app.deps, new Date(end.getTime() - 60_000));
    expect((await orderRow(order.id)).status).toBe('aguardando_pagamento');
    await expireOrders(ctx.app.deps, end);
    expect((await orderRow(order.id)).status).toBe('expirado');
  });

  it('a equipe é avisada uma vez, um dia antes de o pedido faturado expirar', async () => {
    const order = await invoiced(addDays(today, 4));
    const end = invoicedHoldEnd(await dueOf(order.id));
    await alertExpiringInvoicedOrders(ctx.app.deps, new Date(end.getTime() - 25 * HOUR));
    expect(await staffAlerts(order.code)).toHaveLength(0);
    await alertExpiringInvoicedOrders(ctx.app.deps, new Date(end.getTime() - 23 * HOUR));
    await alertExpiringInvoicedOrders(ctx.app.deps, new Date(end.getTime() - 22 * HOUR));
    const alerts = await staffAlerts(order.code);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.body).toContain(formatHoldEnd(end));
    expect(alerts[0]!.body).toContain(formatDate(await dueOf(order.id)));
    expect(alerts[0]!.link).toBe(`/admin/pedidos/${order.id}`);
  });
});
