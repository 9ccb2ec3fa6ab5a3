import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, proposalMessages, todayInBrasilia } from '@urbana/shared';
import { companyBilling } from '@urbana/shared/samples';
import { invoices, orderItems, orders, proposals } from '../src/db/schema/index.ts';
import {
  createTestApp,
  inject,
  lastEmailTo,
  NO_ORDER_LIMITS,
  testConfig,
  type TestContext,
} from './helpers.ts';
import { insertProduct, person, START, type Person } from './security/world.ts';

// Issue #44 item 4, decision 108: a customer asks for a quote, staff answer, the customer counters,
// declines or accepts; every round is kept; an accepted round becomes the order at its prices.
let ctx: TestContext;
let ana: Person; // responsável of Agência Alfa (certified), who negotiates
let bruno: Person; // responsável of Agência Beta
let dora: Person; // a direct customer
let chefe: Person; // admin
let advertiser: string;
let productA: string;
let productB: string;
const today = todayInBrasilia();
const VALID = addDays(today, 10);

const call = (who: Person, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  inject(ctx, { method, url, cookie: who.cookie, ...(payload ? { payload } : {}) });

const lines = () => [
  { product_id: productA, start_date: START, weeks: 1, tower_ids: [] },
  { product_id: productB, start_date: START, weeks: 1, tower_ids: [] },
];

async function ask(who: Person, extra: object = {}) {
  const res = await call(who, 'POST', '/api/propostas', {
    items: lines(),
    message: 'Campanha de verão da padaria',
    target_budget: 80_000,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; code: string; state: string; total: number; subtotal: number };
}

async function answer(id: string, prices: Array<number | null>, extra: object = {}) {
  const res = await call(chefe, 'POST', `/api/admin/propostas/${id}/responder`, {
    prices,
    valid_until: VALID,
    note: 'Condição especial de verão.',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { state: string; total: number };
}

beforeAll(async () => {
  ctx = await createTestApp({
    config: testConfig({ ...NO_ORDER_LIMITS, ADMIN_EMAILS: 'chefe@urbana.com.br' }),
  });
  [ana, bruno, dora] = await Promise.all([
    person(ctx, { nome: 'Ana Alfa' }),
    person(ctx, { nome: 'Bruno Beta' }),
    person(ctx, { nome: 'Dora Direta' }),
  ]);
  chefe = await person(ctx, { tipo: 'admin', email: 'chefe@urbana.com.br', nome: 'Chefe Urbana' });
  // 1 week: R$ 700,00 and R$ 350,00 at list.
  productA = (await insertProduct(ctx.database, 'Outdoor Negociação A', 10_000, 50)).id;
  productB = (await insertProduct(ctx.database, 'Outdoor Negociação B', 5_000, 50)).id;
  const alfa = await call(ana, 'POST', '/api/agencia', {
    name: 'Agência Alfa Ltda.',
    document: '11.222.333/0001-81',
    cenp_certificate: 'CENP-2026-0042',
    cenp_valid_until: addDays(today, 30),
  });
  expect(alfa.statusCode, alfa.body).toBe(201);
  expect((await call(chefe, 'POST', `/api/admin/agencias/${alfa.json().id}/confirmar`)).statusCode).toBe(200);
  const beta = await call(bruno, 'POST', '/api/agencia', {
    name: 'Agência Beta Ltda.',
    document: '45.723.174/0001-10',
    cenp_valid_until: null,
  });
  expect(beta.statusCode, beta.body).toBe(201);
  // An advertiser whose CNPJ has letters (IN RFB 2.229/2024).
  const adv = await call(ana, 'POST', '/api/agencia/anunciantes', {
    ...companyBilling,
    name: 'Sorveteria Polo Sul S.A.',
    document: '12.ABC.345/01DE-35',
  });
  expect(adv.statusCode, adv.body).toBe(201);
  advertiser = adv.json().id;
  await call(dora, 'PUT', '/api/billing-profile', companyBilling);
});
afterAll(async () => {
  await ctx.close();
});

describe('negociação de uma proposta', () => {
  it('três rodadas: pedido, proposta, contraproposta por local, proposta, contraproposta pelo total, proposta, aceite — o pedido sai aos últimos preços combinados', async () => {
    const asked = await ask(ana, { advertiser_id: advertiser });
    expect(asked).toMatchObject({ state: 'solicitada', subtotal: 105_000, total: 105_000 });
    const id = asked.id;
    // Nothing to accept until staff answer; staff cannot just "send" a request either.
    expect(
      (await call(ana, 'POST', `/api/propostas/${id}/aceitar`, { payment_method: 'pix' })).json(),
    ).toEqual({
      message: proposalMessages.waitingStaff,
    });
    expect((await call(chefe, 'POST', `/api/admin/propostas/${id}/enviar`)).statusCode).toBe(409);

    expect(await answer(id, [65_000, 32_000])).toMatchObject({ state: 'enviada', total: 97_000 });
    expect((await lastEmailTo(ctx, ana.email))!.body_text).toContain(`/proposta/${id}`);
    // Staff answer only a request or a counter-offer.
    expect(
      (
        await call(chefe, 'POST', `/api/admin/propostas/${id}/responder`, {
          prices: [1_000, 1_000],
          valid_until: VALID,
        })
      ).statusCode,
    ).toBe(409);

    const above = await call(ana, 'POST', `/api/propostas/${id}/contraproposta`, {
      prices: [75_000, 20_000],
    });
    expect(above.statusCode).toBe(400);
    expect(above.json().message).toBe(proposalMessages.priceAboveList('Outdoor Negociação A'));
    expect(
      (await call(ana, 'POST', `/api/propostas/${id}/contraproposta`, { prices: [55_000] })).statusCode,
    ).toBe(400);
    expect(
      (await call(ana, 'POST', `/api/propostas/${id}/contraproposta`, { message: 'só texto' })).statusCode,
    ).toBe(400);
    const counter = await call(ana, 'POST', `/api/propostas/${id}/contraproposta`, {
      prices: [55_000, 25_000],
      message: 'Nosso orçamento é menor.',
    });
    expect(counter.statusCode, counter.body).toBe(200);
    // The offer stands until staff answer; a counter-offer cannot be accepted by its own author.
    expect(counter.json()).toMatchObject({ state: 'contraproposta', total: 97_000 });
    expect(
      (await call(ana, 'POST', `/api/propostas/${id}/aceitar`, { payment_method: 'pix' })).statusCode,
    ).toBe(409);

    expect(await answer(id, [60_000, 28_000])).toMatchObject({ total: 88_000 });
    const byTotal = await call(ana, 'POST', `/api/propostas/${id}/contraproposta`, { total: 85_000 });
    expect(byTotal.statusCode, byTotal.body).toBe(200);
    expect(await answer(id, [58_000, 27_000])).toMatchObject({ state: 'enviada', total: 85_000 });

    const accepted = await call(ana, 'POST', `/api/propostas/${id}/aceitar`, { payment_method: 'pix' });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const orderId = accepted.json().order_id as string;

    const seen = (await call(ana, 'GET', `/api/propostas/${id}`)).json();
    expect(seen.state).toBe('aceita');
    expect(seen.advertiser).toMatchObject({ id: advertiser, document: '12ABC34501DE35' });
    expect(seen.request_message).toBe('Campanha de verão da padaria');
    expect(seen.target_budget).toBe(80_000);
    expect(
      seen.rounds.map((r: { kind: string; side: string; actor_name: string; total: number | null }) => [
        r.kind,
        r.side,
        r.actor_name,
        r.total,
      ]),
    ).toEqual([
      ['pedido', 'cliente', 'Ana Alfa', 80_000],
      ['proposta', 'equipe', 'Chefe Urbana', 97_000],
      ['contraproposta', 'cliente', 'Ana Alfa', 80_000],
      ['proposta', 'equipe', 'Chefe Urbana', 88_000],
      ['contraproposta', 'cliente', 'Ana Alfa', 85_000],
      ['proposta', 'equipe', 'Chefe Urbana', 85_000],
      ['aceite', 'cliente', 'Ana Alfa', 85_000],
    ]);
    expect(seen.rounds[2]).toMatchObject({ prices: [55_000, 25_000], message: 'Nosso orçamento é menor.' });
    // The total of 85 000 spread over the offer's 60 000 and 28 000 (decision 116).
    expect(seen.rounds[4].prices).toEqual([57_955, 27_045]);
    expect(seen.rounds[5]).toMatchObject({ prices: [58_000, 27_000], valid_until: VALID });
    for (const r of seen.rounds) expect(Date.parse(r.created_at)).not.toBeNaN();

    // The order: the last agreed prices, billed to the advertiser, less the desconto-padrão (20 %).
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      subtotal: 105_000,
      discount: 20_000,
      agency_commission: 17_000,
      agency_commission_percent: 20,
      total: 68_000,
      advertiser_id: advertiser,
    });
    expect(order!.billing).toMatchObject({ document: '12ABC34501DE35', name: 'Sorveteria Polo Sul S.A.' });
    const items = await ctx.database.db.select().from(orderItems).where(eq(orderItems.order_id, orderId));
    expect(items.map((i) => i.total).sort()).toEqual([27_000, 58_000]);
    const [invoice] = await ctx.database.db.select().from(invoices).where(eq(invoices.order_id, orderId));
    expect(invoice).toMatchObject({
      amount: 105_000,
      discount: 20_000,
      agency_commission: 17_000,
      total: 68_000,
    });
    // The customer's invoice list names the advertiser and carries the commission.
    const listed = (await call(ana, 'GET', '/api/invoices')).json();
    expect(listed.items.find((i: { order_id: string }) => i.order_id === orderId)).toMatchObject({
      agency_commission: 17_000,
      total: 68_000,
      advertiser: { name: 'Sorveteria Polo Sul S.A.', document: '12ABC34501DE35' },
    });
    // The PI states the same figures.
    const pi = await call(ana, 'GET', `/api/agencia/pedidos/${orderId}/pi`);
    expect(pi.statusCode, pi.body).toBe(200);
    expect(pi.json().figures).toEqual({ gross: 85_000, commission: 17_000, net: 68_000, percent: 20 });
    expect(
      pi
        .json()
        .items.map((i: { total: number }) => i.total)
        .sort(),
    ).toEqual([27_000, 58_000]);

    // Done: no more answers.
    expect(
      (await call(ana, 'POST', `/api/propostas/${id}/contraproposta`, { total: 10_000 })).statusCode,
    ).toBe(409);
  });

  it('uma contraproposta pelo total é repartida pelos locais; a equipe responde com esses preços e o pedido os traz', async () => {
    const { id } = await ask(dora);
    await answer(id, [60_000, 30_000]);
    const counter = await call(dora, 'POST', `/api/propostas/${id}/contraproposta`, { total: 50_000 });
    expect(counter.statusCode, counter.body).toBe(200);
    // 50 000 × 60/90 = 33 333,33 and × 30/90 = 16 666,67: the centavo left goes to the larger remainder.
    const round = counter.json().rounds.at(-1);
    expect(round).toMatchObject({ kind: 'contraproposta', total: 50_000, prices: [33_333, 16_667] });
    const staff = (await call(chefe, 'GET', `/api/admin/propostas/${id}`)).json();
    expect(staff.rounds.at(-1).prices).toEqual([33_333, 16_667]);
    expect(await answer(id, round.prices)).toMatchObject({ state: 'enviada', total: 50_000 });
    const accepted = await call(dora, 'POST', `/api/propostas/${id}/aceitar`, { payment_method: 'pix' });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const items = await ctx.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.order_id, accepted.json().order_id as string));
    expect(items.map((i) => [i.product_id, i.total]).sort()).toEqual(
      [
        [productA, 33_333],
        [productB, 16_667],
      ].sort(),
    );
  });

  it('uma proposta vencida não pode ser aceita, contraproposta nem recusada', async () => {
    const { id } = await ask(dora);
    await answer(id, [60_000, null]);
    await ctx.database.db
      .update(proposals)
      .set({ valid_until: addDays(today, -1) })
      .where(eq(proposals.id, id));
    const accept = await call(dora, 'POST', `/api/propostas/${id}/aceitar`, { payment_method: 'pix' });
    expect(accept.statusCode).toBe(410);
    expect(accept.json().message).toMatch(/venceu/);
    expect(
      (await call(dora, 'POST', `/api/propostas/${id}/contraproposta`, { total: 50_000 })).statusCode,
    ).toBe(410);
    expect(
      (await call(dora, 'POST', `/api/propostas/${id}/recusar`, { reason: 'Caro demais' })).statusCode,
    ).toBe(410);
    expect((await call(dora, 'GET', `/api/propostas/${id}`)).json().state).toBe('vencida');
    const [row] = await ctx.database.db.select().from(proposals).where(eq(proposals.id, id));
    expect(row!.order_id).toBeNull();
  });

  it('o cliente direto recusa com o motivo; sem desconto-padrão; a recusa fica na história', async () => {
    const asked = await ask(dora);
    expect((await call(dora, 'GET', `/api/propostas/${asked.id}`)).json().advertiser).toBeNull();
    await answer(asked.id, [null, null], { discount: 5_000 });
    expect((await call(dora, 'POST', `/api/propostas/${asked.id}/recusar`, { reason: '' })).statusCode).toBe(
      400,
    );
    const declined = await call(dora, 'POST', `/api/propostas/${asked.id}/recusar`, {
      reason: 'Fechamos com outro veículo.',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().state).toBe('recusada');
    expect(declined.json().rounds.at(-1)).toMatchObject({
      kind: 'recusa',
      side: 'cliente',
      actor_name: 'Dora Direta',
      message: 'Fechamos com outro veículo.',
    });
    expect(
      (await call(dora, 'POST', `/api/propostas/${asked.id}/aceitar`, { payment_method: 'pix' })).json(),
    ).toEqual({
      message: proposalMessages.declined,
    });
  });

  it('outro cliente não vê nem responde; o anunciante é só da sua agência', async () => {
    const { id } = await ask(ana, { advertiser_id: advertiser });
    await answer(id, [50_000, 30_000]);
    for (const [method, url, payload] of [
      ['GET', `/api/propostas/${id}`, undefined],
      ['POST', `/api/propostas/${id}/contraproposta`, { total: 10_000 }],
      ['POST', `/api/propostas/${id}/recusar`, { reason: 'Não quero' }],
      ['POST', `/api/propostas/${id}/aceitar`, { payment_method: 'pix' }],
    ] as const) {
      const res = await call(bruno, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ message: proposalMessages.notFound });
    }
    expect(
      (await call(dora, 'GET', '/api/propostas')).json().items.map((p: { id: string }) => p.id),
    ).not.toContain(id);
    // Another agency's advertiser, or a direct customer naming one: not found; an agency must name one.
    expect(
      (
        await call(bruno, 'POST', '/api/propostas', {
          items: lines(),
          message: 'x',
          advertiser_id: advertiser,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(dora, 'POST', '/api/propostas', {
          items: lines(),
          message: 'x',
          advertiser_id: advertiser,
        })
      ).statusCode,
    ).toBe(404);
    const none = await call(ana, 'POST', '/api/propostas', { items: lines(), message: 'x' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Escolha o anunciante deste pedido.');
    expect((await call(ana, 'POST', '/api/propostas', { items: lines(), message: '' })).statusCode).toBe(400);
  });
});
