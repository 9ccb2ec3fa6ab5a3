import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { addDays, earliestBookableStart, todayInBrasilia } from '@urbana/shared';
import { emailLog, notifications, orders, profiles, watchChanges } from '../src/db/schema/index.ts';
import { expireOrders } from '../src/services/orders/expire.ts';
import { deliverWatchAlerts } from '../src/services/watches/deliver-alerts.ts';
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
import { putOnSale } from './product-on-sale.ts';

/**
 * Issue #23 item 4: "Avise-me" on a favourite — a freed week (cancelled or expired order) or a lower
 * price tells each watcher once, through the bell and the e-mail outbox, never someone who can no
 * longer see the place (blocked, deleted, place deactivated) nor someone who does not watch it.
 */
let ctx: TestContext;
let dataDir: string;
type Person = { id: string; email: string; cookie: string };
let ana: Person;
let bia: Person;
let caio: Person;
let dani: Person;
let admin: Person;
let productId: string;
const START = addDays(earliestBookableStart(todayInBrasilia(), 2), 7);
let keyN = 0;
const ADMIN = 'chefe-observar@urbana.com.br';

async function person(name: string, tipo: 'cliente' | 'admin' = 'cliente'): Promise<Person> {
  const u = await createUser(ctx, { nome: name, tipo, ...(tipo === 'admin' ? { email: ADMIN } : {}) });
  return { id: u.user.id, email: u.email, cookie: await signIn(ctx, u.email, u.password) };
}

const productBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Painel Observado',
  description: 'Um painel que muita gente quer.',
  type: 'torre',
  address: 'SCS Quadra 1',
  neighborhood: 'Asa Sul',
  city: 'Brasília',
  state: 'DF',
  latitude: -15.8,
  longitude: -47.89,
  daily_price: 10_000,
  is_tower_based: true,
  weekly_audience: 20_000,
  audience_profile: 'Todos',
  operating_hours: '24 horas',
  status: 'ativo',
  towers: [{ name: 'Torre Única', screens: 2, weekly_audience: 20_000, slots: 1 }],
  ...overrides,
});

async function placeOrder(who: Person, start = START, product = productId) {
  const res = await inject(ctx, {
    method: 'POST',
    url: '/api/orders',
    cookie: who.cookie,
    headers: { 'idempotency-key': `observar-${++keyN}-${Date.now()}` },
    payload: {
      items: [{ product_id: product, start_date: start, weeks: 2, tower_ids: [] }],
      payment_method: 'pix',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function alertsOf(who: Person, kind: string) {
  return ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, who.id), eq(notifications.kind, kind)));
}

async function mailsTo(who: Person) {
  return ctx.database.db
    .select()
    .from(emailLog)
    .where(and(eq(emailLog.to_email, who.email), eq(emailLog.template, 'local_observado')));
}

// kick(), not drain(): on the PostgreSQL server the round a request started may hold a change (skip
// locked) while a direct drain() finds nothing and returns; kick() waits for that round and one more.
const drain = () => ctx.app.deps.outbox.kick();

async function cancelOrder(who: Person, order: string) {
  const res = await inject(ctx, { method: 'POST', url: `/api/orders/${order}/cancel`, cookie: who.cookie });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * As if WATCH_ALERT_MINUTES had gone by since every watcher's last alert: the window is kept in the
 * database (place_watches.last_alerted_at), so moving it back is moving the clock.
 */
async function windowGoesBy() {
  const minutes = ctx.app.deps.config.watchAlertMinutes;
  await ctx.database.db.execute(sql`
    update place_watches set last_alerted_at = last_alerted_at - make_interval(mins => ${minutes + 1}::int)`);
}

async function watch(who: Person, product = productId) {
  await inject(ctx, { method: 'PUT', url: `/api/favorites/${product}`, cookie: who.cookie });
  const res = await inject(ctx, {
    method: 'PUT',
    url: `/api/favorites/${product}/watch`,
    cookie: who.cookie,
  });
  expect(res.statusCode, res.body).toBe(204);
}

async function setPrice(dailyPrice: number) {
  const current = (
    await inject(ctx, { method: 'GET', url: `/api/admin/produtos/${productId}`, cookie: admin.cookie })
  ).json();
  const res = await inject(ctx, {
    method: 'PUT',
    url: `/api/admin/produtos/${productId}`,
    cookie: admin.cookie,
    payload: productBody({ daily_price: dailyPrice, towers: current.towers }),
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'urbana-observar-'));
  ctx = await createTestApp({
    config: testConfig({ DATA_DIR: dataDir, ADMIN_EMAILS: ADMIN, ...NO_ORDER_LIMITS }),
  });
  admin = await person('Chefe', 'admin');
  ana = await person('Ana Souza');
  bia = await person('Bia Lima');
  caio = await person('Caio Dias');
  dani = await person('Dani Reis');
  for (const who of [ana, bia, caio, dani]) {
    const res = await inject(ctx, {
      method: 'PUT',
      url: '/api/billing-profile',
      cookie: who.cookie,
      payload: billingPf,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const created = await inject(ctx, {
    method: 'POST',
    url: '/api/admin/produtos',
    cookie: admin.cookie,
    payload: productBody(),
  });
  expect(created.statusCode, created.body).toBe(201);
  productId = created.json().id;
  await putOnSale(ctx, admin.cookie, productId);
  await drain();
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('Avise-me', () => {
  it('só num favorito; liga, lista e desliga; outro id de produto → 404', async () => {
    const notFav = await inject(ctx, {
      method: 'PUT',
      url: `/api/favorites/${productId}/watch`,
      cookie: ana.cookie,
    });
    expect(notFav.statusCode).toBe(409);
    expect(notFav.json().message).toBe('Adicione o local aos favoritos para ser avisado.');
    const unknown = await inject(ctx, {
      method: 'PUT',
      url: '/api/favorites/00000000-0000-4000-8000-000000000000/watch',
      cookie: ana.cookie,
    });
    expect(unknown.statusCode).toBe(404);
    await watch(ana);
    await watch(bia);
    const list = await inject(ctx, { method: 'GET', url: '/api/watches', cookie: ana.cookie });
    expect(list.json()).toEqual({ product_ids: [productId] });
    const off = await inject(ctx, {
      method: 'DELETE',
      url: `/api/favorites/${productId}/watch`,
      cookie: bia.cookie,
    });
    expect(off.statusCode).toBe(204);
    expect((await inject(ctx, { method: 'GET', url: '/api/watches', cookie: bia.cookie })).json()).toEqual({
      product_ids: [],
    });
    await watch(bia);
    // Removing the favourite removes its watch (the watch lives with the favourite).
    await watch(caio);
    await inject(ctx, { method: 'DELETE', url: `/api/favorites/${productId}`, cookie: caio.cookie });
    expect((await inject(ctx, { method: 'GET', url: '/api/watches', cookie: caio.cookie })).json()).toEqual({
      product_ids: [],
    });
  });

  it('um pedido cancelado libera a semana: cada observador é avisado uma vez, sino e e-mail', async () => {
    const order = await placeOrder(dani);
    await drain();
    expect(await alertsOf(ana, 'local_semana_livre')).toHaveLength(0);
    const cancel = await inject(ctx, {
      method: 'POST',
      url: `/api/orders/${order}/cancel`,
      cookie: dani.cookie,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // The outbox worker turns the change into alerts after the commit (kicked by the cancellation).
    await drain();
    for (const who of [ana, bia]) {
      const alerts = await alertsOf(who, 'local_semana_livre');
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.title).toBe('Painel Observado tem datas livres');
      expect(alerts[0]!.link).toBe('/locais/painel-observado-brasilia');
      expect(await mailsTo(who)).toHaveLength(1);
    }
    // Neither the one who cancelled nor the one who stopped watching hears about it.
    expect(await alertsOf(dani, 'local_semana_livre')).toHaveLength(0);
    expect(await alertsOf(caio, 'local_semana_livre')).toHaveLength(0);
  });

  it('uma vez por mudança: processar de novo a mesma mudança não repete o aviso', async () => {
    await drain();
    await ctx.database.db.update(watchChanges).set({ processed_at: null });
    await drain();
    expect(await alertsOf(ana, 'local_semana_livre')).toHaveLength(1);
    expect(await mailsTo(bia)).toHaveLength(1);
  });

  it('um pedido expirado libera a semana; uma conta bloqueada não é avisada', async () => {
    await windowGoesBy();
    await ctx.database.db.update(profiles).set({ blocked_at: new Date() }).where(eq(profiles.id, bia.id));
    const order = await placeOrder(dani, addDays(START, 21));
    await ctx.database.db
      .update(orders)
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, order));
    expect(await expireOrders(ctx.app.deps)).toBe(1);
    await drain();
    expect(await alertsOf(ana, 'local_semana_livre')).toHaveLength(2);
    expect(await alertsOf(bia, 'local_semana_livre')).toHaveLength(1);
    await ctx.database.db.update(profiles).set({ blocked_at: null }).where(eq(profiles.id, bia.id));
  });

  it('uma semana retomada antes do aviso não é anunciada como livre', async () => {
    await windowGoesBy();
    const order = await placeOrder(dani, addDays(START, 42));
    await drain();
    // Released without a worker round in between (no kick), then the only slot is taken again.
    await ctx.database.db.execute(sql`
      update reservations set status = 'liberada'
      where order_item_id in (select id from order_items where order_id = ${order})`);
    expect(
      (await ctx.database.db.select().from(watchChanges).where(isNull(watchChanges.processed_at))).length,
    ).toBe(1);
    await placeOrder(dani, addDays(START, 42));
    await drain();
    expect(await alertsOf(ana, 'local_semana_livre')).toHaveLength(2);
  });

  it('preço menor avisa uma vez; preço maior não avisa', async () => {
    await windowGoesBy();
    await setPrice(12_000);
    await drain();
    expect(await alertsOf(ana, 'local_preco_baixou')).toHaveLength(0);
    await setPrice(8_000);
    await drain();
    await drain();
    for (const who of [ana, bia]) {
      const alerts = await alertsOf(who, 'local_preco_baixou');
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.title).toBe('O preço de Painel Observado baixou');
      expect(alerts[0]!.body).toMatch(/R\$\s120,00 para R\$\s80,00/);
    }
  });

  it('nunca entre usuários: só quem observa e ainda vê o local; local desativado não avisa ninguém', async () => {
    await ctx.database.db.update(profiles).set({ deleted_at: new Date() }).where(eq(profiles.id, bia.id));
    await windowGoesBy();
    await setPrice(7_000);
    await drain();
    expect(await alertsOf(ana, 'local_preco_baixou')).toHaveLength(2);
    expect(await alertsOf(bia, 'local_preco_baixou')).toHaveLength(1);
    for (const who of [caio, dani, admin]) expect(await alertsOf(who, 'local_preco_baixou')).toHaveLength(0);

    const off = await inject(ctx, {
      method: 'PUT',
      url: `/api/admin/produtos/${productId}/status`,
      cookie: admin.cookie,
      payload: { status: 'inativo' },
    });
    expect(off.statusCode, off.body).toBe(200);
    await ctx.database.db.execute(sql`update products set daily_price = 5000 where id = ${productId}`);
    await drain();
    expect(await alertsOf(ana, 'local_preco_baixou')).toHaveLength(2);
    const pending = await ctx.database.db
      .select()
      .from(watchChanges)
      .where(inArray(watchChanges.product_id, [productId]));
    expect(pending.every((c) => c.processed_at !== null)).toBe(true);
  });
});

/**
 * Issue #39 item 8: booking and cancelling a watched face 8 times in 20 s sent its watcher 8 alerts and
 * 8 e-mails — anyone could make Urbana e-mail a watcher at will. Alerts of one watch (watcher and
 * place) are now at most one per WATCH_ALERT_MINUTES, decided in the database, so across instances too.
 */
describe('Avise-me sem enxurrada', () => {
  let placeId: string;
  let edu: Person;

  it('WATCH_ALERT_MINUTES: 60 por padrão; zero ou texto recusados com o nome da variável', () => {
    expect(testConfig().watchAlertMinutes).toBe(60);
    expect(testConfig({ WATCH_ALERT_MINUTES: '15' }).watchAlertMinutes).toBe(15);
    expect(() => testConfig({ WATCH_ALERT_MINUTES: '0' })).toThrow(
      /Configuração inválida: WATCH_ALERT_MINUTES/,
    );
    expect(() => testConfig({ WATCH_ALERT_MINUTES: 'uma hora' })).toThrow(/WATCH_ALERT_MINUTES/);
  });

  it('outra pessoa reserva e cancela a face 8 vezes: um e-mail e um aviso no sino', async () => {
    const created = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/produtos',
      cookie: admin.cookie,
      payload: productBody({ name: 'Painel Disputado' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    placeId = created.json().id;
    await putOnSale(ctx, admin.cookie, placeId);
    edu = await person('Edu Alves');
    await watch(edu, placeId);
    for (let i = 0; i < 8; i++) {
      await cancelOrder(dani, await placeOrder(dani, START, placeId));
      await drain();
    }
    const alerts = await alertsOf(edu, 'local_semana_livre');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.link).toBe('/locais/painel-disputado-brasilia');
    expect(await mailsTo(edu)).toHaveLength(1);
  });

  it('passada a janela, a próxima liberação avisa de novo, e só ela', async () => {
    await windowGoesBy();
    await cancelOrder(dani, await placeOrder(dani, START, placeId));
    await drain();
    expect(await alertsOf(edu, 'local_semana_livre')).toHaveLength(2);
    expect(await mailsTo(edu)).toHaveLength(2);
    await cancelOrder(dani, await placeOrder(dani, START, placeId));
    await drain();
    expect(await alertsOf(edu, 'local_semana_livre')).toHaveLength(2);
    expect(await mailsTo(edu)).toHaveLength(2);
  });

  it('liberações ao mesmo tempo, entregues ao mesmo tempo, avisam uma vez', async () => {
    await windowGoesBy();
    const orders = [];
    for (const weeks of [3, 6, 9]) orders.push(await placeOrder(dani, addDays(START, weeks * 7), placeId));
    await drain();
    await Promise.all(orders.map((order) => cancelOrder(dani, order)));
    // Several workers at once (as several instances would): each takes its own change (skip locked).
    const { db, outbox, config } = ctx.app.deps;
    await Promise.all(
      orders.map(() =>
        deliverWatchAlerts(db, outbox, {
          publicUrl: config.publicUrl,
          alertMinutes: config.watchAlertMinutes,
        }),
      ),
    );
    await drain();
    expect(await alertsOf(edu, 'local_semana_livre')).toHaveLength(3);
    expect(await mailsTo(edu)).toHaveLength(3);
    const pending = await ctx.database.db
      .select()
      .from(watchChanges)
      .where(isNull(watchChanges.processed_at));
    expect(pending).toHaveLength(0);
  });

  it('quem observa o local e deixa o próprio pedido expirar recebe um e-mail, o da expiração (issue #40 item 7)', async () => {
    await windowGoesBy();
    await watch(ana, placeId);
    const order = await placeOrder(ana, addDays(START, 63), placeId);
    await drain();
    const before = new Date();
    await ctx.database.db
      .update(orders)
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, order));
    expect(await expireOrders(ctx.app.deps)).toBe(1);
    await drain();
    await drain();
    const mails = (
      await ctx.database.db.select().from(emailLog).where(eq(emailLog.to_email, ana.email))
    ).filter((m) => m.created_at >= before);
    expect(mails.map((m) => m.template)).toEqual(['pedido_status']);
    // Edu, who watches too, still hears that the weeks are free.
    expect((await mailsTo(edu)).some((m) => m.created_at >= before)).toBe(true);
  });
});
