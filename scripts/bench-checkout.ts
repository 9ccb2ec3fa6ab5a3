/**
 * npm run bench:checkout — 200 concurrent checkouts for one face and one week on the PostgreSQL server
 * (DATABASE_URL, or 127.0.0.1:5432/test), through the real API: outcome counts, reservations held and
 * latency p50/p95. Also on PGlite (serialised in process) for comparison. Writes bench/checkout.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { and, eq, ne } from '../apps/api/src/db/sql.ts';
import { addDays, earliestBookableStart, todayInBrasilia } from '@urbana/shared';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { billingProfiles, products, reservations, towers } from '../apps/api/src/db/schema/index.ts';
import { upsertConfirmedAccount } from '../apps/api/src/services/accounts.ts';

const CONCURRENT = Number(process.env.BENCH_CHECKOUTS ?? 200);
const SLOTS = 5;
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function run(driver: 'pglite' | 'postgresql', database: Database) {
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SCALE: '1000',
    WEB_DIST: '/nada',
  });
  const app = await buildApp({ config, database, logger: false });
  const db = database.db;
  const [p] = await db
    .insert(products)
    .values({
      slug: `bench-${Date.now()}`,
      name: 'Painel da disputa',
      type: 'painel_led',
      city: 'Brasília',
      state: 'DF',
      latitude: -15.8,
      longitude: -47.9,
      daily_price: 30_000,
    })
    .returning();
  const [t] = await db
    .insert(towers)
    .values({ product_id: p!.id, name: 'Face principal', slots: SLOTS })
    .returning();
  const cookies: string[] = [];
  for (let i = 0; i < 10; i++) {
    const email = `bench-${i}-${Date.now()}@exemplo.com.br`;
    const user = await upsertConfirmedAccount(db, {
      email,
      password: 'Bench-Urbana-2026',
      nome_completo: 'Bench',
      tipo_usuario: 'cliente',
    });
    await db.insert(billingProfiles).values({
      user_id: user.id,
      person_type: 'pf',
      name: 'Bench',
      document: '52998224725',
      phone: '61999990000',
      cep: '70040010',
      street: 'Rua',
      number: '1',
      district: 'Centro',
      city: 'Brasília',
      state: 'DF',
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password: 'Bench-Urbana-2026' },
    });
    cookies.push(String(res.headers['set-cookie']).split(';')[0]!);
  }
  const start = addDays(earliestBookableStart(todayInBrasilia(), config.leadBusinessDays), 7);
  const times: number[] = [];
  const t0 = performance.now();
  const results = await Promise.all(
    Array.from({ length: CONCURRENT }, async (_, i) => {
      const s = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie: cookies[i % cookies.length]!, 'idempotency-key': `bench-${i}-${Date.now()}` },
        payload: { items: [{ product_id: p!.id, start_date: start, weeks: 1 }] },
      });
      times.push(performance.now() - s);
      return res.statusCode;
    }),
  );
  const wall = performance.now() - t0;
  const held = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.tower_id, t!.id), ne(reservations.status, 'liberada')));
  const count = (c: number) => results.filter((r) => r === c).length;
  const row = {
    driver,
    checkouts: CONCURRENT,
    slots: SLOTS,
    created: count(201),
    conflicts: count(409),
    server_errors: results.filter((r) => r >= 500).length,
    reservations_held: held.length,
    p50_ms: Number(percentile(times, 50).toFixed(1)),
    p95_ms: Number(percentile(times, 95).toFixed(1)),
    wall_ms: Math.round(wall),
  };
  process.stdout.write(
    `checkout ${driver}: ${row.checkouts} simultâneos, ${row.slots} vagas → ${row.created} criados, ${row.conflicts} recusados (409), ${row.server_errors} erros 5xx, ${row.reservations_held} reservas; p50 ${row.p50_ms} ms, p95 ${row.p95_ms} ms, total ${row.wall_ms} ms\n`,
  );
  await app.close();
  return row;
}

const rows = [];
const embedded = await openDatabase({ dataDir: 'memory://' });
rows.push(await run('pglite', embedded));
await embedded.close();

const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
try {
  await admin.connect();
  const name = `urbana_bench_checkout_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const server = await openDatabase({ url: url.toString(), poolMax: 20 });
  try {
    rows.push(await run('postgresql', server));
  } finally {
    await server.close();
    await admin.query(`drop database if exists ${name} with (force)`);
  }
  await admin.end();
} catch (error) {
  process.stdout.write(`servidor PostgreSQL indisponível (${(error as Error).message}): só PGlite\n`);
}
mkdirSync('bench', { recursive: true });
writeFileSync(
  'bench/checkout.json',
  `${JSON.stringify({ measured_at: new Date().toISOString(), results: rows }, null, 2)}\n`,
);
