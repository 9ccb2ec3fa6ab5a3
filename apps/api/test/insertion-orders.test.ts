import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  addDays,
  formatMoney,
  insertionOrderMessages,
  insertionOrderTerms,
  todayInBrasilia,
} from '@urbana/shared';
import { companyBilling } from '@urbana/shared/samples';
import { migrationsFolder } from '../src/db/client.ts';
import {
  auditLog,
  campaignRuns,
  insertionOrderCounters,
  insertionOrders,
  invoices,
  orderItems,
  orders,
  reservations,
} from '../src/db/schema/index.ts';
import { startCampaignOnPlay } from '../src/services/campaigns/lifecycle.ts';
import { bookingsOnAir } from '../src/services/players/playlist.ts';
import { createTestApp, inject, NO_ORDER_LIMITS, testConfig, type TestContext } from './helpers.ts';
import { png } from './media-files.ts';
import { insertProduct, person, placeOrder, type Person } from './security/world.ts';

// Issue #44 item 3, decision 103: every order of an agency has a numbered PI, with the order's and the
// invoice's figures to the centavo; the agency approves it; no campaign of the order starts before.
let ctx: TestContext;
let dataDir: string;
let ana: Person; // responsável of Agência Alfa
let carla: Person; // Alfa's team, who places the orders
let bruno: Person; // responsável of Agência Beta
let direta: Person; // a direct customer
let chefe: Person; // admin
let productId: string;
let alfaAdvertiser: string;
const today = todayInBrasilia();
const year = today.slice(0, 4);

const call = (who: Person, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  inject(ctx, { method, url, cookie: who.cookie, ...(payload ? { payload } : {}) });

async function pdfText(body: Buffer) {
  return (await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true })).text;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'urbana-pi-'));
  ctx = await createTestApp({
    config: testConfig({ ...NO_ORDER_LIMITS, DATA_DIR: dataDir, ADMIN_EMAILS: 'chefe@urbana.com.br' }),
  });
  [ana, carla, bruno, direta] = await Promise.all([
    person(ctx, { nome: 'Ana Alfa' }),
    person(ctx, { nome: 'Carla Alfa' }),
    person(ctx, { nome: 'Bruno Beta' }),
    person(ctx, { nome: 'Dora Direta' }),
  ]);
  chefe = await person(ctx, { tipo: 'admin', email: 'chefe@urbana.com.br', nome: 'Chefe' });
  // R$ 100,03 a day: 7 days make R$ 700,21, whose 20 % (R$ 140,042) rounds to the centavo.
  productId = (await insertProduct(ctx.database, 'Outdoor Eixo Monumental', 10_003, 50)).id;
  const alfa = await call(ana, 'POST', '/api/agencia', {
    name: 'Agência Alfa Ltda.',
    document: '11.222.333/0001-81',
    cenp_certificate: 'CENP-2026-0042',
    cenp_valid_until: addDays(today, 30),
  });
  expect(alfa.statusCode, alfa.body).toBe(201);
  const confirmed = await call(chefe, 'POST', `/api/admin/agencias/${alfa.json().id}/confirmar`);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const beta = await call(bruno, 'POST', '/api/agencia', {
    name: 'Agência Beta Ltda.',
    document: '12.ABC.345/01DE-35',
    cenp_valid_until: null,
  });
  expect(beta.statusCode, beta.body).toBe(201);
  expect((await call(ana, 'POST', '/api/agencia/pessoas', { email: carla.email })).statusCode).toBe(200);
  const adv = await call(carla, 'POST', '/api/agencia/anunciantes', {
    ...companyBilling,
    name: 'Padaria Pão Dourado S.A.',
  });
  expect(adv.statusCode, adv.body).toBe(201);
  alfaAdvertiser = adv.json().id;
  await call(direta, 'PUT', '/api/billing-profile', companyBilling);
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const rowsOf = async (orderId: string) => {
  const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
  const [invoice] = await ctx.database.db.select().from(invoices).where(eq(invoices.order_id, orderId));
  return { order: order!, invoice: invoice! };
};

describe('o PI de um pedido de agência', () => {
  let first: string;

  it('cada pedido de agência tem um PI numerado sem lacunas no ano; o de um cliente direto, não', async () => {
    first = (await placeOrder(ctx, carla, productId, { advertiser_id: alfaAdvertiser })).id;
    const direct = await placeOrder(ctx, direta, productId);
    const second = (await placeOrder(ctx, carla, productId, { advertiser_id: alfaAdvertiser })).id;
    const a = await call(carla, 'GET', `/api/agencia/pedidos/${first}/pi`);
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json()).toMatchObject({ number: `PI-${year}-000001`, status: 'pendente', approved_at: null });
    const b = await call(ana, 'GET', `/api/agencia/pedidos/${second}/pi`);
    expect(b.json().number).toBe(`PI-${year}-000002`);
    const none = await call(chefe, 'GET', `/api/admin/pedidos/${direct.id}/pi`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: insertionOrderMessages.notFound });
  });

  it('os valores do PI são os do pedido e os da fatura, ao centavo, também no PDF', async () => {
    const paid = await call(chefe, 'POST', `/api/admin/orders/${first}/confirm-payment`);
    expect(paid.statusCode, paid.body).toBe(200);
    const pi = (await call(ana, 'GET', `/api/agencia/pedidos/${first}/pi`)).json();
    const { order, invoice } = await rowsOf(first);
    // 10.003 × 7 = R$ 700,21 gross; 20 % = R$ 140,04; net R$ 560,17.
    expect(pi.figures).toEqual({ gross: 70_021, commission: 14_004, net: 56_017, percent: 20 });
    expect(pi.figures.net).toBe(order.total);
    expect(pi.figures.net).toBe(invoice.total);
    expect(pi.figures.commission).toBe(order.agency_commission);
    expect(pi.figures.commission).toBe(invoice.agency_commission);
    expect(pi.figures.gross).toBe(invoice.amount - invoice.discount);
    expect(pi.items.reduce((s: number, i: { total: number }) => s + i.total, 0) - pi.coupon_discount).toBe(
      pi.figures.gross,
    );
    expect(pi).toMatchObject({
      agency: { name: 'Agência Alfa Ltda.', document: '11222333000181' },
      advertiser: { id: alfaAdvertiser, name: 'Padaria Pão Dourado S.A.' },
      order_code: order.code,
    });
    const pdf = await call(ana, 'GET', `/api/agencia/pedidos/${first}/pi.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    for (const expected of [
      `Pedido de inserção PI-${year}-000001`,
      'Agência Alfa Ltda.',
      'Padaria Pão Dourado S.A.',
      'Outdoor Eixo Monumental',
      formatMoney(70_021),
      formatMoney(14_004),
      formatMoney(56_017),
      insertionOrderTerms[1],
    ])
      expect(text.replace(/\s+/g, ' ')).toContain(expected.replace(/\s+/g, ' '));
    // The invoice's PDF states the same three figures.
    const invoicePdf = await call(chefe, 'GET', `/api/admin/pedidos/${first}/fatura.pdf`);
    expect(invoicePdf.statusCode).toBe(200);
    const invoiceText = await pdfText(invoicePdf.rawPayload);
    for (const value of [70_021, 14_004, 56_017])
      expect(invoiceText.replace(/\s+/g, ' ')).toContain(formatMoney(value).replace(/\s+/g, ' '));
    const staffPdf = await call(chefe, 'GET', `/api/admin/pedidos/${first}/pi.pdf`);
    expect(staffPdf.statusCode).toBe(200);
  });

  it('a pessoa de outra agência, ou de nenhuma, não lê nem aprova o PI', async () => {
    for (const who of [bruno, direta])
      for (const [method, url] of [
        ['GET', `/api/agencia/pedidos/${first}/pi`],
        ['GET', `/api/agencia/pedidos/${first}/pi.pdf`],
        ['POST', `/api/agencia/pedidos/${first}/pi/aprovar`],
      ] as const) {
        const res = await call(who, method, url);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({ message: insertionOrderMessages.notFound });
      }
    const still = (await call(chefe, 'GET', `/api/admin/pedidos/${first}/pi`)).json();
    expect(still.status).toBe('pendente');
  });
});

let faces = 0;
/** A paid order of Carla's, on a face of its own, whose single item starts today with an approved ad. */
async function readyCampaign() {
  const face = await insertProduct(ctx.database, `Outdoor Setor Comercial ${++faces}`, 10_003, 5);
  const order = await placeOrder(ctx, carla, face.id, { advertiser_id: alfaAdvertiser });
  const paid = await call(chefe, 'POST', `/api/admin/orders/${order.id}/confirm-payment`);
  expect(paid.statusCode, paid.body).toBe(200);
  const [item] = await ctx.database.db.select().from(orderItems).where(eq(orderItems.order_id, order.id));
  const art = await inject(ctx, {
    method: 'POST',
    url: '/api/media',
    cookie: carla.cookie,
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'arte.png' },
    payload: await png(4500, 1500),
  });
  expect(art.statusCode, art.body).toBe(201);
  const ad = await call(carla, 'POST', '/api/ads', {
    name: 'Pão quentinho',
    item_ids: [item!.id],
    media_ids: [art.json().id],
  });
  expect(ad.statusCode, ad.body).toBe(201);
  await call(carla, 'POST', `/api/ads/${ad.json().id}/enviar`);
  const approved = await call(chefe, 'POST', `/api/admin/anuncios/${ad.json().id}/revisao`, {
    decisao: 'aprovar',
  });
  expect(approved.statusCode, approved.body).toBe(204);
  // The checkout sells only future periods: the booking is moved to start today.
  const period = { starts_on: today, ends_on: addDays(today, 7) };
  await ctx.database.db.update(orderItems).set(period).where(eq(orderItems.id, item!.id));
  await ctx.database.db.update(reservations).set(period).where(eq(reservations.order_item_id, item!.id));
  return { order: order.id, item: item!.id, face: face.towerId };
}

describe('a campanha espera o PI aprovado', () => {
  it('a equipe não inicia, nem a primeira exibição põe no ar, antes da aprovação; depois, sim', async () => {
    const c = await readyCampaign();
    const pending = await call(chefe, 'GET', '/api/admin/pis');
    expect(pending.statusCode, pending.body).toBe(200);
    const listed = pending.json().items.find((p: { order_id: string }) => p.order_id === c.order);
    expect(listed).toMatchObject({
      agency_name: 'Agência Alfa Ltda.',
      advertiser_name: 'Padaria Pão Dourado S.A.',
    });

    const before = (await call(chefe, 'GET', `/api/admin/pedidos/${c.order}`)).json();
    expect(before.insertion_order).toEqual({
      number: listed.number,
      status: 'pendente',
      approved_at: null,
      approved_by_name: null,
    });
    const refused = await call(chefe, 'POST', `/api/admin/campanhas/${c.item}/iniciar`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: insertionOrderMessages.notApproved(listed.number) });
    // Nor does the screen play it: its booking is not in the face's playlist.
    const onAir = async () => (await bookingsOnAir(ctx.database.db, c.face, today)).map((b) => b.booking_id);
    expect(await onAir()).not.toContain(c.item);
    const deps = ctx.app.deps;
    const onPlay = await ctx.database.db.transaction((tx) =>
      startCampaignOnPlay(deps, tx, c.item, { playerId: 'tela-teste', at: new Date() }),
    );
    expect(onPlay).toBe(false);
    expect(
      await ctx.database.db.select().from(campaignRuns).where(eq(campaignRuns.order_item_id, c.item)),
    ).toEqual([]);

    const approved = await call(ana, 'POST', `/api/agencia/pedidos/${c.order}/pi/aprovar`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'aprovado', approved_by_name: 'Ana Alfa' });
    expect(approved.json().approved_at).not.toBeNull();
    // From where: the request's address, as the audit log records it.
    expect(approved.json().approved_ip).toMatch(/^[\d.:a-f]+$/);
    const [logged] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'pi.aprovado'));
    expect(logged).toMatchObject({ actor_id: ana.id, entity_id: c.order, ip: approved.json().approved_ip });
    const twice = await call(carla, 'POST', `/api/agencia/pedidos/${c.order}/pi/aprovar`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: insertionOrderMessages.alreadyApproved });
    const detail = (await call(chefe, 'GET', `/api/admin/pedidos/${c.order}`)).json();
    expect(detail.insertion_order).toMatchObject({ number: listed.number, status: 'aprovado' });
    const after = (await call(chefe, 'GET', '/api/admin/pis')).json();
    expect(after.items.map((p: { order_id: string }) => p.order_id)).not.toContain(c.order);

    expect(await onAir()).toContain(c.item);
    const started = await ctx.database.db.transaction((tx) =>
      startCampaignOnPlay(deps, tx, c.item, { playerId: 'tela-teste', at: new Date() }),
    );
    expect(started).toBe(true);
  });

  it('aprovado o PI, a equipe inicia a campanha', async () => {
    const c = await readyCampaign();
    expect((await call(carla, 'POST', `/api/agencia/pedidos/${c.order}/pi/aprovar`)).statusCode).toBe(200);
    const started = await call(chefe, 'POST', `/api/admin/campanhas/${c.item}/iniciar`);
    expect(started.statusCode, started.body).toBe(200);
  });
});

describe('a migração 0040', () => {
  it('numera os pedidos de agência feitos antes dela, na ordem em que foram feitos, e o contador segue', async () => {
    const { db } = ctx.database;
    const numbers = async () =>
      Object.fromEntries(
        (await db.select().from(insertionOrders)).map((pi) => [pi.order_id, pi.number] as const),
      );
    const given = await numbers();
    expect(Object.keys(given).length).toBeGreaterThan(2);
    // The statements of the migration after its trigger: the back-fill and the counter.
    const migration = readFileSync(path.join(migrationsFolder, '0040_insertion_orders.sql'), 'utf8');
    const backfill = migration
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter((s) => /^INSERT INTO insertion_order/.test(s));
    expect(backfill).toHaveLength(2);
    await db.delete(insertionOrders);
    await db.delete(insertionOrderCounters);
    for (const statement of backfill) await db.execute(sql.raw(statement));
    expect(await numbers()).toEqual(given);
    const [counter] = await db.select().from(insertionOrderCounters);
    expect(counter).toEqual({ year: Number(year), last: Object.keys(given).length });
    // The next agency order takes the number after them.
    const next = await placeOrder(ctx, carla, productId, { advertiser_id: alfaAdvertiser });
    const pi = (await call(carla, 'GET', `/api/agencia/pedidos/${next.id}/pi`)).json();
    expect(pi.number).toBe(`PI-${year}-${String(Object.keys(given).length + 1).padStart(6, '0')}`);
  });
});
