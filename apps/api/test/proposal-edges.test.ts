/**
 * The edges of a proposal (issue #40 item 5, docs/decisions/077-proposal-edges.md): a face without a
 * free slot, invoicing for a person (CPF), an order that lapsed unpaid, audience and CPM, and the
 * customer's list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  addDays,
  bookingCpm,
  earliestBookableStart,
  formatBookingPeriod,
  todayInBrasilia,
} from '@urbana/shared';
import { orders, products, proposals, towers } from '../src/db/schema/index.ts';
import { expireOrders } from '../src/services/orders/expire.ts';
import {
  billingPf,
  createTestApp,
  createUser,
  inject,
  NO_ORDER_LIMITS,
  signIn,
  testConfig,
  type TestContext,
} from './helpers.ts';

let ctx: TestContext;
let staff: string;
const START = addDays(earliestBookableStart(todayInBrasilia(), 2), 7);
const VALID = addDays(todayInBrasilia(), 10);
const billingPj = {
  ...billingPf,
  person_type: 'pj',
  name: 'Padaria Conceição Ltda.',
  document: '11.222.333/0001-81',
};

interface Customer {
  id: string;
  email: string;
  cookie: string;
}
async function customer(billing: object = billingPf): Promise<Customer> {
  const c = await createUser(ctx, { nome: 'Cliente Borda' });
  const cookie = await signIn(ctx, c.email, c.password);
  const res = await inject(ctx, { method: 'PUT', url: '/api/billing-profile', cookie, payload: billing });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return { id: c.user.id, email: c.email, cookie };
}

let faces = 0;
/** One outdoor with one face of `slots` slots and 10.000 impressions a week. */
async function face(slots = 1) {
  faces += 1;
  const [p] = await ctx.database.db
    .insert(products)
    .values({
      slug: `borda-${faces}`,
      name: `Outdoor Borda ${faces}`,
      type: 'outdoor',
      city: 'Curitiba',
      state: 'PR',
      latitude: -25.43,
      longitude: -49.27,
      daily_price: 5_000,
      weekly_audience: 10_000,
    })
    .returning();
  const [t] = await ctx.database.db
    .insert(towers)
    .values({ product_id: p!.id, name: 'Face A', slots, weekly_audience: 10_000 })
    .returning();
  return { productId: p!.id, towerId: t!.id, name: p!.name };
}

const create = (customerId: string, productId: string, extra: Record<string, unknown> = {}) =>
  inject(ctx, {
    method: 'POST',
    url: '/api/admin/propostas',
    cookie: staff,
    payload: {
      customer_id: customerId,
      valid_until: VALID,
      items: [{ product_id: productId, start_date: START, weeks: 2, price: 50_000 }],
      discount: 1_000,
      ...extra,
    },
  });
const send = (id: string) =>
  inject(ctx, { method: 'POST', url: `/api/admin/propostas/${id}/enviar`, cookie: staff });

async function sent(customerId: string, productId: string, extra: Record<string, unknown> = {}) {
  const res = await create(customerId, productId, extra);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  expect((await send(id)).statusCode).toBe(200);
  return id;
}

const accept = (c: Customer, id: string, method: 'pix' | 'faturado' = 'pix') =>
  inject(ctx, {
    method: 'POST',
    url: `/api/propostas/${id}/aceitar`,
    cookie: c.cookie,
    payload: { payment_method: method },
  });
const block = (towerId: string) =>
  inject(ctx, {
    method: 'POST',
    url: '/api/admin/inventario/bloqueios',
    cookie: staff,
    payload: { tower_ids: [towerId], start_date: START, weeks: 2, reason: 'Manutenção' },
  });
const soldOut = (name: string) =>
  `Não há vaga livre em ${name} ${formatBookingPeriod(START, 2)}. Escolha outro período ou outra face.`;

beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig(NO_ORDER_LIMITS) });
  const op = await createUser(ctx, { tipo: 'operador', email: 'vendas@urbana.com.br' });
  staff = await signIn(ctx, op.email, op.password);
});
afterAll(async () => {
  await ctx.close();
});

describe('uma face sem vaga', () => {
  it('é recusada ao criar a proposta, com a face e o período em português', async () => {
    const ana = await customer();
    const f = await face();
    expect((await block(f.towerId)).statusCode).toBe(201);
    const res = await create(ana.id, f.productId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(soldOut(f.name));
  });

  it('é recusada ao enviar: a proposta fica em rascunho', async () => {
    const ana = await customer();
    const f = await face();
    const draft = await create(ana.id, f.productId);
    expect(draft.statusCode).toBe(201);
    expect((await block(f.towerId)).statusCode).toBe(201);
    const res = await send(draft.json().id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(soldOut(f.name));
    const [row] = await ctx.database.db.select().from(proposals).where(eq(proposals.id, draft.json().id));
    expect(row!.status).toBe('rascunho');
  });

  it('no aceite: o cliente lê o motivo, a proposta mostra "impedida" e a equipe é avisada', async () => {
    const ana = await customer();
    const f = await face();
    const id = await sent(ana.id, f.productId);
    expect((await block(f.towerId)).statusCode).toBe(201);
    const res = await accept(ana, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(soldOut(f.name));

    const mine = await inject(ctx, { method: 'GET', url: `/api/propostas/${id}`, cookie: ana.cookie });
    expect(mine.json()).toMatchObject({ state: 'impedida', acceptance_error: soldOut(f.name) });
    const theirs = await inject(ctx, { method: 'GET', url: `/api/admin/propostas/${id}`, cookie: staff });
    expect(theirs.json()).toMatchObject({ state: 'impedida', acceptance_error: soldOut(f.name) });
    const bell = await inject(ctx, { method: 'GET', url: '/api/notifications', cookie: staff });
    const told = (bell.json().items as Array<{ kind: string; link: string; body: string }>).find(
      (n) => n.kind === 'proposta_impedida' && n.link === `/admin/propostas/${id}`,
    );
    expect(told?.body).toContain(soldOut(f.name));
  });
});

describe('forma de pagamento', () => {
  it('faturado só para CNPJ: recusado ao criar para um cliente com CPF', async () => {
    const ana = await customer();
    const f = await face();
    const res = await create(ana.id, f.productId, { payment_method: 'faturado' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Boleto/transferência faturada é só para empresas: o cadastro de faturamento deste cliente não tem CNPJ.',
    );
  });

  it('faturado para uma empresa: criado; ao enviar, conferido de novo com o cadastro de agora', async () => {
    const empresa = await customer(billingPj);
    const f = await face();
    const res = await create(empresa.id, f.productId, { payment_method: 'faturado' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().payment_method).toBe('faturado');
    await inject(ctx, {
      method: 'PUT',
      url: '/api/billing-profile',
      cookie: empresa.cookie,
      payload: billingPf,
    });
    const refused = await send(res.json().id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^Boleto\/transferência faturada é só para empresas/);
  });

  it('uma proposta por Pix não é aceita como faturada', async () => {
    const empresa = await customer(billingPj);
    const f = await face();
    const id = await sent(empresa.id, f.productId);
    const res = await accept(empresa, id, 'faturado');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Esta proposta é para pagamento via Pix.');
    const ok = await accept(empresa, id, 'pix');
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe('pedido não pago', () => {
  it('expirado sem pagamento: a proposta reabre e é aceita de novo com os mesmos preços', async () => {
    const ana = await customer();
    const f = await face();
    const id = await sent(ana.id, f.productId);
    const first = await accept(ana, id);
    expect(first.statusCode, first.body).toBe(201);
    const firstOrder = first.json().order_id as string;
    await ctx.database.db
      .update(orders)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(orders.id, firstOrder));
    await expireOrders(ctx.app.deps);

    const seen = await inject(ctx, { method: 'GET', url: `/api/propostas/${id}`, cookie: ana.cookie });
    expect(seen.json()).toMatchObject({ state: 'reaberta', order_id: firstOrder });
    const again = await accept(ana, id);
    expect(again.statusCode, again.body).toBe(201);
    const secondOrder = again.json().order_id as string;
    expect(secondOrder).not.toBe(firstOrder);
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, secondOrder));
    expect(order).toMatchObject({ subtotal: 70_000, total: 49_000, status: 'aguardando_pagamento' });
    const now = await inject(ctx, { method: 'GET', url: `/api/propostas/${id}`, cookie: ana.cookie });
    expect(now.json()).toMatchObject({ state: 'aceita', order_id: secondOrder });
    expect((await accept(ana, id)).statusCode).toBe(409);
  });

  it('cancelado antes de pagar: reabre, mas só enquanto a proposta vale', async () => {
    const ana = await customer();
    const f = await face();
    const id = await sent(ana.id, f.productId);
    const first = await accept(ana, id);
    const cancel = await inject(ctx, {
      method: 'POST',
      url: `/api/orders/${first.json().order_id}/cancel`,
      cookie: ana.cookie,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const seen = await inject(ctx, { method: 'GET', url: `/api/propostas/${id}`, cookie: ana.cookie });
    expect(seen.json().state).toBe('reaberta');
    await ctx.database.db
      .update(proposals)
      .set({ valid_until: addDays(todayInBrasilia(), -1) })
      .where(eq(proposals.id, id));
    const late = await accept(ana, id);
    expect(late.statusCode).toBe(410);
    const after = await inject(ctx, { method: 'GET', url: `/api/propostas/${id}`, cookie: ana.cookie });
    expect(after.json().state).toBe('vencida');
  });
});

describe('o que o cliente vê', () => {
  it('audiência e CPM por linha e no total, pelas funções do carrinho', async () => {
    const ana = await customer();
    const f = await face();
    const id = await sent(ana.id, f.productId);
    const res = await inject(ctx, { method: 'GET', url: `/api/propostas/${id}`, cookie: ana.cookie });
    // 10.000 impressions a week × 2 weeks; the line costs 50.000, the whole 49.000.
    expect(res.json().items[0]).toMatchObject({ audience: 20_000, cpm: bookingCpm(50_000, 20_000) });
    expect(res.json()).toMatchObject({ audience: 20_000, cpm: bookingCpm(49_000, 20_000) });
  });

  it('a lista "Propostas": as suas, enviadas, com situação, validade e total', async () => {
    const ana = await customer();
    const bia = await customer();
    const f = await face(3);
    const mine = await sent(ana.id, f.productId);
    const draft = await create(ana.id, f.productId);
    await sent(bia.id, f.productId);
    const res = await inject(ctx, { method: 'GET', url: '/api/propostas', cookie: ana.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toHaveLength(1);
    expect(res.json().items[0]).toMatchObject({
      id: mine,
      state: 'enviada',
      valid_until: VALID,
      total: 49_000,
    });
    expect(JSON.stringify(res.json())).not.toContain(draft.json().id);
    expect((await inject(ctx, { method: 'GET', url: '/api/propostas' })).statusCode).toBe(401);
  });
});
