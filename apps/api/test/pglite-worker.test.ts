import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { pgConstraint, pgErrorCode } from '../src/db/errors.ts';

// Issue #21 (docs/decisions/048-pglite-off-the-event-loop.md): PGlite on a worker thread answers as
// PGlite in process does (results, SQLSTATEs, transactions, NOTIFY, close), and a slow query leaves
// the event loop free. Always PGlite, whatever TEST_DB says: this is about the embedded database.
let worker: Database;
let inThread: Database;
const folders: string[] = [];

beforeAll(async () => {
  [worker, inThread] = await Promise.all([
    openDatabase({ dataDir: 'memory://', pgliteWorker: true }),
    openDatabase({ dataDir: 'memory://' }),
  ]);
  for (const database of [worker, inThread]) {
    await database.db.execute(sql`create extension if not exists btree_gist`);
    await database.db.execute(sql`create table t (id int primary key, note text)`);
    await database.db.execute(
      sql`create table booking (face int, days daterange, exclude using gist (face with =, days with &&))`,
    );
  }
});

afterAll(async () => {
  await worker?.close();
  await inThread?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** How long the work took, and the longest the event loop went without running a 5 ms timer. */
async function loopGapDuring(work: () => Promise<unknown>) {
  let last = performance.now();
  let maxGap = 0;
  const tick = () => {
    const now = performance.now();
    maxGap = Math.max(maxGap, now - last);
    last = now;
  };
  const timer = setInterval(tick, 5);
  const started = performance.now();
  await work();
  const duration = performance.now() - started;
  tick();
  clearInterval(timer);
  return { duration, maxGap };
}

const slowQuery = (database: Database) =>
  database.db.execute(sql`select count(*) from generate_series(1, 2000000) g where g % 7 = 3`);

describe('PGlite numa worker thread', () => {
  it('PGLITE_WORKER: ligado por padrão em produção, desligado nos testes e no desenvolvimento', () => {
    const on = (env: Record<string, string>) => loadConfig({ LOG_LEVEL: 'silent', ...env }).pgliteWorker;
    expect(on({ NODE_ENV: 'production' })).toBe(true);
    expect(on({ NODE_ENV: 'production', PGLITE_WORKER: 'false' })).toBe(false);
    expect(on({ NODE_ENV: 'test' })).toBe(false);
    expect(on({ NODE_ENV: 'development' })).toBe(false);
    expect(on({ NODE_ENV: 'development', PGLITE_WORKER: 'sim' })).toBe(true);
  });

  it('devolve os tipos como o PGlite no processo (int8 como número, datas como texto, arrays)', async () => {
    const query = sql`select 9007199254740991::int8 as big, '2026-03-01'::date as day, array[1, 2]::int[] as arr`;
    const [fromWorker] = (await worker.db.execute(query)).rows;
    const [fromThread] = (await inThread.db.execute(query)).rows;
    expect(fromWorker).toEqual({ big: 9007199254740991, day: '2026-03-01', arr: [1, 2] });
    expect(fromWorker).toEqual(fromThread);
  });

  it('um erro do banco chega com o SQLSTATE e a restrição (chave única, exclusão)', async () => {
    await worker.db.execute(sql`insert into t values (1, 'um')`);
    const unique = await worker.db.execute(sql`insert into t values (1, 'de novo')`).catch((e: unknown) => e);
    expect(pgErrorCode(unique)).toBe('23505');
    expect(pgConstraint(unique)).toBe('t_pkey');
    await worker.db.execute(sql`insert into booking values (7, '[2026-03-01,2026-03-08)')`);
    const overlap = await worker.db
      .execute(sql`insert into booking values (7, '[2026-03-05,2026-03-12)')`)
      .catch((e: unknown) => e);
    expect(pgErrorCode(overlap)).toBe('23P01');
    // The connection goes on after an error.
    expect((await worker.db.execute(sql`select count(*)::int as n from booking`)).rows).toEqual([{ n: 1 }]);
  });

  it('transações confirmam ou desfazem tudo, mesmo com outras consultas ao mesmo tempo', async () => {
    const failing = worker.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into t values (20, 'some')`);
        await tx.execute(sql`insert into t values (20, 'repetida')`);
      })
      .catch((e: unknown) => e);
    const committed = worker.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (21, 'fica')`);
      await tx.execute(sql`insert into t values (22, 'fica')`);
    });
    const reads = Array.from({ length: 40 }, (_, i) => worker.db.execute(sql`select ${i}::int as i`));
    const [error, , ...results] = await Promise.all([failing, committed, ...reads]);
    expect(pgErrorCode(error)).toBe('23505');
    expect(results.map((r) => r.rows[0])).toEqual(Array.from({ length: 40 }, (_, i) => ({ i })));
    const rows = await worker.db.execute(sql`select id from t where id >= 20 order by id`);
    expect(rows.rows).toEqual([{ id: 21 }, { id: 22 }]);
  });

  it('LISTEN/NOTIFY: a notificação enviada numa transação chega depois do commit', async () => {
    const got: string[] = [];
    const stop = await worker.listen('urbana_teste', (payload) => got.push(payload));
    await worker.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('urbana_teste', 'olá')`);
    });
    await expect.poll(() => got).toEqual(['olá']);
    await stop();
    await worker.db.execute(sql`select pg_notify('urbana_teste', 'depois')`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(got).toEqual(['olá']);
  });

  it('uma consulta lenta não segura o event loop; no processo, segura', async () => {
    const off = await loopGapDuring(() => slowQuery(worker));
    const on = await loopGapDuring(() => slowQuery(inThread));
    expect(off.duration).toBeGreaterThan(150);
    expect(off.maxGap).toBeLessThan(Math.max(100, off.duration / 4));
    // The same query in this thread: no timer runs while it does (the test would catch a regression).
    expect(on.maxGap).toBeGreaterThan(on.duration / 2);
  });

  it('fecha limpo: os dados ficam na pasta e abrem de novo', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'urbana-pglite-worker-'));
    folders.push(folder);
    const first = await openDatabase({ dataDir: folder, pgliteWorker: true });
    await first.db.execute(sql`create table kept (v text)`);
    await first.db.execute(sql`insert into kept values ('guardado')`);
    await first.close();
    await first.close();
    const again = await openDatabase({ dataDir: folder });
    try {
      expect((await again.db.execute(sql`select v from kept`)).rows).toEqual([{ v: 'guardado' }]);
    } finally {
      await again.close();
    }
  });
});
