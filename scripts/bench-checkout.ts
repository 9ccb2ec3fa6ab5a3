/**
 * npm run bench:checkout — checkout under a burst and under a sustained rate, through the real API
 * (in process, app.inject), on PGlite and on the PostgreSQL server (DATABASE_URL, or
 * 127.0.0.1:5432/test; a fresh database is created and dropped). Issue #21, docs/decisions/039:
 *   - 200 at once for one face with 5 slots: exactly 5 orders, p95;
 *   - 200 at once over 200 different products: p95;
 *   - a sustained rate (BENCH_CHECKOUT_RATE per second for BENCH_CHECKOUT_SECONDS, PostgreSQL only);
 * each beside its floor measured in the same run: one database call per request from a bare route,
 * with the same concurrency. Each request comes from its own address, as a burst of customers does.
 * Writes bench/checkout.json; prints `uptime` first (the machine may be shared).
 */
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { and, eq, ne, sql } from '../apps/api/src/db/sql.ts';
import { addDays, earliestBookableStart, todayInBrasilia } from '@urbana/shared';
import type { Database } from '../apps/api/src/db/client.ts';
import { startApi, withPglite, withScratchDatabase } from './bench/start.ts';
import { billingProfiles, orders, reservations } from '../apps/api/src/db/schema/index.ts';
import { upsertConfirmedAccount } from '../apps/api/src/services/accounts.ts';

const BURST = Number(process.env.BENCH_CHECKOUTS ?? 200);
const SLOTS = 5;
const RATE = Number(process.env.BENCH_CHECKOUT_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_CHECKOUT_SECONDS ?? 30);
const USERS = 20;
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** `postgresql` alone skips the PGlite run (for profiling the server run). */
const ONLY = process.env.BENCH_CHECKOUT_ONLY;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
const round = (n: number) => Number(n.toFixed(1));
const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

type App = Awaited<ReturnType<typeof startApi>>['app'];

/** `count` products with one face of `slots` slots each, in one statement. */
async function seedProducts(database: Database, tag: string, count: number, slots: number) {
  const { rows } = await database.db.execute<{ id: string }>(sql`
    with p as (
      insert into products (slug, name, type, city, state, latitude, longitude, daily_price)
      select ${tag} || '-' || g, 'Painel ' || ${tag} || ' ' || g, 'painel_led', 'Brasília', 'DF',
        -15.8 + g * 0.0001, -47.9, 30000
      from generate_series(1, ${count}) g
      returning id),
    t as (
      insert into towers (product_id, name, slots) select id, 'Face principal', ${slots} from p returning id, slots)
    insert into tower_slots (tower_id, slot) select id, generate_series(1, slots) from t
    on conflict do nothing`);
  void rows;
  const ids = await database.db.execute<{ id: string }>(
    sql`select id from products where slug like ${`${tag}-%`} order by slug`,
  );
  return ids.rows.map((r) => r.id);
}

async function customers(app: App, database: Database): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const email = `bench-${i}-${Date.now()}@exemplo.com.br`;
    const user = await upsertConfirmedAccount(database.db, {
      email,
      password: 'Bench-Urbana-2026',
      nome_completo: 'Bench',
      tipo_usuario: 'cliente',
    });
    await database.db.insert(billingProfiles).values({
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
      remoteAddress: addressOf(60_000 + i),
    });
    cookies.push(String(res.headers['set-cookie']).split(';')[0]!);
  }
  return cookies;
}

let sequence = 0;
async function checkout(app: App, cookie: string, productId: string, start: string) {
  const n = ++sequence;
  const began = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie, 'idempotency-key': `bench-${n}-${Date.now()}` },
    payload: { items: [{ product_id: productId, start_date: start, weeks: 1 }] },
    remoteAddress: addressOf(n),
  });
  return { ms: performance.now() - began, status: res.statusCode };
}

/** The floor: one database call (a checkout-sized document through the database) from a bare route. */
async function floorOf(app: App, cookie: string, concurrent: number) {
  const times = await Promise.all(
    Array.from({ length: concurrent }, async (_, i) => {
      const began = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/bench-um-acesso',
        headers: { cookie },
        payload: { n: i, pad: 'x'.repeat(3000) },
        remoteAddress: addressOf(i),
      });
      if (res.statusCode !== 200) throw new Error(`piso: ${res.statusCode} ${res.body}`);
      return performance.now() - began;
    }),
  );
  return percentile(times, 95);
}

async function burst(app: App, cookies: string[], products: string[], start: string) {
  const results = await Promise.all(
    Array.from({ length: BURST }, (_, i) =>
      checkout(app, cookies[i % cookies.length]!, products[i % products.length]!, start),
    ),
  );
  const count = (c: number) => results.filter((r) => r.status === c).length;
  return {
    p95_ms: round(
      percentile(
        results.map((r) => r.ms),
        95,
      ),
    ),
    p50_ms: round(
      percentile(
        results.map((r) => r.ms),
        50,
      ),
    ),
    created: count(201),
    conflicts: count(409),
    server_errors: results.filter((r) => r.status >= 500).length,
  };
}

/** An open-loop rate: a checkout every 1/RATE s, each to its own product, whatever the answers take. */
async function sustained(app: App, cookies: string[], products: string[], start: string) {
  const total = RATE * SECONDS;
  const pending: Array<Promise<{ ms: number; status: number }>> = [];
  const began = performance.now();
  for (let i = 0; i < total; i++) {
    const due = began + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(checkout(app, cookies[i % cookies.length]!, products[i]!, start));
  }
  const results = await Promise.all(pending);
  const wall = (performance.now() - began) / 1000;
  return {
    rate: RATE,
    seconds: SECONDS,
    achieved_per_s: round(total / wall),
    p95_ms: round(
      percentile(
        results.map((r) => r.ms),
        95,
      ),
    ),
    p50_ms: round(
      percentile(
        results.map((r) => r.ms),
        50,
      ),
    ),
    created: results.filter((r) => r.status === 201).length,
    server_errors: results.filter((r) => r.status >= 500).length,
  };
}

async function run(driver: 'pglite' | 'postgresql', database: Database) {
  await database.migrate();
  const limit = '1000000';
  const { app, config } = await startApi(database, {
    // The limits stay on (their locks are part of the cost) but high enough for the load.
    ORDER_UNPAID_MAX_PER_ACCOUNT: limit,
    ORDER_UNPAID_MAX_FACE_WEEKS: limit,
    ORDER_UNPAID_MAX_PER_IP: limit,
    ORDER_RATE_MAX: limit,
  });
  app.post('/api/bench-um-acesso', async (request) => {
    const { rows } = await database.db.execute<{ n: number }>(
      sql`select (${JSON.stringify(request.body)}::jsonb->>'n')::int as n`,
    );
    return { n: rows[0]?.n ?? null };
  });
  await app.ready();
  const cookies = await customers(app, database);
  const start = addDays(earliestBookableStart(todayInBrasilia(), config.leadBusinessDays), 7);

  const [face] = await seedProducts(database, `disputa-${Date.now()}`, 1, SLOTS);
  const floor = round(await floorOf(app, cookies[0]!, BURST));
  const oneFace = await burst(app, cookies, [face!], start);
  const held = await database.db
    .select()
    .from(reservations)
    .where(and(eq(reservations.product_id, face!), ne(reservations.status, 'liberada')));
  const many = await seedProducts(database, `varios-${Date.now()}`, BURST, 1);
  const manyFloor = round(await floorOf(app, cookies[0]!, BURST));
  const spread = await burst(app, cookies, many, start);
  const row: Record<string, unknown> = {
    driver,
    one_face: {
      checkouts: BURST,
      slots: SLOTS,
      ...oneFace,
      reservations_held: held.length,
      floor_p95_ms: floor,
    },
    many_products: { checkouts: BURST, products: BURST, ...spread, floor_p95_ms: manyFloor },
  };
  if (driver === 'postgresql') {
    const products = await seedProducts(database, `ritmo-${Date.now()}`, RATE * SECONDS, 1);
    const rate = await sustained(app, cookies, products, start);
    row.sustained = { ...rate, floor_p95_ms: round(await floorOf(app, cookies[0]!, Math.ceil(RATE / 10))) };
  }
  const [{ n: invoicesWithoutNumber } = { n: 0 }] = (
    await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from invoices where number is null`,
    )
  ).rows;
  row.orders = (await database.db.select({ id: orders.id }).from(orders)).length;
  row.invoices_unnumbered = invoicesWithoutNumber;
  process.stdout.write(`checkout ${driver}: ${JSON.stringify(row)}\n`);
  await app.close();
  return row;
}

process.stdout.write(`carga da máquina: ${execSync('uptime').toString().trim()}\n`);
const rows = [];
if (ONLY !== 'postgresql') rows.push(await withPglite((embedded) => run('pglite', embedded)));

if (ONLY !== 'pglite')
  try {
    rows.push(
      await withScratchDatabase(serverUrl, 'urbana_bench_checkout', 20, (server) =>
        run('postgresql', server),
      ),
    );
  } catch (error) {
    process.stdout.write(`servidor PostgreSQL indisponível (${(error as Error).message}): só PGlite\n`);
  }
process.stdout.write(`carga da máquina: ${execSync('uptime').toString().trim()}\n`);
mkdirSync('bench', { recursive: true });
writeFileSync(
  'bench/checkout.json',
  `${JSON.stringify({ measured_at: new Date().toISOString(), results: rows }, null, 2)}\n`,
);
