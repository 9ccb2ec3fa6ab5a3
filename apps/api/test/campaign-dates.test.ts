import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays, earliestBookableStart, formatDate, todayInBrasilia } from '@urbana/shared';
import {
  auditLog,
  campaignRuns,
  notifications,
  orderItems,
  orders,
  products,
  towers,
} from '../src/db/schema/index.ts';
import {
  billingPf,
  createTestApp,
  createUser,
  inject,
  signIn,
  testConfig,
  type TestContext,
} from './helpers.ts';
import { png } from './media-files.ts';

/**
 * Issue #17 item 1: a campaign runs inside what was sold. Start not before the first day, finish
 * before the last day only with a reason (kept and shown to the customer), proof photos dated within
 * the period and not after today.
 */
let ctx: TestContext;
let dataDir: string;
let ana: string;
let operador: string;
const TODAY = todayInBrasilia();
const FUTURE = addDays(earliestBookableStart(TODAY, 2), 14);
let keyN = 0;

async function paidItem(cookie: string, productId: string) {
  const res = await inject(ctx, {
    method: 'POST',
    url: '/api/orders',
    cookie,
    headers: { 'idempotency-key': `datas-${++keyN}-${Date.now()}` },
    payload: {
      items: [{ product_id: productId, start_date: FUTURE, weeks: 2, tower_ids: [] }],
      payment_method: 'pix',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json();
  const paid = await inject(ctx, {
    method: 'POST',
    url: `/api/admin/orders/${order.id}/confirm-payment`,
    cookie: operador,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return { order: order.id as string, item: order.items[0].id as string };
}

/** The checkout only sells future periods: move a paid item's period directly (start, 2 weeks). */
async function movePeriod(itemId: string, start: string) {
  await ctx.database.db
    .update(orderItems)
    .set({ starts_on: start, ends_on: addDays(start, 14) })
    .where(eq(orderItems.id, itemId));
}

const post = (url: string, payload?: object) =>
  inject(ctx, { method: 'POST', url, cookie: operador, ...(payload ? { payload } : {}) });

const proof = (item: string, date: string) =>
  png(800, 600).then((payload) =>
    inject(ctx, {
      method: 'POST',
      url: `/api/admin/campanhas/${item}/comprovacoes?data=${date}`,
      cookie: operador,
      headers: { 'content-type': 'application/octet-stream' },
      payload,
    }),
  );

let future: { order: string; item: string };
let running: { order: string; item: string };
let ended: { order: string; item: string };
let firstDay: { order: string; item: string };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'urbana-datas-'));
  ctx = await createTestApp({ config: testConfig({ DATA_DIR: dataDir }) });
  const a = await createUser(ctx, { nome: 'Ana Souza' });
  ana = await signIn(ctx, a.email, a.password);
  const o = await createUser(ctx, { tipo: 'operador', email: 'op-datas@urbana.com.br' });
  operador = await signIn(ctx, o.email, o.password);
  await inject(ctx, { method: 'PUT', url: '/api/billing-profile', cookie: ana, payload: billingPf });
  const [product] = await ctx.database.db
    .insert(products)
    .values({
      slug: 'torre-datas',
      name: 'Torre Datas',
      type: 'torre',
      city: 'Brasília',
      state: 'DF',
      latitude: -15.79,
      longitude: -47.88,
      daily_price: 5_000,
      is_tower_based: true,
      weekly_audience: 10_000,
    })
    .returning();
  await ctx.database.db.insert(towers).values({ product_id: product!.id, name: 'Torre A', slots: 9 });
  future = await paidItem(ana, product!.id);
  running = await paidItem(ana, product!.id);
  ended = await paidItem(ana, product!.id);
  firstDay = await paidItem(ana, product!.id);
  // One approved ad for the four items, sent while their periods are still ahead.
  const art = await inject(ctx, {
    method: 'POST',
    url: '/api/media',
    cookie: ana,
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'arte.png' },
    payload: await png(1080, 1920),
  });
  const ad = await inject(ctx, {
    method: 'POST',
    url: '/api/ads',
    cookie: ana,
    payload: {
      name: 'Campanha de datas',
      item_ids: [future.item, running.item, ended.item, firstDay.item],
      media_ids: [art.json().id],
    },
  });
  expect(ad.statusCode, ad.body).toBe(201);
  await inject(ctx, { method: 'POST', url: `/api/ads/${ad.json().id}/enviar`, cookie: ana });
  const approved = await post(`/api/admin/anuncios/${ad.json().id}/revisao`, { decisao: 'aprovar' });
  expect(approved.statusCode, approved.body).toBe(204);
  await movePeriod(running.item, addDays(TODAY, -3)); // last day: today + 10
  await movePeriod(ended.item, addDays(TODAY, -20)); // last day: today − 7
  await movePeriod(firstDay.item, TODAY);
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('iniciar veiculação', () => {
  it('antes do primeiro dia do período → 409 com a data, nada muda', async () => {
    const res = await post(`/api/admin/campanhas/${future.item}/iniciar`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `A veiculação só pode começar em ${formatDate(FUTURE)}, o primeiro dia do período reservado.`,
    );
    const run = await ctx.database.db.query.campaignRuns.findFirst({
      where: eq(campaignRuns.order_item_id, future.item),
    });
    expect(run).toBeUndefined();
    const order = await ctx.database.db.query.orders.findFirst({ where: eq(orders.id, future.order) });
    expect(order!.status).toBe('pago');
  });

  it('no primeiro dia e durante o período → aceita, com o IP de quem iniciou no registro', async () => {
    const onFirstDay = await post(`/api/admin/campanhas/${firstDay.item}/iniciar`);
    expect(onFirstDay.statusCode, onFirstDay.body).toBe(200);
    expect(onFirstDay.json().status).toBe('em_veiculacao');
    const during = await post(`/api/admin/campanhas/${running.item}/iniciar`);
    expect(during.statusCode, during.body).toBe(200);
    const ended_ = await post(`/api/admin/campanhas/${ended.item}/iniciar`);
    expect(ended_.statusCode, ended_.body).toBe(200);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'campanha.iniciada'), eq(auditLog.entity_id, running.item)));
    expect(entry?.ip).toMatch(/^10\.9\./);
  });
});

describe('foto de comprovação', () => {
  const last = addDays(TODAY, -3 + 13);
  const period = `de ${formatDate(addDays(TODAY, -3))} até ${formatDate(last)}`;

  it('antes do período → 400', async () => {
    const res = await proof(running.item, addDays(TODAY, -4));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`A data da foto deve estar dentro do período reservado (${period}).`);
  });

  it('depois do último dia → 400', async () => {
    const res = await proof(running.item, addDays(last, 1));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`A data da foto deve estar dentro do período reservado (${period}).`);
  });

  it('depois de hoje, ainda no período → 400', async () => {
    const res = await proof(running.item, addDays(TODAY, 1));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A data da foto não pode ser depois de hoje.');
  });

  it('data que não existe → 400', async () => {
    const res = await proof(running.item, '2026-02-30');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Informe a data da foto (dd/mm/aaaa).');
  });

  it('hoje e o primeiro dia → aceitas', async () => {
    expect((await proof(running.item, TODAY)).statusCode).toBe(201);
    expect((await proof(running.item, addDays(TODAY, -3))).statusCode).toBe(201);
  });
});

describe('finalizar veiculação', () => {
  const last = formatDate(addDays(TODAY, 10));

  it('antes do último dia sem motivo → 400 com o último dia, nada muda', async () => {
    for (const payload of [undefined, {}, { motivo: '   ' }]) {
      const res = await post(`/api/admin/campanhas/${running.item}/finalizar`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        `O período reservado vai até ${last}. Para finalizar antes, informe o motivo (o cliente verá).`,
      );
    }
    const run = await ctx.database.db.query.campaignRuns.findFirst({
      where: eq(campaignRuns.order_item_id, running.item),
    });
    expect(run!.finished_at).toBeNull();
  });

  it('motivo curto demais → 400', async () => {
    const res = await post(`/api/admin/campanhas/${running.item}/finalizar`, { motivo: 'chuva' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'O motivo do encerramento antecipado deve ter entre 10 e 500 caracteres.',
    );
  });

  it('com motivo → finaliza, guarda o motivo e o cliente o vê no pedido e no aviso', async () => {
    const reason = 'Painel danificado pelo temporal; o valor dos dias restantes será devolvido.';
    const res = await post(`/api/admin/campanhas/${running.item}/finalizar`, { motivo: `  ${reason} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'finalizada', early_end_reason: reason });
    const order = (
      await inject(ctx, { method: 'GET', url: `/api/orders/${running.order}`, cookie: ana })
    ).json();
    expect(order.items[0].campaign).toMatchObject({ status: 'finalizada', early_end_reason: reason });
    const note = await ctx.database.db.query.notifications.findFirst({
      where: and(
        eq(notifications.kind, 'campanha_finalizada'),
        eq(notifications.link, `/pedido/${running.order}`),
      ),
    });
    expect(note!.body).toBe(`Encerrada antes do fim do período. Motivo: ${reason}`);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'campanha.finalizada'), eq(auditLog.entity_id, running.item)));
    expect(entry!.ip).toMatch(/^10\.9\./);
  });

  it('depois do último dia → finaliza sem motivo', async () => {
    const res = await post(`/api/admin/campanhas/${ended.item}/finalizar`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'finalizada', early_end_reason: null });
  });
});
