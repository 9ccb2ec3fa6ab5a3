import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { addDays, earliestBookableStart, proposalMessages, todayInBrasilia } from '@urbana/shared';
import { orders, products, proposals, reservations, towers } from '../src/db/schema/index.ts';
import {
  billingPf,
  createTestApp,
  createUser,
  inject,
  lastEmailTo,
  NO_ORDER_LIMITS,
  signIn,
  testConfig,
  type TestContext,
} from './helpers.ts';

let ctx: TestContext;
let staff: string;
const START = addDays(earliestBookableStart(todayInBrasilia(), 2), 7);
const VALID = addDays(todayInBrasilia(), 10);

interface Customer {
  id: string;
  email: string;
  cookie: string;
}
async function customer(nome = 'Cliente Proposta'): Promise<Customer> {
  const c = await createUser(ctx, { nome });
  const cookie = await signIn(ctx, c.email, c.password);
  await inject(ctx, { method: 'PUT', url: '/api/billing-profile', cookie, payload: billingPf });
  return { id: c.user.id, email: c.email, cookie };
}

async function face(slug: string, slots: number) {
  const [p] = await ctx.database.db
    .insert(products)
    .values({
      slug,
      name: `Outdoor ${slug}`,
      type: 'outdoor',
      city: 'Curitiba',
      state: 'PR',
      latitude: -25.43,
      longitude: -49.27,
      daily_price: 5_000,
    })
    .returning();
  const [t] = await ctx.database.db
    .insert(towers)
    .values({ product_id: p!.id, name: 'Face A', slots })
    .returning();
  return { productId: p!.id, towerId: t!.id };
}

async function proposal(customerId: string, productId: string, extra: Record<string, unknown> = {}) {
  const res = await inject(ctx, {
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
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  const sent = await inject(ctx, { method: 'POST', url: `/api/admin/propostas/${id}/enviar`, cookie: staff });
  expect(sent.statusCode, sent.body).toBe(200);
  return id;
}

const accept = (c: Customer, id: string) =>
  inject(ctx, {
    method: 'POST',
    url: `/api/propostas/${id}/aceitar`,
    cookie: c.cookie,
    payload: { payment_method: 'pix' },
  });

beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig(NO_ORDER_LIMITS) });
  const op = await createUser(ctx, { tipo: 'operador', email: 'vendas@urbana.com.br' });
  staff = await signIn(ctx, op.email, op.password);
});
afterAll(async () => {
  await ctx.close();
});

describe('propostas da equipe', () => {
  it('um endereço que não é de proposta: "Proposta não encontrada." (era "não encontrado")', async () => {
    const res = await inject(ctx, { method: 'GET', url: '/api/admin/propostas/xyz', cookie: staff });
    expect(res.json()).toEqual({ message: 'Proposta não encontrada.' });
  });

  it('criada, enviada por e-mail com link, aceita pelo cliente: vira pedido com os preços negociados', async () => {
    const ana = await customer('Ana Proposta');
    const f = await face('proposta', 2);
    const id = await proposal(ana.id, f.productId);
    const email = await lastEmailTo(ctx, ana.email);
    expect(email!.subject).toMatch(/^Sua proposta PRP-/);
    expect(email!.body_text).toContain(`http://localhost:3000/proposta/${id}`);

    const pdf = await inject(ctx, { method: 'GET', url: `/api/admin/propostas/${id}/pdf`, cookie: staff });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const seen = await inject(ctx, { method: 'GET', url: `/api/propostas/${id}`, cookie: ana.cookie });
    expect(seen.statusCode).toBe(200);
    // 5.000 × 7 × 2 weeks = 70.000 at list; negotiated 50.000, less 1.000.
    expect(seen.json()).toMatchObject({ state: 'enviada', subtotal: 70_000, discount: 1_000, total: 49_000 });

    const other = await customer('Outra Pessoa');
    expect(
      (await inject(ctx, { method: 'GET', url: `/api/propostas/${id}`, cookie: other.cookie })).statusCode,
    ).toBe(404);
    expect((await accept(other, id)).statusCode).toBe(404);

    const res = await accept(ana, id);
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().order_id as string;
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      user_id: ana.id,
      subtotal: 70_000,
      total: 49_000,
      status: 'aguardando_pagamento',
    });
    const held = await ctx.database.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.tower_id, f.towerId), ne(reservations.status, 'liberada')));
    expect(held).toHaveLength(1);
    expect(held[0]!.hold_expires_at).not.toBeNull();
    // Its page names the discount as the proposal's conditions, not as a long-run discount.
    const detail = await inject(ctx, { method: 'GET', url: `/api/orders/${orderId}`, cookie: ana.cookie });
    expect(detail.json()).toMatchObject({ discount: 21_000, discount_reason: 'proposta', total: 49_000 });
    // It is one of the customer's orders.
    const mine = await inject(ctx, { method: 'GET', url: '/api/orders', cookie: ana.cookie });
    expect(JSON.stringify(mine.json())).toContain(orderId);
    const [row] = await ctx.database.db.select().from(proposals).where(eq(proposals.id, id));
    expect(row).toMatchObject({ status: 'aceita', order_id: orderId });

    // Staff are told on the bell, with a link to the new order (issue #19 item 5).
    const bell = await inject(ctx, { method: 'GET', url: '/api/notifications', cookie: staff });
    const told = (bell.json().items as Array<{ kind: string; link: string }>).find(
      (n) => n.kind === 'proposta_aceita',
    );
    expect(told?.link).toBe(`/admin/pedidos/${orderId}`);

    const twice = await accept(ana, id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Esta proposta já foi aceita.');
  });

  it('vencida não pode ser aceita (410, em português)', async () => {
    const bia = await customer();
    const f = await face('vencida', 1);
    const id = await proposal(bia.id, f.productId);
    await ctx.database.db
      .update(proposals)
      .set({ valid_until: addDays(todayInBrasilia(), -1) })
      .where(eq(proposals.id, id));
    const res = await accept(bia, id);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toMatch(
      /^Esta proposta venceu em \d{2}\/\d{2}\/\d{4} e não pode mais ser aceita/,
    );
    expect(await ctx.database.db.select().from(orders).where(eq(orders.user_id, bia.id))).toEqual([]);
    const seen = await inject(ctx, { method: 'GET', url: `/api/propostas/${id}`, cookie: bia.cookie });
    expect(seen.json().state).toBe('vencida');
  });

  it('recusa preço acima da tabela, rascunho não é visível ao cliente, cancelada não é aceita', async () => {
    const caio = await customer();
    const f = await face('regras', 1);
    // One line of this face, as staff send it; `extra` adds the discount.
    const propose = (price: number | null, extra: Record<string, unknown> = {}) =>
      inject(ctx, {
        method: 'POST',
        url: '/api/admin/propostas',
        cookie: staff,
        payload: {
          customer_id: caio.id,
          valid_until: VALID,
          ...extra,
          items: [{ product_id: f.productId, start_date: START, weeks: 1, price }],
        },
      });
    const above = await propose(999_999);
    expect(above.statusCode).toBe(400);
    expect(above.json().message).toBe(
      'O preço negociado de Outdoor regras não pode passar do preço de tabela.',
    );
    // A proposal never comes out free: it would become an order paid at R$ 0,00 on acceptance.
    const free = await propose(0);
    expect(free.statusCode).toBe(400);
    expect(free.json().message).toBe(proposalMessages.priceMin);
    const discountedToZero = await propose(null, { discount: 35_000 });
    expect(discountedToZero.statusCode).toBe(400);
    expect(discountedToZero.json().message).toBe(proposalMessages.discountAboveTotal);
    const draft = await propose(null);
    expect(draft.statusCode).toBe(201);
    expect(draft.json()).toMatchObject({ status: 'rascunho', total: 35_000 });
    const draftId = draft.json().id as string;
    expect(
      (await inject(ctx, { method: 'GET', url: `/api/propostas/${draftId}`, cookie: caio.cookie }))
        .statusCode,
    ).toBe(404);
    await inject(ctx, { method: 'POST', url: `/api/admin/propostas/${draftId}/enviar`, cookie: staff });
    const cancel = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/propostas/${draftId}/cancelar`,
      cookie: staff,
    });
    expect(cancel.json().state).toBe('cancelada');
    const res = await accept(caio, draftId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Esta proposta foi cancelada pela equipe Urbana.');
  });
});

describe('a última vaga: reservas técnicas, bloqueios, propostas e checkouts juntos', () => {
  it('100 aceites e checkouts ao mesmo tempo pela última vaga: só um leva, nenhuma face passa das vagas', async () => {
    const SLOTS = 3;
    const f = await face('ultima-vaga', SLOTS);
    const people = await Promise.all(Array.from({ length: 10 }, (_, i) => customer(`Disputa ${i}`)));
    // One slot to a reserva técnica, one to a paid order: one left.
    const hold = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/inventario/reservas',
      cookie: staff,
      payload: {
        customer_id: people[0]!.id,
        tower_ids: [f.towerId],
        start_date: START,
        weeks: 1,
        expires_on: todayInBrasilia(),
      },
    });
    expect(hold.statusCode).toBe(201);
    const first = await inject(ctx, {
      method: 'POST',
      url: '/api/orders',
      cookie: people[0]!.cookie,
      headers: { 'idempotency-key': 'primeiro' },
      payload: { items: [{ product_id: f.productId, start_date: START, weeks: 1 }] },
    });
    expect(first.statusCode).toBe(201);
    // 50 proposals for that week, each to one of the customers.
    const ids: Array<[Customer, string]> = [];
    for (let i = 0; i < 50; i++) {
      const who = people[i % people.length]!;
      const res = await inject(ctx, {
        method: 'POST',
        url: '/api/admin/propostas',
        cookie: staff,
        payload: {
          customer_id: who.id,
          valid_until: VALID,
          items: [{ product_id: f.productId, start_date: START, weeks: 1, price: null }],
        },
      });
      await inject(ctx, {
        method: 'POST',
        url: `/api/admin/propostas/${res.json().id}/enviar`,
        cookie: staff,
      });
      ids.push([who, res.json().id]);
    }
    const results = await Promise.all([
      ...ids.map(([who, id]) => accept(who, id)),
      ...Array.from({ length: 50 }, (_, i) =>
        inject(ctx, {
          method: 'POST',
          url: '/api/orders',
          cookie: people[i % people.length]!.cookie,
          headers: { 'idempotency-key': `disputa-${i}` },
          payload: { items: [{ product_id: f.productId, start_date: START, weeks: 1 }] },
        }),
      ),
    ]);
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(99);
    const held = await ctx.database.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.tower_id, f.towerId), ne(reservations.status, 'liberada')));
    expect(held).toHaveLength(SLOTS);
    expect(new Set(held.map((r) => r.slot)).size).toBe(SLOTS);
    // The losers' proposals stay open (nothing half-written): 49 still "enviada".
    const open = await ctx.database.db.select().from(proposals).where(eq(proposals.status, 'enviada'));
    expect(open.filter((p) => ids.some(([, id]) => id === p.id))).toHaveLength(
      ids.length - (codes.slice(0, 50).includes(201) ? 1 : 0),
    );

    // A block on that week is now refused: the face is full of bookings.
    const block = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/inventario/bloqueios',
      cookie: staff,
      payload: { tower_ids: [f.towerId], start_date: START, weeks: 1, reason: 'Manutenção' },
    });
    expect(block.statusCode).toBe(409);
  }, 180_000);
});
