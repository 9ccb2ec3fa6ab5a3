import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { addDays, earliestBookableStart, todayInBrasilia } from '@urbana/shared';
import { notifications, orderItems, products, reservations, towers } from '../src/db/schema/index.ts';
import { signPlayerRequest } from '../src/services/players/signature.ts';
import { askForMakeGoods } from '../src/services/players/make-goods.ts';
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
import { png } from './media-files.ts';

/**
 * Issue #43 item 5 and item 6's last sentence (decision 105): a screen booking's plays booked per day
 * (its spot × the loops of the operating hours) against the plays the screen reported, the percentage
 * and the flag, on the campaign report; the report's impressions come from the plays; an ended booking
 * under MAKEGOOD_THRESHOLD_PERCENT asks staff once for a make-good, whose grant the customer sees.
 */
let ctx: TestContext;
let dataDir: string;
let admin = '';
let adminId = '';
const TODAY = todayInBrasilia();
const FUTURE = addDays(earliestBookableStart(TODAY, 2), 14);
/** Seven booked days, the last one yesterday. */
const FIRST = addDays(TODAY, -7);
let keyN = 0;
let screen: { id: string; secret: string; product: string };
type Booking = { order: string; item: string; media: string; cookie: string; userId: string };
let ana: Booking;
let bia: Booking;

const adminPost = (url: string, payload?: object) =>
  inject(ctx, { method: 'POST', url, cookie: admin, ...(payload ? { payload } : {}) });

async function face() {
  const [product] = await ctx.database.db
    .insert(products)
    .values({
      slug: 'painel-entrega',
      name: 'Painel LED Entrega',
      type: 'painel_led',
      city: 'Brasília',
      state: 'DF',
      latitude: -15.79,
      longitude: -47.88,
      daily_price: 6_000,
      is_tower_based: false,
      weekly_audience: 60_000,
    })
    .returning();
  const [tower] = await ctx.database.db
    .insert(towers)
    .values({ product_id: product!.id, name: 'Face única', slots: 6, weekly_audience: 60_000 })
    .returning();
  // A 60 s loop of 10 s spots, open one hour a day: 60 loops, so one spot is booked 60 plays a day.
  const res = await adminPost('/api/admin/telas', {
    tower_id: tower!.id,
    name: 'Player Entrega',
    resolution: '1920x1080',
    orientation: 'paisagem',
    loop_seconds: 60,
    spot_seconds: 10,
    opens_at: '06:00',
    closes_at: '07:00',
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as string, secret: res.json().secret as string, product: product!.id };
}

async function booking(): Promise<Booking> {
  const u = await createUser(ctx);
  const cookie = await signIn(ctx, u.email, u.password);
  await inject(ctx, { method: 'PUT', url: '/api/billing-profile', cookie, payload: billingPf });
  const res = await inject(ctx, {
    method: 'POST',
    url: '/api/orders',
    cookie,
    headers: { 'idempotency-key': `entrega-${++keyN}-${Date.now()}` },
    payload: {
      items: [{ product_id: screen.product, start_date: FUTURE, weeks: 1, tower_ids: [] }],
      payment_method: 'pix',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json();
  expect((await adminPost(`/api/admin/orders/${order.id}/confirm-payment`)).statusCode).toBe(200);
  const upload = await inject(ctx, {
    method: 'POST',
    url: '/api/media',
    cookie,
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'arte.png' },
    payload: await png(1920, 1080),
  });
  const media = upload.json().id as string;
  const ad = await inject(ctx, {
    method: 'POST',
    url: '/api/ads',
    cookie,
    payload: { name: `Anúncio ${keyN}`, item_ids: [order.items[0].id], media_ids: [media] },
  });
  expect(ad.statusCode, ad.body).toBe(201);
  await inject(ctx, { method: 'POST', url: `/api/ads/${ad.json().id}/enviar`, cookie });
  const ok = await adminPost(`/api/admin/anuncios/${ad.json().id}/revisao`, { decisao: 'aprovar' });
  expect(ok.statusCode, ok.body).toBe(204);
  return { order: order.id, item: order.items[0].id, media, cookie, userId: u.user.id };
}

/** `count` plays of the booking on day `day`, from 06:00 in Brasília, 10 s apart, sent signed. */
async function report(b: Booking, day: string, count: number) {
  const plays = Array.from({ length: count }, (_, i) => {
    const start = new Date(Date.parse(`${day}T06:00:00-03:00`) + i * 10_000);
    return {
      id: randomUUID(),
      media_id: b.media,
      booking_id: b.item,
      started_at: start.toISOString(),
      ended_at: new Date(start.getTime() + 10_000).toISOString(),
      duration_ms: 10_000,
    };
  });
  const url = `/api/telas/${screen.id}/exibicoes`;
  const body = JSON.stringify({ plays });
  const time = String(Math.floor(Date.now() / 1000));
  const res = await inject(ctx, {
    method: 'POST',
    url,
    headers: {
      'x-urbana-tela-data': time,
      'x-urbana-tela-assinatura': signPlayerRequest(screen.secret, { time, method: 'POST', path: url, body }),
      'content-type': 'application/json',
    },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().recorded).toBe(count);
}

const campaignReport = (b: Booking) =>
  inject(ctx, { method: 'GET', url: `/api/orders/${b.order}/relatorio`, cookie: b.cookie });

const notices = (kind: string, userId: string) =>
  ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.kind, kind), eq(notifications.user_id, userId)));

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'urbana-entrega-'));
  ctx = await createTestApp({
    config: testConfig({
      DATA_DIR: dataDir,
      ADMIN_EMAILS: 'chefe-entrega@urbana.com.br',
      ...NO_ORDER_LIMITS,
    }),
  });
  const s = await createUser(ctx, { email: 'chefe-entrega@urbana.com.br', tipo: 'admin' });
  adminId = s.user.id;
  admin = await signIn(ctx, s.email, s.password);
  screen = await face();
  ana = await booking();
  bia = await booking();
  // The checkout sells future weeks only: both bookings move into the past week.
  const period = { starts_on: FIRST, ends_on: TODAY };
  for (const { item } of [ana, bia]) {
    await ctx.database.db.update(orderItems).set(period).where(eq(orderItems.id, item));
    await ctx.database.db.update(reservations).set(period).where(eq(reservations.order_item_id, item));
  }
  // Ana's spot played a whole first day and half the second, then nothing; Bia's every play booked.
  await report(ana, FIRST, 60);
  await report(ana, addDays(FIRST, 1), 30);
  for (let d = 0; d < 7; d++) await report(bia, addDays(FIRST, d), 60);
  for (const b of [ana, bia]) {
    const end = await adminPost(`/api/admin/campanhas/${b.item}/finalizar`);
    expect(end.statusCode, end.body).toBe(200);
  }
}, 240_000);
afterAll(async () => {
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('entrega de uma reserva em tela', () => {
  it('por dia: exibições contratadas × entregues, a porcentagem e o alerta de entrega abaixo', async () => {
    const res = await campaignReport(ana);
    expect(res.statusCode, res.body).toBe(200);
    const face = res.json().faces[0];
    expect(face.delivery).toMatchObject({
      booked: 420,
      delivered: 90,
      percent: 21,
      under_delivered: true,
      threshold_percent: 90,
    });
    expect(face.delivery.faces).toHaveLength(1);
    const days = face.delivery.faces[0].days;
    expect(days).toHaveLength(7);
    expect(days[0]).toEqual({ day: FIRST, booked: 60, delivered: 60, percent: 100 });
    expect(days[1]).toEqual({ day: addDays(FIRST, 1), booked: 60, delivered: 30, percent: 50 });
    expect(days[6]).toEqual({ day: addDays(TODAY, -1), booked: 60, delivered: 0, percent: 0 });
    // One play = 60 000 ÷ (60 loops × 7 days × 6 spots) = 23.8 impressions; 90 plays ≈ 2 143.
    expect(face).toMatchObject({ impressions_basis: 'exibicoes', estimated_impressions: 2143 });
    expect(face.make_good).toBeNull();
  });

  it('entregue por inteiro: 100 %, sem alerta', async () => {
    const face = (await campaignReport(bia)).json().faces[0];
    expect(face.delivery).toMatchObject({
      booked: 420,
      delivered: 420,
      percent: 100,
      under_delivered: false,
    });
    // All the booked plays: a sixth of the weekly audience.
    expect(face.estimated_impressions).toBe(10_000);
  });

  it('o PDF traz a entrega por dia', async () => {
    const res = await inject(ctx, {
      method: 'GET',
      url: `/api/orders/${ana.order}/relatorio.pdf`,
      cookie: ana.cookie,
    });
    expect(res.statusCode).toBe(200);
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
    expect(text).toContain('Exibições contratadas × entregues');
    expect(text).toContain('90 de 420 (21%)');
    expect(text).toContain('Entrega abaixo de 90%');
  });
});

describe('reposição (make-good)', () => {
  it('uma reserva encerrada abaixo do limite pede reposição à equipe, uma vez', async () => {
    expect(await askForMakeGoods(ctx.app.deps)).toBe(1);
    expect(await askForMakeGoods(ctx.app.deps)).toBe(0);
    const asked = await notices('reposicao_pendente', adminId);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.body).toContain('90 de 420 exibições (21%), abaixo de 90%');
    const list = await inject(ctx, { method: 'GET', url: '/api/admin/reposicoes', cookie: admin });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items).toHaveLength(1);
    expect(list.json().items[0]).toMatchObject({
      order_item_id: ana.item,
      status: 'pendente',
      booked_plays: 420,
      delivered_plays: 90,
      percent: 21,
    });
  });

  it('concedida como crédito: o cliente é avisado e a vê no relatório; não se concede duas vezes', async () => {
    const [item] = await ctx.database.db.select().from(orderItems).where(eq(orderItems.id, ana.item));
    const res = await adminPost(`/api/admin/reposicoes/${ana.item}/conceder`, {
      note: 'Tela desligada por falta de energia.',
    });
    expect(res.statusCode, res.body).toBe(200);
    // The unplayed share of what was paid: 330 of 420 plays.
    const credit = Math.round((item!.total * 330) / 420);
    expect(res.json()).toMatchObject({ status: 'concedida', credit });
    expect(res.json().coupon_code).toMatch(/^REPOSICAO-[0-9A-F]{10}$/);
    const face = (await campaignReport(ana)).json().faces[0];
    expect(face.make_good).toMatchObject({
      credit,
      coupon_code: res.json().coupon_code,
      note: 'Tela desligada por falta de energia.',
    });
    expect(await notices('reposicao_concedida', ana.userId)).toHaveLength(1);
    const again = await adminPost(`/api/admin/reposicoes/${ana.item}/conceder`, {});
    expect(again.statusCode).toBe(409);
    const none = await adminPost(`/api/admin/reposicoes/${bia.item}/conceder`, {});
    expect(none.statusCode).toBe(404);
  });
});
