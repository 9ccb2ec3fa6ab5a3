import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { addDays, earliestBookableStart, todayInBrasilia } from '@urbana/shared';
import {
  ads,
  campaignRuns,
  notifications,
  orderItems,
  orders,
  players,
  plays,
  products,
  reservations,
  towers,
} from '../src/db/schema/index.ts';
import { signPlayerRequest } from '../src/services/players/signature.ts';
import { alertSilentPlayers } from '../src/services/players/silence.ts';
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
 * Issue #43 items 2 and 3 (decision 101): a screen's playlist — its bookings' approved ads, each with
 * its share of the loop, Urbana's house creatives in the unsold spots — and the plays it reports,
 * signed with its key, counted once, refused when they are not its own or come from the future.
 */
let ctx: TestContext;
let dataDir: string;
let staff = '';
let staffId = '';
let screen: { id: string; secret: string; tower: string };
let other: { id: string; secret: string; tower: string };
const TODAY = todayInBrasilia();
const FUTURE = addDays(earliestBookableStart(TODAY, 2), 14);
let keyN = 0;
/** Ana's and Bia's bookings on the screen's face, Carla's on another screen's. */
const booked: Record<'ana' | 'bia' | 'carla', { order: string; item: string; ad: string; media: string }> =
  {} as never;
let houseMedia = '';

const staffPost = (url: string, payload?: object) =>
  inject(ctx, { method: 'POST', url, cookie: staff, ...(payload ? { payload } : {}) });

async function upload(cookie: string, width: number, height: number) {
  const res = await inject(ctx, {
    method: 'POST',
    url: '/api/media',
    cookie,
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'arte.png' },
    payload: await png(width, height),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function faceOf(name: string, slug: string) {
  const [product] = await ctx.database.db
    .insert(products)
    .values({
      slug,
      name,
      type: 'painel_led',
      city: 'Brasília',
      state: 'DF',
      latitude: -15.79,
      longitude: -47.88,
      daily_price: 5_000,
      is_tower_based: false,
      weekly_audience: 60_000,
    })
    .returning();
  const [tower] = await ctx.database.db
    .insert(towers)
    .values({ product_id: product!.id, name: 'Face única', slots: 6, weekly_audience: 60_000 })
    .returning();
  const res = await staffPost('/api/admin/telas', {
    tower_id: tower!.id,
    name: `Player ${name}`,
    resolution: '1920x1080',
    orientation: 'paisagem',
    loop_seconds: 60,
    spot_seconds: 10,
    opens_at: '00:00',
    closes_at: '00:00',
  });
  expect(res.statusCode, res.body).toBe(201);
  return {
    product: product!.id,
    id: res.json().id as string,
    secret: res.json().secret as string,
    tower: tower!.id,
  };
}

/** A customer books the face, pays, sends an approved ad. */
async function bookedAd(productId: string) {
  const { email, password } = await createUser(ctx);
  const cookie = await signIn(ctx, email, password);
  await inject(ctx, { method: 'PUT', url: '/api/billing-profile', cookie, payload: billingPf });
  const res = await inject(ctx, {
    method: 'POST',
    url: '/api/orders',
    cookie,
    headers: { 'idempotency-key': `tela-${++keyN}-${Date.now()}` },
    payload: {
      items: [{ product_id: productId, start_date: FUTURE, weeks: 1, tower_ids: [] }],
      payment_method: 'pix',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json();
  expect((await staffPost(`/api/admin/orders/${order.id}/confirm-payment`)).statusCode).toBe(200);
  const media = await upload(cookie, 1920, 1080);
  const ad = await inject(ctx, {
    method: 'POST',
    url: '/api/ads',
    cookie,
    payload: { name: `Anúncio ${keyN}`, item_ids: [order.items[0].id], media_ids: [media] },
  });
  expect(ad.statusCode, ad.body).toBe(201);
  await inject(ctx, { method: 'POST', url: `/api/ads/${ad.json().id}/enviar`, cookie });
  const approved = await staffPost(`/api/admin/anuncios/${ad.json().id}/revisao`, { decisao: 'aprovar' });
  expect(approved.statusCode, approved.body).toBe(204);
  const item = order.items[0].id as string;
  return { order: order.id as string, item, ad: ad.json().id as string, media };
}

/** A request signed as a player would sign it. */
function signed(
  player: { id: string; secret: string },
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  over: { time?: number; secret?: string; headers?: Record<string, string> } = {},
) {
  const body = payload ? JSON.stringify(payload) : '';
  const time = String(over.time ?? Math.floor(Date.now() / 1000));
  const signature = signPlayerRequest(over.secret ?? player.secret, { time, method, path: url, body });
  return inject(ctx, {
    method,
    url,
    headers: {
      'x-urbana-tela-data': time,
      'x-urbana-tela-assinatura': signature,
      ...(payload ? { 'content-type': 'application/json' } : {}),
      ...over.headers,
    },
    ...(payload ? { payload: body } : {}),
  });
}

const playlistUrl = (p: { id: string }) => `/api/telas/${p.id}/programacao`;
const reportUrl = (p: { id: string }) => `/api/telas/${p.id}/exibicoes`;

function play(b: { item: string; media: string } | null, minutesAgo = 5, over: object = {}) {
  const start = new Date(Date.now() - minutesAgo * 60_000);
  return {
    id: randomUUID(),
    media_id: b?.media ?? houseMedia,
    booking_id: b?.item ?? null,
    started_at: start.toISOString(),
    ended_at: new Date(start.getTime() + 10_000).toISOString(),
    duration_ms: 10_000,
    ...over,
  };
}

const countPlays = async () => (await ctx.database.db.select({ id: plays.id }).from(plays)).length;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'urbana-telas-'));
  ctx = await createTestApp({
    config: testConfig({ DATA_DIR: dataDir, ADMIN_EMAILS: 'chefe-tela@urbana.com.br', ...NO_ORDER_LIMITS }),
  });
  const s = await createUser(ctx, { email: 'chefe-tela@urbana.com.br', tipo: 'admin' });
  staffId = s.user.id;
  staff = await signIn(ctx, s.email, s.password);
  const face = await faceOf('Painel LED Eixo', 'painel-eixo');
  const otherFace = await faceOf('Painel LED Asa Norte', 'painel-asa-norte');
  screen = face;
  other = otherFace;
  booked.ana = await bookedAd(face.product);
  booked.bia = await bookedAd(face.product);
  booked.carla = await bookedAd(otherFace.product);
  // The checkout sells future weeks only: every booking moves into the present (since yesterday).
  const period = { starts_on: addDays(TODAY, -1), ends_on: addDays(TODAY, 6) };
  for (const { item } of Object.values(booked)) {
    await ctx.database.db.update(orderItems).set(period).where(eq(orderItems.id, item));
    await ctx.database.db.update(reservations).set(period).where(eq(reservations.order_item_id, item));
  }
  houseMedia = await upload(staff, 1920, 1080);
  const house = await staffPost('/api/admin/criativos-da-casa', { media_id: houseMedia });
  expect(house.statusCode, house.body).toBe(201);
}, 240_000);
afterAll(async () => {
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('programação da tela', () => {
  it('duas reservas e um criativo da casa: cada reserva com seu spot do loop, a casa nos outros', async () => {
    const res = await signed(screen, 'GET', playlistUrl(screen));
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json();
    expect(list).toMatchObject({ loop_seconds: 60, spot_seconds: 10, opens_at: '00:00', closes_at: '00:00' });
    expect(list.spots).toHaveLength(6);
    const kinds = list.spots.map((s: { kind: string }) => s.kind);
    expect(kinds.filter((k: string) => k === 'campanha')).toHaveLength(2);
    expect(kinds.filter((k: string) => k === 'casa')).toHaveLength(4);
    expect(new Set(list.bookings.map((b: { booking_id: string }) => b.booking_id))).toEqual(
      new Set([booked.ana.item, booked.bia.item]),
    );
    for (const b of list.bookings) expect(b.spots).toBe(1);
    const anaSpot = list.spots.find((s: { booking_id: string }) => s.booking_id === booked.ana.item);
    expect(anaSpot.creatives.map((c: { media_id: string }) => c.media_id)).toEqual([booked.ana.media]);
    const houseSpot = list.spots.find((s: { kind: string }) => s.kind === 'casa');
    expect(houseSpot.creatives[0].media_id).toBe(houseMedia);
    // Another face's booking is not here.
    expect(res.body).not.toContain(booked.carla.item);
    expect(res.headers.etag).toBe(`"${list.version}"`);
    // Nothing new: 304, no body.
    const again = await signed(screen, 'GET', playlistUrl(screen), undefined, {
      headers: { 'if-none-match': `"${list.version}"` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('o arquivo de um spot vem assinado; um arquivo fora da programação, não', async () => {
    const file = await signed(screen, 'GET', `/api/telas/${screen.id}/midias/${booked.ana.media}`);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const foreign = await signed(screen, 'GET', `/api/telas/${screen.id}/midias/${booked.carla.media}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Este arquivo não está na programação da tela.' });
  });

  it('recusa assinatura errada, chave de outra tela e relógio fora da hora', async () => {
    const wrong = await signed(screen, 'GET', playlistUrl(screen), undefined, { secret: other.secret });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Assinatura da tela inválida.' });
    const unsigned = await inject(ctx, { method: 'GET', url: playlistUrl(screen) });
    expect(unsigned.statusCode).toBe(401);
    const unknown = await signed(
      { id: randomUUID(), secret: screen.secret },
      'GET',
      playlistUrl({ id: randomUUID() }),
    );
    expect(unknown.statusCode).toBe(401);
    const late = await signed(screen, 'GET', playlistUrl(screen), undefined, {
      time: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toContain('relógio da tela');
  });
});

describe('exibições relatadas pela tela', () => {
  it('recusa um lote com assinatura errada, e nada é gravado', async () => {
    const res = await signed(
      screen,
      'POST',
      reportUrl(screen),
      { plays: [play(booked.ana)] },
      { secret: 'x' },
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Assinatura da tela inválida.' });
    expect(await countPlays()).toBe(0);
  });

  it('recusa o lote com a reserva de outra tela, e nada do lote é gravado', async () => {
    const res = await signed(screen, 'POST', reportUrl(screen), {
      plays: [play(booked.ana), play(booked.carla)],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Uma exibição é de uma reserva que não é desta tela.' });
    expect(await countPlays()).toBe(0);
  });

  it('recusa uma exibição que termina no futuro (além da tolerância do relógio)', async () => {
    const future = play(booked.ana, -30);
    const res = await signed(screen, 'POST', reportUrl(screen), { plays: [play(booked.ana), future] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Uma exibição termina no futuro: acerte a data e a hora do aparelho.',
    });
    expect(await countPlays()).toBe(0);
  });

  it('grava o lote uma vez: enviado de novo, conta uma vez; a 1ª exibição põe a campanha no ar', async () => {
    const batch = { plays: [play(booked.ana, 8), play(booked.ana, 6), play(null, 7)] };
    const first = await signed(screen, 'POST', reportUrl(screen), batch);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: 3, recorded: 3, duplicates: 0 });
    const again = await signed(screen, 'POST', reportUrl(screen), batch);
    expect(again.json()).toEqual({ received: 3, recorded: 0, duplicates: 3 });
    expect(await countPlays()).toBe(3);
    const [run] = await ctx.database.db
      .select()
      .from(campaignRuns)
      .where(eq(campaignRuns.order_item_id, booked.ana.item));
    expect(run!.started_at.toISOString()).toBe(batch.plays[0]!.started_at);
    expect(run!.started_by).toBeNull();
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, booked.ana.order));
    expect(order!.status).toBe('em_veiculacao');
    const [ad] = await ctx.database.db.select().from(ads).where(eq(ads.id, booked.ana.ad));
    expect(ad!.status).toBe('em_veiculacao');
    // Bia's campaign, with no play yet, is still waiting.
    const bia = await ctx.database.db
      .select()
      .from(campaignRuns)
      .where(eq(campaignRuns.order_item_id, booked.bia.item));
    expect(bia).toHaveLength(0);
    const told = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'campanha_iniciada'));
    expect(told).toHaveLength(1);
  });

  it('as exibições não se alteram nem se apagam', async () => {
    await expect(ctx.database.db.update(plays).set({ duration_ms: 1 })).rejects.toThrow();
    await expect(ctx.database.db.delete(plays)).rejects.toThrow();
    expect(await countPlays()).toBe(3);
  });
});

describe('uma reserva cancelada sai da programação', () => {
  it('na próxima consulta, com outra versão', async () => {
    const before = (await signed(screen, 'GET', playlistUrl(screen))).json();
    const cancel = await staffPost(`/api/admin/pedidos/${booked.bia.order}/cancelar`, {
      motivo: 'Cliente desistiu da campanha.',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const res = await signed(screen, 'GET', playlistUrl(screen), undefined, {
      headers: { 'if-none-match': `"${before.version}"` },
    });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.version).not.toBe(before.version);
    expect(list.bookings.map((b: { booking_id: string }) => b.booking_id)).toEqual([booked.ana.item]);
    expect(list.spots.filter((s: { kind: string }) => s.kind === 'casa')).toHaveLength(5);
    expect(res.body).not.toContain(booked.bia.item);
  });
});

describe('tela em silêncio', () => {
  const silentNotices = () =>
    ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'tela_silenciosa'), eq(notifications.user_id, staffId)));

  it('avisa a equipe uma vez; depois de um novo contato, um novo silêncio avisa de novo', async () => {
    const deps = ctx.app.deps;
    // Both screens were heard from just now (or created now): nothing to tell.
    expect(await alertSilentPlayers(deps)).toBe(0);
    const later = new Date(Date.now() + 20 * 60_000);
    // The other screen was never heard from; this one was. 15 min (the default) later, both are silent.
    expect(await alertSilentPlayers(deps, later)).toBe(2);
    expect(await alertSilentPlayers(deps, new Date(later.getTime() + 60_000))).toBe(0);
    const notices = await silentNotices();
    expect(notices.map((n) => n.title).sort()).toEqual([
      'Tela sem sinal: Player Painel LED Asa Norte',
      'Tela sem sinal: Player Painel LED Eixo',
    ]);
    // Heard from again, then silent again: told again.
    const seen = new Date(later.getTime() + 2 * 60_000);
    await ctx.database.db.update(players).set({ last_seen_at: seen }).where(eq(players.id, screen.id));
    expect(await alertSilentPlayers(deps, new Date(seen.getTime() + 10 * 60_000))).toBe(0);
    expect(await alertSilentPlayers(deps, new Date(seen.getTime() + 16 * 60_000))).toBe(1);
  });

  it('fora do horário de funcionamento, não avisa', async () => {
    const now = new Date();
    const hh = (h: number) => String(((h % 24) + 24) % 24).padStart(2, '0');
    const brasiliaHour = Number(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'America/Sao_Paulo',
        hour: '2-digit',
        hourCycle: 'h23',
      }).format(now),
    );
    // Open from 2 h from now to 4 h from now: closed now.
    await ctx.database.db
      .update(players)
      .set({
        opens_at: `${hh(brasiliaHour + 2)}:00`,
        closes_at: `${hh(brasiliaHour + 4)}:00`,
        last_seen_at: sql`now() - interval '3 hours'`,
        silence_alerted_at: null,
      })
      .where(inArray(players.id, [screen.id, other.id]));
    expect(await alertSilentPlayers(ctx.app.deps, now)).toBe(0);
  });
});
