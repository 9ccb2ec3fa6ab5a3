/**
 * Two API instances behind nginx (round robin), one PostgreSQL database and one Redis: sessions work
 * on both, the per-IP sign-in limit is counted across both and cannot be reset with a forged
 * X-Forwarded-For, and a live notification created on one instance reaches a stream on the other.
 */
import { rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, earliestBookableStart, signInErrors, todayInBrasilia } from '@urbana/shared';
import { products, towers } from '../src/db/schema/index.ts';
import { isNotification, SseStream, type NotificationEvent } from '../test/sse.ts';
import {
  apiEnv,
  Cleanup,
  createCustomers,
  freePort,
  PASSWORD,
  REDIS_URL,
  requestFrom,
  serverDatabase,
  startApi,
  startNginx,
  tempDir,
  withDatabase,
} from './support.ts';

const SIGN_IN_LIMIT = 30;

async function connectRedis(): Promise<Redis> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 1 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw new Error(
      `Redis em ${REDIS_URL} indisponível (${(error as Error).message}): apt-get install -y redis-server && redis-server --daemonize yes (.ci/run faz isso).`,
    );
  }
  return redis;
}

async function keysWith(redis: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== '0');
  return keys;
}

describe('duas instâncias atrás do nginx', () => {
  const cleanup = new Cleanup();
  afterAll(() => cleanup.run(), 60_000);

  it('sessão, limite por IP e notificações ao vivo valem entre as instâncias', async () => {
    const redis = await connectRedis();
    cleanup.add('redis', () => redis.quit());
    const prefix = `urbana-teste-${randomBytes(4).toString('hex')}:`;
    cleanup.add('chaves no redis', async () => {
      const keys = await keysWith(redis, prefix);
      if (keys.length > 0) await redis.del(...keys);
    });

    const database = await serverDatabase('nginx');
    cleanup.add('banco no servidor', () => database.drop());
    const start = addDays(earliestBookableStart(todayInBrasilia(), 2), 7);
    const { customers, productId } = await withDatabase({ url: database.url }, async (db) => {
      const [p] = await db.db
        .insert(products)
        .values({
          slug: 'painel-duas-instancias',
          name: 'Painel Duas Instâncias',
          type: 'painel_led',
          city: 'Brasília',
          state: 'DF',
          latitude: -15.8,
          longitude: -47.9,
          daily_price: 25_000,
        })
        .returning();
      await db.db.insert(towers).values({ product_id: p!.id, name: 'Face principal', slots: 10 });
      return { customers: await createCustomers(db, 2, 'nginx'), productId: p!.id };
    });
    const [ana, bia] = customers as [{ id: string; email: string }, { id: string; email: string }];

    const dataDir = tempDir('nginx-api');
    cleanup.add('pasta de dados', () => rmSync(dataDir, { recursive: true, force: true }));
    const nginxPort = await freePort();
    const publicUrl = `http://127.0.0.1:${nginxPort}`;
    const ports = [await freePort(), await freePort()];
    const extra = { REDIS_URL, REDIS_PREFIX: prefix, TRUST_PROXY: '127.0.0.1' };
    const [a, b] = await Promise.all(
      ports.map(async (port, i) => {
        const name = `api ${i === 0 ? 'A' : 'B'}`;
        const api = await startApi(
          name,
          apiEnv({ port, publicUrl, dataDir, databaseUrl: database.url, extra }),
        );
        cleanup.add(name, () => api.stop());
        return api;
      }),
    );
    const nginx = await startNginx(nginxPort, ports);
    cleanup.add('nginx', () => nginx.destroy());
    const origin = { origin: publicUrl };

    // --- A session made through nginx works on both instances.
    const signIn = await requestFrom('127.0.0.2', `${publicUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { ...origin, 'x-forwarded-for': '203.0.113.50' },
      body: { email: ana.email, password: PASSWORD },
    });
    expect(signIn.status).toBe(200);
    const cookie = (signIn.headers['set-cookie'] as string[])
      .find((c) => c.startsWith('urbana_sessao='))!
      .split(';')[0]!;
    for (const base of [publicUrl, publicUrl, publicUrl, publicUrl, a!.url, b!.url]) {
      const session = await requestFrom('127.0.0.2', `${base}/api/auth/session`, { headers: { cookie } });
      expect(session.status).toBe(200);
      expect((session.body as { user: { email: string } | null }).user?.email).toBe(ana.email);
    }
    // The API saw the client's address from nginx, not the forged header.
    const seen = await withDatabase({ url: database.url }, async (db) =>
      db.db.execute<{ ip: string }>(
        sql`select host(ip) as ip from audit_log where action = 'login.sucesso' and actor_id = ${ana.id}`,
      ),
    );
    expect(seen.rows.map((r) => r.ip)).toEqual(['127.0.0.2']);

    // --- The sign-in limit (30 per 5 minutes per IP) counts requests of both instances together.
    // The client here is 127.0.0.1, the trusted proxy's own address: only nginx replacing the
    // client's X-Forwarded-For (not appending to it) keeps a forged one from choosing the IP.
    const attempt = (from: string, base: string, n: number, forged?: string) =>
      requestFrom(from, `${base}/api/auth/sign-in`, {
        method: 'POST',
        headers: { ...origin, ...(forged ? { 'x-forwarded-for': forged } : {}) },
        body: { email: `ninguem-${n}@exemplo.com.br`, password: 'errada-123' },
      });
    const codes: number[] = [];
    for (let n = 0; n < SIGN_IN_LIMIT; n += 6) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(6, SIGN_IN_LIMIT - n) }, (_, k) =>
          attempt('127.0.0.1', publicUrl, n + k, `198.51.100.${n + k}`),
        ),
      );
      codes.push(...batch.map((r) => r.status));
    }
    // Round robin sent about half to each instance; each alone would have allowed 30.
    expect(codes).toEqual(Array(SIGN_IN_LIMIT).fill(401));
    const blocked = await attempt('127.0.0.1', publicUrl, 100);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: signInErrors.tooManyRequests });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Neither a forged X-Forwarded-For through nginx nor either instance directly lets it through.
    for (const [base, forged] of [
      [publicUrl, '192.0.2.77'],
      [publicUrl, '127.0.0.9'],
      [a!.url, undefined],
      [b!.url, undefined],
    ] as const) {
      const res = await attempt('127.0.0.1', base, 101, forged);
      expect(res.status, `${base} ${forged ?? ''}`).toBe(429);
    }
    // Another address is not affected, and the counters live in Redis under REDIS_PREFIX.
    expect((await attempt('127.0.0.4', publicUrl, 102)).status).toBe(401);
    const keys = await keysWith(redis, prefix);
    expect(keys.some((k) => k.startsWith(`${prefix}rate-limit:`) && k.endsWith('-127.0.0.1'))).toBe(true);

    // --- Live notifications: a stream on A (and one through nginx) hears an order placed on B.
    const biaCookie = await (async () => {
      const res = await requestFrom('127.0.0.5', `${publicUrl}/api/auth/sign-in`, {
        method: 'POST',
        headers: origin,
        body: { email: bia.email, password: PASSWORD },
      });
      expect(res.status).toBe(200);
      return (res.headers['set-cookie'] as string[])
        .find((c) => c.startsWith('urbana_sessao='))!
        .split(';')[0]!;
    })();
    const onA = await SseStream.open(`${a!.url}/api/notifications/stream`, { cookie: biaCookie });
    cleanup.add('stream A', () => onA.close());
    const viaNginx = await SseStream.open(`${publicUrl}/api/notifications/stream`, { cookie: biaCookie });
    cleanup.add('stream nginx', () => viaNginx.close());
    expect(viaNginx.response.headers.get('content-encoding')).toBeNull();
    const order = await requestFrom('127.0.0.5', `${b!.url}/api/orders`, {
      method: 'POST',
      headers: { ...origin, cookie: biaCookie, 'idempotency-key': 'duas-instancias-1' },
      body: { items: [{ product_id: productId, start_date: start, weeks: 1 }] },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const code = (order.body as { code: string }).code;
    for (const stream of [onA, viaNginx]) {
      const event = JSON.parse((await stream.next(isNotification, 15_000)).data) as NotificationEvent;
      expect(event.notification.title).toBe(`Recebemos o pedido ${code}`);
      expect(event.unread).toBe(1);
    }
    // One order, one event.
    expect(onA.events.filter(isNotification)).toHaveLength(1);
  });
});
