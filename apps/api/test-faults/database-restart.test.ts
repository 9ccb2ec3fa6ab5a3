/**
 * The PostgreSQL server goes away under a steady stream of requests and comes back: the API answers
 * 503 with the Portuguese message quickly (never 500, never a hang), and the same process answers 200
 * again once the server is back. Live notifications resume too (the LISTEN connection reconnects).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { httpMessages } from '@urbana/shared';
import { seedCatalog } from '../src/services/demo-catalog.ts';
import { LocalStorage } from '../src/services/storage.ts';
import { isNotification, SseStream, type NotificationEvent } from '../test/sse.ts';
import {
  apiEnv,
  Cleanup,
  createCustomers,
  freePort,
  http,
  PASSWORD,
  PrivateCluster,
  signInAt,
  sleep,
  startApi,
  tempDir,
  withDatabase,
} from './support.ts';

type Phase = 'antes' | 'parando' | 'parado' | 'voltando' | 'depois';
interface Sample {
  phase: Phase;
  what: string;
  status: number | 'sem resposta';
  ms: number;
  message?: string;
}

const ANSWER_WITHIN_MS = 8000;

describe('PostgreSQL reiniciado com a API sob carga', () => {
  const cleanup = new Cleanup();
  afterAll(() => cleanup.run(), 60_000);

  it('503 em português enquanto o banco está fora, 200 de novo quando volta, sem reiniciar a API', async () => {
    const cluster = await PrivateCluster.create();
    cleanup.add('cluster', () => cluster.destroy());
    const dataDir = tempDir('restart');
    cleanup.add('pasta de dados', () => rmSync(dataDir, { recursive: true, force: true }));

    const [customer] = await withDatabase({ url: cluster.url }, async (database) => {
      await seedCatalog(database.db, new LocalStorage(path.join(dataDir, 'arquivos')), { products: 40 });
      return createCustomers(database, 1, 'restart');
    });
    // Sign-in is part of the load: a higher per-IP limit keeps it from answering 429 instead.
    const env = apiEnv({
      port: await freePort(),
      dataDir,
      databaseUrl: cluster.url,
      extra: { RATE_LIMIT_SCALE: '100' },
    });
    const api = await startApi('api', env);
    cleanup.add('api', () => api.kill());

    const found = await http(`${api.url}/api/search?lat=-15.79&lng=-47.88&raio=40&por_pagina=5`);
    expect(found.status).toBe(200);
    const items = (found.body as { items: Array<{ id: string; slug: string }> }).items;
    expect(items.length).toBeGreaterThan(0);
    const detail = await http(`${api.url}/api/products/${items[0]!.slug}`);
    const earliest = (detail.body as { period: { earliest_start: string } }).period.earliest_start;
    const cookie = await signInAt(api.url, customer!.email);
    const stream = await SseStream.open(`${api.url}/api/notifications/stream`, { cookie });
    cleanup.add('stream', () => stream.close());

    const requests: Array<{ what: string; run: () => Promise<{ status: number; body: unknown }> }> = [
      {
        what: 'produto',
        run: () => http(`${api.url}/api/products/${items[0]!.slug}`, { timeoutMs: 15_000 }),
      },
      {
        what: 'busca',
        run: () =>
          http(`${api.url}/api/search?local=Brasília&tipo=todos&por_pagina=10`, { timeoutMs: 15_000 }),
      },
      {
        what: 'entrada',
        run: () =>
          http(`${api.url}/api/auth/sign-in`, {
            method: 'POST',
            origin: api.url,
            body: { email: customer!.email, password: PASSWORD },
            timeoutMs: 15_000,
          }),
      },
      { what: 'meus pedidos', run: () => http(`${api.url}/api/orders`, { cookie, timeoutMs: 15_000 }) },
    ];

    let phase: Phase = 'antes';
    let running = true;
    const samples: Sample[] = [];
    const worker = async (offset: number) => {
      for (let i = offset; running; i++) {
        const request = requests[i % requests.length]!;
        const startedIn = phase;
        const t0 = Date.now();
        const sample: Sample = { phase: startedIn, what: request.what, status: 'sem resposta', ms: 0 };
        try {
          const res = await request.run();
          sample.status = res.status;
          sample.message = (res.body as { message?: string } | null)?.message;
        } catch {
          // Timed out: counted as no answer.
        }
        sample.ms = Date.now() - t0;
        // A request that straddled a change of phase belongs to the transition.
        if (phase !== startedIn) sample.phase = startedIn === 'antes' ? 'parando' : 'voltando';
        samples.push(sample);
        await sleep(50);
      }
    };
    const workers = [0, 1, 2, 3].map((n) => worker(n));
    const inPhase = (p: Phase) => samples.filter((s) => s.phase === p);

    await sleep(1500);
    phase = 'parando';
    await cluster.stop();
    phase = 'parado';
    await sleep(3000);
    phase = 'voltando';
    await cluster.start();
    // The pool's next connection goes to the new server: the first 200 comes quickly.
    const backBy = Date.now() + 20_000;
    while (!samples.some((s) => s.phase === 'voltando' && s.status === 200) && Date.now() < backBy)
      await sleep(100);
    phase = 'depois';
    await sleep(2000);
    running = false;
    await Promise.all(workers);

    const summary = (list: Sample[]) => list.map((s) => `${s.what}:${s.status}:${s.ms}ms`).join(' ');
    // Before: all good.
    expect(inPhase('antes').length).toBeGreaterThan(0);
    expect(
      inPhase('antes').filter((s) => s.status !== 200),
      summary(inPhase('antes')),
    ).toEqual([]);
    // While the server is down: every request answered quickly; what needs the database gets 503
    // with the Portuguese message. A product page or a search read a moment before may still be
    // served from the catalogue read cache (CATALOG_CACHE_SECONDS), which is the point of it.
    const down = inPhase('parado');
    expect(down.length).toBeGreaterThanOrEqual(8);
    for (const s of down) {
      const cacheable = s.what === 'produto' || s.what === 'busca';
      if (cacheable) expect([200, 503], summary(down)).toContain(s.status);
      else expect(s.status, summary(down)).toBe(503);
      if (s.status === 503) expect(s.message).toBe(httpMessages.databaseUnavailable);
      expect(s.ms, summary(down)).toBeLessThan(ANSWER_WITHIN_MS);
    }
    expect(down.filter((s) => s.status === 503).length, summary(down)).toBeGreaterThanOrEqual(4);
    // Across the transitions: 200 or 503, never a 500 or a hang.
    for (const s of [...inPhase('parando'), ...inPhase('voltando')]) {
      expect([200, 503], summary([s])).toContain(s.status);
      expect(s.ms).toBeLessThan(ANSWER_WITHIN_MS * 2);
    }
    // The same process serves again.
    expect(api.running).toBe(true);
    const after = inPhase('depois');
    expect(after.length).toBeGreaterThan(0);
    expect(
      after.filter((s) => s.status !== 200),
      summary(after),
    ).toEqual([]);
    const health = await http(`${api.url}/api/health`);
    expect(health.body).toMatchObject({ status: 'ok', database: 'ok', driver: 'pg' });

    // Live notifications: the stream opened before the outage is still open, was told to refresh
    // when the LISTEN connection came back, and delivers a new order's notification.
    await stream.next((e) => e.event === 'sincronizar', 20_000);
    const order = await http(`${api.url}/api/orders`, {
      method: 'POST',
      cookie,
      origin: api.url,
      headers: { 'idempotency-key': 'depois-do-reinicio-1' },
      body: { items: [{ product_id: items[0]!.id, start_date: earliest, weeks: 1 }] },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const event = JSON.parse((await stream.next(isNotification, 15_000)).data) as NotificationEvent;
    expect(event.notification.title).toBe(`Recebemos o pedido ${(order.body as { code: string }).code}`);
  });
});
