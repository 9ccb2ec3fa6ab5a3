import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, agencyMessages, todayInBrasilia } from '@urbana/shared';
import { companyBilling } from '@urbana/shared/samples';
import { invoices, orders } from '../src/db/schema/index.ts';
import { createTestApp, inject, NO_ORDER_LIMITS, type TestContext } from './helpers.ts';
import { insertProduct, person, placeOrder, type Person } from './security/world.ts';

// Issue #44 items 1–3: agencies, their advertisers and people, and the desconto-padrão on orders.
let ctx: TestContext;
let ana: Person; // responsável of Agência Alfa
let carla: Person; // Alfa's team
let bruno: Person; // responsável of Agência Beta
let direta: Person; // a direct customer
let chefe: Person; // admin
let productId: string;
let alfaAdvertiser: string;
let betaAdvertiser: string;
const today = todayInBrasilia();

/** A valid CNPJ from its first twelve characters (IN RFB 2.229/2024: letters count as code − 48). */
function cnpj(base: string): string {
  const value = (c: string) => c.charCodeAt(0) - 48;
  const digit = (s: string) => {
    const weights =
      s.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = [...s].reduce((acc, c, i) => acc + value(c) * weights[i]!, 0);
    const r = sum % 11;
    return r < 2 ? '0' : String(11 - r);
  };
  const first = base + digit(base);
  return first + digit(first);
}

const agencyBody = (name: string, document: string, validUntil: string) => ({
  name,
  document,
  cenp_certificate: 'CENP-2026-0042',
  cenp_valid_until: validUntil,
});
const call = (who: Person, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  inject(ctx, { method, url, cookie: who.cookie, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ctx = await createTestApp({ env: { ...NO_ORDER_LIMITS, ADMIN_EMAILS: 'chefe@urbana.com.br' } });
  [ana, carla, bruno, direta] = await Promise.all([
    person(ctx, { nome: 'Ana Alfa' }),
    person(ctx, { nome: 'Carla Alfa' }),
    person(ctx, { nome: 'Bruno Beta' }),
    person(ctx, { nome: 'Dora Direta' }),
  ]);
  chefe = await person(ctx, { tipo: 'admin', email: 'chefe@urbana.com.br', nome: 'Chefe' });
  productId = (await insertProduct(ctx.database, 'Outdoor Eixo Monumental', 10_000, 50)).id;
  const alfa = await call(
    ana,
    'POST',
    '/api/agencia',
    agencyBody('Agência Alfa Ltda.', cnpj('112223330001'), addDays(today, 30)),
  );
  expect(alfa.statusCode, alfa.body).toBe(201);
  const beta = await call(
    bruno,
    'POST',
    '/api/agencia',
    agencyBody('Agência Beta Ltda.', cnpj('AB1CD2EF0001'), addDays(today, 30)),
  );
  expect(beta.statusCode, beta.body).toBe(201);
  const added = await call(ana, 'POST', '/api/agencia/pessoas', { email: carla.email });
  expect(added.statusCode, added.body).toBe(200);
  // Carla (Alfa's team) adds an advertiser with an alphanumeric CNPJ.
  const adv = await call(carla, 'POST', '/api/agencia/anunciantes', {
    ...companyBilling,
    name: 'Anunciante Alfanumérico S.A.',
    document: '12.abc.345/01de-35',
  });
  expect(adv.statusCode, adv.body).toBe(201);
  expect(adv.json()).toMatchObject({ document: '12ABC34501DE35' });
  alfaAdvertiser = adv.json().id;
  const advB = await call(bruno, 'POST', '/api/agencia/anunciantes', {
    ...companyBilling,
    name: 'Cliente da Beta',
  });
  expect(advB.statusCode, advB.body).toBe(201);
  betaAdvertiser = advB.json().id;
});
afterAll(async () => {
  await ctx.close();
});

describe('agências e anunciantes', () => {
  it('a pessoa de uma agência vê só os anunciantes da sua agência', async () => {
    const list = await call(carla, 'GET', '/api/agencia/anunciantes');
    expect(list.json().items.map((a: { id: string }) => a.id)).toEqual([alfaAdvertiser]);
    const listB = await call(bruno, 'GET', '/api/agencia/anunciantes');
    expect(listB.json().items.map((a: { id: string }) => a.id)).toEqual([betaAdvertiser]);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { ...companyBilling, name: 'Trocado' }],
    ] as const) {
      const other = await call(carla, method, `/api/agencia/anunciantes/${betaAdvertiser}`, payload);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ message: agencyMessages.advertiserNotFound });
    }
    const own = await call(carla, 'GET', `/api/agencia/anunciantes/${alfaAdvertiser}`);
    expect(own.json()).toMatchObject({ name: 'Anunciante Alfanumérico S.A.' });
  });

  it('quem não é de agência não tem anunciantes; um CNPJ inválido é recusado ao lado do campo', async () => {
    const res = await call(direta, 'GET', '/api/agencia/anunciantes');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: agencyMessages.notAgency });
    const bad = await call(carla, 'POST', '/api/agencia/anunciantes', {
      ...companyBilling,
      document: '12.ABC.345/01DE-36',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('CNPJ inválido');
  });

  it('só o responsável inclui pessoas; ninguém entra em duas agências', async () => {
    const byTeam = await call(carla, 'POST', '/api/agencia/pessoas', { email: direta.email });
    expect(byTeam.statusCode).toBe(403);
    const twice = await call(bruno, 'POST', '/api/agencia/pessoas', { email: carla.email });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: agencyMessages.memberOtherAgency });
  });
});

const figuresOf = async (orderId: string) => {
  const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
  const [invoice] = await ctx.database.db.select().from(invoices).where(eq(invoices.order_id, orderId));
  return { order: order!, invoice: invoice! };
};

describe('o desconto-padrão (decisão 098)', () => {
  it('um pedido de agência exige um anunciante seu; um cliente direto não nomeia anunciante', async () => {
    const missing = await inject(ctx, {
      method: 'POST',
      url: '/api/orders',
      cookie: carla.cookie,
      headers: { 'idempotency-key': 'sem-anunciante' },
      payload: {
        items: [{ product_id: productId, start_date: addDays(today, 20), weeks: 1, tower_ids: [] }],
      },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: agencyMessages.advertiserRequired });
    const foreign = await inject(ctx, {
      method: 'POST',
      url: '/api/orders',
      cookie: carla.cookie,
      headers: { 'idempotency-key': 'anunciante-de-outra' },
      payload: {
        advertiser_id: betaAdvertiser,
        items: [{ product_id: productId, start_date: addDays(today, 20), weeks: 1, tower_ids: [] }],
      },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('sem a confirmação da equipe não há comissão; confirmado e válido na data do pedido, há', async () => {
    const before = await placeOrder(ctx, carla, productId, { advertiser_id: alfaAdvertiser });
    const b = await figuresOf(before.id);
    expect(b.order).toMatchObject({ agency_commission: 0, total: 70_000, advertiser_id: alfaAdvertiser });
    expect((b.order.billing as { document: string }).document).toBe('12ABC34501DE35');

    const alfa = (await call(ana, 'GET', '/api/agencia')).json();
    expect(alfa.commission_today).toBe(false);
    const pending = (await call(chefe, 'GET', '/api/admin/agencias')).json();
    expect(pending.items[0]).toMatchObject({ confirmed_at: null });
    const confirmed = await call(chefe, 'POST', `/api/admin/agencias/${alfa.agency.id}/confirmar`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const after = await placeOrder(ctx, carla, productId, { advertiser_id: alfaAdvertiser });
    const a = await figuresOf(after.id);
    // 10.000 × 7 = R$ 700,00 gross; 20 % = R$ 140,00; net R$ 560,00 — on the order and its invoice.
    expect(a.order).toMatchObject({
      subtotal: 70_000,
      agency_commission: 14_000,
      agency_commission_percent: 20,
      total: 56_000,
    });
    expect(a.invoice).toMatchObject({ amount: 70_000, agency_commission: 14_000, total: 56_000 });
    const detail = (await call(carla, 'GET', `/api/orders/${after.id}`)).json();
    expect(detail).toMatchObject({
      figures: { gross: 70_000, commission: 14_000, net: 56_000, percent: 20 },
      advertiser: { id: alfaAdvertiser, name: 'Anunciante Alfanumérico S.A.', document: '12ABC34501DE35' },
      invoice: { total: 56_000, agency_commission: 14_000 },
    });
  });

  it('um certificado vencido antes da data do pedido não dá comissão, mesmo confirmado', async () => {
    const expired = agencyBody('Agência Alfa Ltda.', cnpj('112223330001'), addDays(today, -1));
    const changed = await call(ana, 'PUT', '/api/agencia', expired);
    expect(changed.statusCode, changed.body).toBe(200);
    // A changed certificate waits for staff again; confirmed, it is still past its validity.
    expect(changed.json().confirmed_at).toBeNull();
    await call(chefe, 'POST', `/api/admin/agencias/${changed.json().id}/confirmar`);
    const order = await placeOrder(ctx, carla, productId, { advertiser_id: alfaAdvertiser });
    const f = await figuresOf(order.id);
    expect(f.order).toMatchObject({ agency_commission: 0, total: 70_000 });
    expect(f.invoice).toMatchObject({ agency_commission: 0, total: 70_000 });
    // Valid through today (the last day included): the commission is back.
    await call(ana, 'PUT', '/api/agencia', agencyBody('Agência Alfa Ltda.', cnpj('112223330001'), today));
    await call(chefe, 'POST', `/api/admin/agencias/${changed.json().id}/confirmar`);
    const onLastDay = await figuresOf(
      (await placeOrder(ctx, carla, productId, { advertiser_id: alfaAdvertiser })).id,
    );
    expect(onLastDay.order).toMatchObject({ agency_commission: 14_000, total: 56_000 });
  });

  it('um cliente direto paga o bruto e não pode nomear anunciante', async () => {
    await call(direta, 'PUT', '/api/billing-profile', companyBilling);
    const order = await placeOrder(ctx, direta, productId);
    expect((await figuresOf(order.id)).order).toMatchObject({
      agency_commission: 0,
      total: 70_000,
      advertiser_id: null,
    });
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/orders',
      cookie: direta.cookie,
      headers: { 'idempotency-key': 'direta-com-anunciante' },
      payload: {
        advertiser_id: alfaAdvertiser,
        items: [{ product_id: productId, start_date: addDays(today, 20), weeks: 1, tower_ids: [] }],
      },
    });
    expect(res.statusCode).toBe(404);
  });
});
