import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adMessages, addDays, agencyMessages, todayInBrasilia } from '@urbana/shared';
import { companyBilling } from '@urbana/shared/samples';
import { orders } from '../src/db/schema/index.ts';
import { createTestApp, inject, NO_ORDER_LIMITS, testConfig, type TestContext } from './helpers.ts';
import { png } from './media-files.ts';
import { insertProduct, person, placeOrder, START, type Person } from './security/world.ts';

// Issue #44 item 1, decision 116: every cart, plan, order, ad, report and invoice of an agency belongs
// to one advertiser and shows it; the agency's people all read its orders, invoices and reports;
// another agency reads none of it (404) and cannot name its advertisers.
let ctx: TestContext;
let dataDir: string;
let ana: Person; // responsável of Agência Alfa
let carla: Person; // Alfa's team
let bruno: Person; // responsável of Agência Beta
let dora: Person; // a direct customer
let chefe: Person; // admin
let productId: string;
let padaria: string; // Alfa's advertisers
let sorveteria: string;
let betaAdvertiser: string;
const today = todayInBrasilia();

const call = (who: Person, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  inject(ctx, { method, url, cookie: who.cookie, ...(payload ? { payload } : {}) });

async function advertiser(who: Person, name: string, document: string) {
  const res = await call(who, 'POST', '/api/agencia/anunciantes', { ...companyBilling, name, document });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'urbana-anunciante-'));
  ctx = await createTestApp({
    config: testConfig({ ...NO_ORDER_LIMITS, DATA_DIR: dataDir, ADMIN_EMAILS: 'chefe@urbana.com.br' }),
  });
  [ana, carla, bruno, dora] = await Promise.all([
    person(ctx, { nome: 'Ana Alfa' }),
    person(ctx, { nome: 'Carla Alfa' }),
    person(ctx, { nome: 'Bruno Beta' }),
    person(ctx, { nome: 'Dora Direta' }),
  ]);
  chefe = await person(ctx, { tipo: 'admin', email: 'chefe@urbana.com.br', nome: 'Chefe' });
  productId = (await insertProduct(ctx.database, 'Outdoor Anunciante', 10_000, 50)).id;
  const alfa = await call(ana, 'POST', '/api/agencia', {
    name: 'Agência Alfa Ltda.',
    document: '11.222.333/0001-81',
    cenp_valid_until: addDays(today, 30),
  });
  expect(alfa.statusCode, alfa.body).toBe(201);
  const beta = await call(bruno, 'POST', '/api/agencia', {
    name: 'Agência Beta Ltda.',
    document: '45.723.174/0001-10',
    cenp_valid_until: null,
  });
  expect(beta.statusCode, beta.body).toBe(201);
  expect((await call(ana, 'POST', '/api/agencia/pessoas', { email: carla.email })).statusCode).toBe(200);
  padaria = await advertiser(ana, 'Padaria Pão Dourado S.A.', '12.ABC.345/01DE-35');
  sorveteria = await advertiser(carla, 'Sorveteria Polo Sul S.A.', '34.567.891/0001-84');
  betaAdvertiser = await advertiser(bruno, 'Cliente da Beta S.A.', '12.ABC.345/01DE-35');
  await call(dora, 'PUT', '/api/billing-profile', companyBilling);
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('o carrinho de uma agência', () => {
  it('guarda o anunciante escolhido, que vai para o pedido quando o checkout não nomeia outro', async () => {
    const none = await call(carla, 'GET', '/api/cart');
    expect(none.json()).toEqual({ products: [], advertiser: null });
    const set = await call(carla, 'PUT', '/api/cart/advertiser', { advertiser_id: sorveteria });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().advertiser).toEqual({
      id: sorveteria,
      name: 'Sorveteria Polo Sul S.A.',
      document: '34567891000184',
    });
    // Saving the cart's lines leaves the advertiser as it was.
    expect((await call(carla, 'PUT', '/api/cart', { products: [] })).statusCode).toBe(200);
    expect((await call(carla, 'GET', '/api/cart')).json().advertiser).toMatchObject({ id: sorveteria });
    const order = await placeOrder(ctx, carla, productId);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.advertiser_id).toBe(sorveteria);
    expect(row!.billing).toMatchObject({ name: 'Sorveteria Polo Sul S.A.' });
    // One named at checkout wins over the cart's.
    const named = await placeOrder(ctx, carla, productId, { advertiser_id: padaria });
    expect((await call(carla, 'GET', `/api/orders/${named.id}`)).json().advertiser.id).toBe(padaria);
  });

  it('recusa o anunciante de outra agência e o de quem não é agência (404), e aceita limpar', async () => {
    for (const [who, id] of [
      [carla, betaAdvertiser],
      [bruno, padaria],
      [dora, padaria],
    ] as const) {
      const res = await call(who, 'PUT', '/api/cart/advertiser', { advertiser_id: id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: agencyMessages.advertiserNotFound });
    }
    expect((await call(bruno, 'GET', '/api/cart')).json().advertiser).toBeNull();
    const cleared = await call(ana, 'PUT', '/api/cart/advertiser', { advertiser_id: null });
    expect(cleared.json()).toEqual({ advertiser: null });
    // No advertiser in the cart nor in the checkout: the agency must choose one.
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/orders',
      cookie: ana.cookie,
      headers: { 'idempotency-key': `sem-anunciante-${Date.now()}` },
      payload: {
        items: [{ product_id: productId, start_date: START, weeks: 1, tower_ids: [] }],
        payment_method: 'pix',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: agencyMessages.advertiserRequired });
  });
});

describe('o plano de uma agência', () => {
  const lines = () => [{ productId, towerIds: [], startDate: START, weeks: 1 }];

  it('nomeia o anunciante ao salvar e ao editar; a lista e a página o mostram', async () => {
    const created = await call(carla, 'POST', '/api/planos', {
      name: 'Verão',
      lines: lines(),
      advertiser_id: padaria,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().advertiser).toMatchObject({ id: padaria, name: 'Padaria Pão Dourado S.A.' });
    const id = created.json().id as string;
    const changed = await call(carla, 'PATCH', `/api/planos/${id}`, { advertiser_id: sorveteria });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Verão', advertiser: { id: sorveteria } });
    const renamed = await call(carla, 'PATCH', `/api/planos/${id}`, { name: 'Verão 2027' });
    expect(renamed.json()).toMatchObject({ name: 'Verão 2027', advertiser: { id: sorveteria } });
    expect((await call(carla, 'GET', `/api/planos/${id}`)).json().advertiser.id).toBe(sorveteria);
    const listed = (await call(carla, 'GET', '/api/planos')).json().plans;
    expect(listed.find((p: { id: string }) => p.id === id).advertiser.id).toBe(sorveteria);
    const copy = await call(carla, 'POST', `/api/planos/${id}/duplicar`);
    expect(copy.json().advertiser.id).toBe(sorveteria);
    expect(
      (await call(carla, 'PATCH', `/api/planos/${id}`, { advertiser_id: null })).json().advertiser,
    ).toBeNull();
    expect((await call(carla, 'PATCH', `/api/planos/${id}`, {})).statusCode).toBe(400);
  });

  it('recusa o anunciante de outra agência e o de um cliente direto (404)', async () => {
    const other = await call(carla, 'POST', '/api/planos', {
      name: 'Alheio',
      lines: lines(),
      advertiser_id: betaAdvertiser,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: agencyMessages.advertiserNotFound });
    const direct = await call(dora, 'POST', '/api/planos', { name: 'Direto', lines: lines() });
    expect(direct.json().advertiser).toBeNull();
    const patched = await call(dora, 'PATCH', `/api/planos/${direct.json().id}`, { advertiser_id: padaria });
    expect(patched.statusCode).toBe(404);
  });
});

describe('pedidos, faturas e relatórios de uma agência', () => {
  let anaOrder: string;
  let carlaOrder: string;
  let betaOrder: string;

  beforeAll(async () => {
    anaOrder = (await placeOrder(ctx, ana, productId, { advertiser_id: padaria })).id;
    carlaOrder = (await placeOrder(ctx, carla, productId, { advertiser_id: sorveteria })).id;
    betaOrder = (await placeOrder(ctx, bruno, productId, { advertiser_id: betaAdvertiser })).id;
    for (const id of [anaOrder, carlaOrder, betaOrder]) {
      const paid = await call(chefe, 'POST', `/api/admin/orders/${id}/confirm-payment`);
      expect(paid.statusCode, paid.body).toBe(200);
    }
  });

  it('"Meus pedidos" lista a todos da agência os pedidos dela, com o anunciante e quem fez', async () => {
    const seen = (await call(carla, 'GET', '/api/orders')).json().items;
    const ids = seen.map((o: { id: string }) => o.id);
    expect(ids).toContain(anaOrder);
    expect(ids).toContain(carlaOrder);
    expect(ids).not.toContain(betaOrder);
    expect(seen.find((o: { id: string }) => o.id === anaOrder)).toMatchObject({
      advertiser: { id: padaria, name: 'Padaria Pão Dourado S.A.', document: '12ABC34501DE35' },
      placed_by: 'Ana Alfa',
    });
    expect(seen.find((o: { id: string }) => o.id === carlaOrder)).toMatchObject({
      advertiser: { id: sorveteria },
      placed_by: null,
    });
    const ofPadaria = (await call(carla, 'GET', `/api/orders?advertiser_id=${padaria}`)).json().items;
    expect(ofPadaria.length).toBeGreaterThan(0);
    expect(ofPadaria.every((o: { advertiser: { id: string } }) => o.advertiser.id === padaria)).toBe(true);
    // Beta sees none of Alfa's; a direct customer's list names no advertiser.
    const beta = (await call(bruno, 'GET', '/api/orders')).json().items.map((o: { id: string }) => o.id);
    expect(beta).toEqual([betaOrder]);
    const direct = await placeOrder(ctx, dora, productId);
    expect((await call(dora, 'GET', '/api/orders')).json().items).toEqual([
      expect.objectContaining({ id: direct.id, advertiser: null, placed_by: null }),
    ]);
  });

  it('o pedido de um colega abre para a agência e dá 404 a outra agência', async () => {
    const read = await call(carla, 'GET', `/api/orders/${anaOrder}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().advertiser.id).toBe(padaria);
    expect((await call(bruno, 'GET', `/api/orders/${anaOrder}`)).statusCode).toBe(404);
    expect((await call(dora, 'GET', `/api/orders/${anaOrder}`)).statusCode).toBe(404);
    // Cancelling stays with who placed it.
    const cancel = await call(carla, 'POST', `/api/orders/${anaOrder}/cancel`);
    expect(cancel.statusCode).toBe(404);
  });

  it('as faturas: todos da agência veem as da agência, com o anunciante; o PDF abre; outra agência, 404', async () => {
    const listed = (await call(carla, 'GET', '/api/invoices')).json().items;
    const anas = listed.find((i: { order_id: string }) => i.order_id === anaOrder);
    expect(anas).toMatchObject({ advertiser: { name: 'Padaria Pão Dourado S.A.' } });
    expect(listed.map((i: { order_id: string }) => i.order_id)).not.toContain(betaOrder);
    const summary = (await call(carla, 'GET', '/api/invoices/summary')).json();
    const anaSummary = (await call(ana, 'GET', '/api/invoices/summary')).json();
    expect(summary.paid_this_year).toBe(anaSummary.paid_this_year);
    expect(summary.paid_this_year).toBeGreaterThan(0);
    const pdf = await call(carla, 'GET', `/api/invoices/${anas.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect((await call(bruno, 'GET', `/api/invoices/${anas.id}/pdf`)).statusCode).toBe(404);
    const betaList = (await call(bruno, 'GET', '/api/invoices')).json().items;
    expect(betaList.map((i: { order_id: string }) => i.order_id)).toEqual([betaOrder]);
  });

  it('o relatório da campanha nomeia o anunciante e abre para a agência, não para outra', async () => {
    await ctx.database.db.update(orders).set({ status: 'concluido' }).where(eq(orders.id, anaOrder));
    const report = await call(carla, 'GET', `/api/orders/${anaOrder}/relatorio`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().order.advertiser).toMatchObject({ id: padaria, name: 'Padaria Pão Dourado S.A.' });
    expect((await call(carla, 'GET', `/api/orders/${anaOrder}/relatorio.pdf`)).statusCode).toBe(200);
    expect((await call(bruno, 'GET', `/api/orders/${anaOrder}/relatorio`)).statusCode).toBe(404);
  });
});

describe('os anúncios de uma agência', () => {
  it('mostram o anunciante, filtram por ele e não misturam dois anunciantes', async () => {
    const a = (await placeOrder(ctx, carla, productId, { advertiser_id: padaria })).id;
    const b = (await placeOrder(ctx, carla, productId, { advertiser_id: sorveteria })).id;
    for (const id of [a, b])
      expect((await call(chefe, 'POST', `/api/admin/orders/${id}/confirm-payment`)).statusCode).toBe(200);
    const options = (await call(carla, 'GET', '/api/ads/opcoes')).json().items;
    const itemOf = (orderId: string) => options.find((i: { order_id: string }) => i.order_id === orderId);
    expect(itemOf(a).advertiser).toMatchObject({ id: padaria, name: 'Padaria Pão Dourado S.A.' });
    const art = await inject(ctx, {
      method: 'POST',
      url: '/api/media',
      cookie: carla.cookie,
      headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'arte.png' },
      payload: await png(4500, 1500),
    });
    expect(art.statusCode, art.body).toBe(201);
    const mixed = await call(carla, 'POST', '/api/ads', {
      name: 'Misturado',
      item_ids: [itemOf(a).id, itemOf(b).id],
      media_ids: [art.json().id],
    });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json()).toEqual({ message: adMessages.mixedAdvertisers });
    const made = await call(carla, 'POST', '/api/ads', {
      name: 'Pães de verão',
      item_ids: [itemOf(a).id],
      media_ids: [art.json().id],
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().advertiser).toMatchObject({ id: padaria });
    const other = await call(carla, 'POST', '/api/ads', {
      name: 'Sorvetes',
      item_ids: [itemOf(b).id],
      media_ids: [art.json().id],
    });
    expect(other.statusCode, other.body).toBe(201);
    const all = (await call(carla, 'GET', '/api/ads')).json().items;
    expect(all.find((x: { id: string }) => x.id === made.json().id).advertiser).toMatchObject({
      id: padaria,
      name: 'Padaria Pão Dourado S.A.',
      document: '12ABC34501DE35',
    });
    const filtered = (await call(carla, 'GET', `/api/ads?advertiser_id=${sorveteria}`)).json().items;
    expect(filtered.map((x: { name: string }) => x.name)).toEqual(['Sorvetes']);
  });
});
