import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestBookableStart, httpMessages, todayInBrasilia } from '@urbana/shared';
import { products, towers } from '../src/db/schema/index.ts';
import {
  createTestApp,
  createTestDatabase,
  createUser,
  inject,
  signIn,
  type TestContext,
  billingPf,
} from './helpers.ts';
import { isNotification, SseStream, type NotificationEvent } from './sse.ts';

const HEARTBEAT_MS = 300;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
// Two instances of the API on one database, each listening on a real port.
let a: TestContext;
let b: TestContext;
let urlA: string;
let urlB: string;
let productId: string;
const START = addDays(earliestBookableStart(todayInBrasilia(), 2), 21);
const open: SseStream[] = [];

const billing = { ...billingPf, name: 'Pessoa de Teste' };

async function customer(ctx: TestContext) {
  const u = await createUser(ctx);
  const cookie = await signIn(ctx, u.email, u.password);
  const res = await inject(ctx, { method: 'PUT', url: '/api/billing-profile', cookie, payload: billing });
  expect(res.statusCode).toBe(200);
  return { id: u.user.id, cookie };
}

async function stream(base: string, cookie: string, headers: Record<string, string> = {}) {
  const s = await SseStream.open(`${base}/api/notifications/stream`, { cookie, ...headers });
  open.push(s);
  return s;
}

let keyN = 0;
async function placeOrder(base: string, cookie: string, paymentMethod: 'pix' | 'faturado' = 'pix') {
  const res = await fetch(`${base}/api/orders`, {
    method: 'POST',
    headers: {
      cookie,
      origin: 'http://localhost:3000',
      'content-type': 'application/json',
      'idempotency-key': `stream-${++keyN}-${Date.now()}`,
    },
    body: JSON.stringify({
      items: [{ product_id: productId, start_date: START, weeks: 1 }],
      payment_method: paymentMethod,
    }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; code: string };
}

async function until(check: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('a condição não se cumpriu a tempo');
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  // PGlite on its worker thread, as in production: NOTIFY crosses the thread (decision 048).
  database = await createTestDatabase({ pgliteWorker: true });
  a = await createTestApp({ database, sseHeartbeatMs: HEARTBEAT_MS });
  b = await createTestApp({ database, sseHeartbeatMs: HEARTBEAT_MS });
  for (const ctx of [a, b]) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  urlA = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
  urlB = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;
  const [p] = await database.db
    .insert(products)
    .values({
      slug: 'painel-ao-vivo',
      name: 'Painel Ao Vivo',
      type: 'painel_led',
      city: 'Brasília',
      state: 'DF',
      latitude: -15.8,
      longitude: -47.9,
      daily_price: 20_000,
    })
    .returning();
  productId = p!.id;
  await database.db.insert(towers).values({ product_id: productId, name: 'Face principal', slots: 50 });
});
afterAll(async () => {
  for (const s of open) s.close();
  await a?.app.close();
  await b?.app.close();
  await database?.drop();
});

describe('GET /api/notifications/stream', () => {
  it('sem sessão responde 401 com a mensagem em português', async () => {
    const res = await fetch(`${urlA}/api/notifications/stream`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: httpMessages.unauthenticated });
  });

  it('HEAD responde os cabeçalhos do stream e termina', async () => {
    const { cookie } = await customer(a);
    const res = await inject(a, { method: 'HEAD', url: '/api/notifications/stream', cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.body).toBe('');
    expect((await inject(a, { method: 'HEAD', url: '/api/notifications/stream' })).statusCode).toBe(401);
  });

  it('abre um stream sem cache, sem buffer e sem compressão, com batimentos', async () => {
    const ana = await customer(a);
    const s = await stream(urlA, ana.cookie, { 'accept-encoding': 'gzip, br' });
    expect(s.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.response.headers.get('cache-control')).toBe('no-store'); // personal data: never kept by a cache (issue #22 item 6)
    expect(s.response.headers.get('x-accel-buffering')).toBe('no');
    expect(s.response.headers.get('content-encoding')).toBeNull();
    await until(() => s.comments.filter((c) => c === 'ping').length >= 2);
    expect(s.comments[0]).toBe('conectado');
  });

  it('envia a notificação do pedido ao cliente, e só a ele', async () => {
    const ana = await customer(a);
    const bruno = await customer(a);
    const s = await stream(urlA, ana.cookie);
    await placeOrder(urlA, bruno.cookie);
    const order = await placeOrder(urlA, ana.cookie);
    const event = await s.next(isNotification);
    const data = JSON.parse(event.data) as NotificationEvent;
    expect(data.notification.title).toBe(`Recebemos o pedido ${order.code}`);
    expect(data.notification.link).toBe(`/pedido/${order.id}`);
    expect(data.unread).toBe(1);
    expect(event.id).toBe(data.notification.id);
    // The same notification as the list shows it.
    const list = await inject(a, { method: 'GET', url: '/api/notifications', cookie: ana.cookie });
    expect(list.json()).toEqual({ unread: 1, items: [data.notification] });
    // Bruno's order never reached Ana's stream.
    expect(s.events.filter(isNotification)).toHaveLength(1);
  });

  it('entrega a notificação criada em outra instância (LISTEN/NOTIFY)', async () => {
    const carla = await customer(a);
    const s = await stream(urlA, carla.cookie);
    const order = await placeOrder(urlB, carla.cookie);
    const data = JSON.parse((await s.next(isNotification)).data) as NotificationEvent;
    expect(data.notification.title).toBe(`Recebemos o pedido ${order.code}`);
  });

  it('avisa a equipe, ao vivo, do pedido faturado que chega', async () => {
    const operador = await createUser(a, { tipo: 'operador' });
    const staffCookie = await signIn(a, operador.email, operador.password);
    const s = await stream(urlA, staffCookie);
    const firma = await customer(a);
    const company = {
      ...billing,
      person_type: 'pj',
      name: 'Padaria ao Vivo Ltda.',
      document: '11.222.333/0001-81',
    };
    const put = await inject(a, {
      method: 'PUT',
      url: '/api/billing-profile',
      cookie: firma.cookie,
      payload: company,
    });
    expect(put.statusCode).toBe(200);
    const order = await placeOrder(urlB, firma.cookie, 'faturado');
    const data = JSON.parse((await s.next(isNotification)).data) as NotificationEvent;
    expect(data.notification.title).toBe(`Pedido faturado para confirmar: ${order.code}`);
    expect(data.notification.link).toBe(`/admin/pedidos/${order.id}`);
  });

  it('libera a inscrição quando o cliente desconecta', async () => {
    const davi = await customer(a);
    const s1 = await stream(urlA, davi.cookie);
    const s2 = await stream(urlA, davi.cookie);
    expect(a.app.deps.hub.subscriberCount(davi.id)).toBe(2);
    s1.close();
    await until(() => a.app.deps.hub.subscriberCount(davi.id) === 1);
    s2.close();
    await until(() => a.app.deps.hub.subscriberCount(davi.id) === 0);
  });

  it('encerra o stream quando a sessão termina', async () => {
    const eva = await customer(a);
    const s = await stream(urlA, eva.cookie);
    const out = await inject(a, {
      method: 'POST',
      url: '/api/auth/sign-out',
      cookie: eva.cookie,
      headers: { origin: 'http://localhost:3000' },
    });
    expect(out.statusCode).toBe(204);
    await Promise.race([
      s.ended,
      new Promise((_, reject) => setTimeout(() => reject(new Error('o stream não terminou')), 5000)),
    ]);
    expect(a.app.deps.hub.subscriberCount(eva.id)).toBe(0);
  });
});
