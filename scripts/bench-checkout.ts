/**
 * npm run bench:checkout — checkout under a burst and under a sustained rate, through the real API
 * (in process, app.inject), on PGlite and on the PostgreSQL server (DATABASE_URL, or
 * 127.0.0.1:5432/test; a fresh database is created and dropped). Issue #21, docs/decisions/039:
 *   - the first burst after start (200 at once over 200 products), printed on its own;
 *   - 200 at once for one face with 5 slots: exactly 5 orders, p95;
 *   - 200 at once over 200 different products: p95;
 *   - the same over many products with the API Pix provider on, beside the PSP simulator's own time
 *     (PostgreSQL only, issue #41);
 *   - a sustained rate (BENCH_CHECKOUT_RATE per second for BENCH_CHECKOUT_SECONDS, PostgreSQL only);
 * each beside its floor measured in the same run: one database call per request from a bare route,
 * with the same concurrency, on the pool an instance opens by default (DATABASE_POOL_MAX). Each
 * request comes from its own address, as a burst of customers does.
 * Writes bench/checkout.json; prints `uptime` first (the machine may be shared).
 */
import { execSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { and, eq, ne, sql } from '../apps/api/src/db/sql.ts';
import { addDays, earliestBookableStart, todayInBrasilia } from '@urbana/shared';
import type { Database } from '../apps/api/src/db/client.ts';
import { BENCH_ENV, signedIn, startApi, withPglite, withScratchDatabase } from './bench/start.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { orders, reservations } from '../apps/api/src/db/schema/index.ts';
import { personBilling } from '@urbana/shared/samples';
import { hashToken, newToken } from '../apps/api/src/lib/tokens.ts';
import { createApiPixClient } from '../apps/api/src/services/payments/api-pix/client.ts';
import { pixPspEnvSchema } from '../apps/api/src/services/payments/api-pix/config.ts';
import { startOutsideWorld } from './bench/outside-world.ts';

const BURST = Number(process.env.BENCH_CHECKOUTS ?? 200);
const SLOTS = 5;
const RATE = Number(process.env.BENCH_CHECKOUT_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_CHECKOUT_SECONDS ?? 30);

/** The connections an instance opens by default (DATABASE_POOL_MAX), as a server started without it has. */
const POOL = loadConfig(BENCH_ENV).databasePoolMax;
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
  // What autovacuum does after a bulk insert in a running database (statistics for the plans, and no
  // vacuum of these tables starting in the middle of a measured run: docs/decisions/057).
  await database.db.execute(sql`vacuum analyze products, towers, tower_slots`);
  const ids = await database.db.execute<{ id: string }>(
    sql`select id from products where slug like ${`${tag}-%`} order by slug`,
  );
  return ids.rows.map((r) => r.id);
}

/**
 * `count` customers, each with a billing profile and a signed-in session. The first signs up and in
 * through the API; the others copy its profile, billing and session in one statement (signing in
 * thousands one by one would take minutes). Enough of them that no customer holds more unpaid orders
 * than the default limit allows (ORDER_UNPAID_MAX_PER_ACCOUNT): 20 customers with 300 unpaid orders
 * each made every checkout count hundreds of them (docs/decisions/057).
 */
async function customers(app: App, database: Database, count: number): Promise<string[]> {
  const { user, cookie: first } = await signedIn(app, database, {
    emailPrefix: 'bench-0',
    remoteAddress: addressOf(60_000),
  });
  const billing = await app.inject({
    method: 'PUT',
    url: '/api/billing-profile',
    headers: { cookie: first },
    payload: personBilling('Bench'),
    remoteAddress: addressOf(60_000),
  });
  if (billing.statusCode !== 200) throw new Error(`faturamento: ${billing.statusCode} ${billing.body}`);
  const cookieName = first.slice(0, first.indexOf('='));
  const tokens = Array.from({ length: count - 1 }, () => newToken());
  await database.db.execute(sql`
    with copies as (
      select t.token_hash, t.n, gen_random_uuid() as id
      from jsonb_array_elements_text(${JSON.stringify(tokens.map(hashToken))}::jsonb)
        with ordinality as t(token_hash, n)),
    people as (
      insert into profiles (id, email, nome_completo, tipo_usuario, password_hash, email_confirmed_at,
        terms_version, terms_accepted_at)
      select c.id, 'bench-' || c.n || '-' || ${Date.now()} || '@exemplo.com.br', p.nome_completo,
        p.tipo_usuario, p.password_hash, p.email_confirmed_at, p.terms_version, p.terms_accepted_at
      from copies c, profiles p where p.id = ${user.id}
      returning id),
    billing as (
      insert into billing_profiles (user_id, person_type, name, document, phone, cep, street, number,
        district, city, state)
      select c.id, b.person_type, b.name, b.document, b.phone, b.cep, b.street, b.number, b.district,
        b.city, b.state
      from copies c join people on people.id = c.id, billing_profiles b where b.user_id = ${user.id})
    insert into sessions (user_id, token_hash, expires_at)
    select c.id, c.token_hash, s.expires_at
    from copies c join people on people.id = c.id, sessions s where s.user_id = ${user.id}`);
  return [first, ...tokens.map((token) => `${cookieName}=${token}`)];
}

/**
 * A running marketplace's history: every order placed so far copied `times` times as an order that
 * ran out unpaid days ago (with its items), then VACUUM ANALYZE, as autovacuum keeps a live
 * database's tables and statistics (and it does not then start in the middle of a burst). Without it the run starts on empty order tables: the statements the checkout
 * prepares — and `place_order`'s own — were planned for empty tables and kept those plans while
 * thousands of orders arrived, so each checkout scanned them all (docs/decisions/057).
 */
async function seedHistory(database: Database, times: number) {
  await database.db.execute(sql`
    with src as materialized (
      select o.*, g, gen_random_uuid() as copy_id from orders o, generate_series(1, ${times}) g),
    copied as (
      insert into orders (id, code, user_id, status, payment_method, subtotal, discount, coupon_discount,
        total, request_hash, payment_reference, billing, client_ip, expires_at, created_at)
      select copy_id, code || '-' || g, user_id, 'expirado', payment_method, subtotal, discount,
        coupon_discount, total, request_hash, payment_reference || '-' || g, billing, client_ip,
        created_at - make_interval(days => g) + interval '30 minutes', created_at - make_interval(days => g)
      from src
      returning id)
    insert into order_items (order_id, product_id, product_name, product_type, city, state, starts_on,
      ends_on, weeks, daily_price, tower_count, subtotal, discount, total)
    select src.copy_id, i.product_id, i.product_name, i.product_type, i.city, i.state, i.starts_on,
      i.ends_on, i.weeks, i.daily_price, i.tower_count, i.subtotal, i.discount, i.total
    from src join copied on copied.id = src.copy_id join order_items i on i.order_id = src.id`);
  await database.db.execute(sql`vacuum analyze`);
}

let sequence = 0;
/** A checkout by the next customer in turn (each places at most the default unpaid limit). */
async function checkout(app: App, cookies: string[], productId: string, start: string) {
  const n = ++sequence;
  const cookie = cookies[n % cookies.length]!;
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
    Array.from({ length: BURST }, (_, i) => checkout(app, cookies, products[i % products.length]!, start)),
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
  const pending: Array<Promise<{ ms: number; status: number; sent: number }>> = [];
  const began = performance.now();
  for (let i = 0; i < total; i++) {
    const due = began + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = (performance.now() - began) / 1000;
    pending.push(checkout(app, cookies, products[i]!, start).then((r) => ({ ...r, sent })));
  }
  const results = await Promise.all(pending);
  const wall = (performance.now() - began) / 1000;
  // The checkouts sent in the first and in the last five seconds: a rate that slows as orders pile up
  // shows as a climb here, where a stall shows only in the p95 (docs/decisions/068).
  const p50Sent = (from: number, to: number) =>
    round(
      percentile(
        results.filter((r) => r.sent >= from && r.sent < to).map((r) => r.ms),
        50,
      ),
    );
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
    first_5s_p50_ms: p50Sent(0, 5),
    last_5s_p50_ms: p50Sent(SECONDS - 5, SECONDS),
    created: results.filter((r) => r.status === 201).length,
    server_errors: results.filter((r) => r.status >= 500).length,
  };
}

/**
 * The same burst over many products with the API Pix provider on (issue #41): each checkout first makes
 * its charge at the project's PSP simulator over mTLS (`PUT /cob`), which runs in a process of its own
 * (scripts/bench/outside-world.ts) as a PSP would: its CPU is not the API's, though it shares the
 * machine's cores. Beside it, the PSP's own time: the same number of `PUT /cob` at once through
 * Urbana's client, with nothing of Urbana's around them.
 */
async function withPsp(database: Database, cookies: string[], start: string) {
  const outside = await startOutsideWorld();
  const { env } = outside;
  const limit = '1000000';
  const { app } = await startApi(database, {
    ...env,
    ORDER_UNPAID_MAX_PER_ACCOUNT: limit,
    ORDER_UNPAID_MAX_FACE_WEEKS: limit,
    ORDER_UNPAID_MAX_PER_IP: limit,
    ORDER_RATE_MAX: limit,
  });
  await app.ready();
  try {
    const client = createApiPixClient({
      url: env.PIX_PSP_URL!,
      tokenUrl: env.PIX_PSP_TOKEN_URL!,
      clientId: env.PIX_PSP_CLIENT_ID!,
      clientSecret: env.PIX_PSP_CLIENT_SECRET!,
      cert: readFileSync(env.PIX_PSP_CERT!, 'utf8'),
      key: readFileSync(env.PIX_PSP_KEY!, 'utf8'),
      ca: readFileSync(env.PIX_PSP_CA!, 'utf8'),
      // The same pool as the API's own client (PIX_PSP_MAX_CONNECTIONS).
      maxConnections: pixPspEnvSchema.PIX_PSP_MAX_CONNECTIONS.parse(undefined),
    });
    const cob = (valor: string) => ({
      calendario: { expiracao: 1800 },
      devedor: { cpf: '52998224725', nome: 'Bench' },
      valor: { original: valor },
      chave: 'pix@urbana.com.br',
      solicitacaoPagador: 'Pedido de medida',
    });
    const txid = (i: number) => `BENCH${String(i).padStart(6, '0')}${Date.now()}AAAAAAAAA`.slice(0, 32);
    await client.putCob(txid(0), cob('1.00'));
    const pspTimes = await Promise.all(
      Array.from({ length: BURST }, async (_, i) => {
        const t0 = performance.now();
        await client.putCob(txid(i + 1), cob('1.00'));
        return performance.now() - t0;
      }),
    );
    client.close();
    // Warmed as the budgeted bursts are: the provider's first token and connections are made before.
    const products = await seedProducts(database, `psp-${Date.now()}`, BURST + 20, 1);
    await Promise.all(products.slice(0, 20).map((id) => checkout(app, cookies, id, start)));
    const spread = await burst(app, cookies, products.slice(20), start);
    return {
      checkouts: BURST,
      products: BURST,
      ...spread,
      psp_put_cob_p95_ms: round(percentile(pspTimes, 95)),
    };
  } finally {
    await app.close();
    outside.stop();
  }
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
  // Each customer places at most ORDER_UNPAID_MAX_PER_ACCOUNT orders over the whole run.
  const checkouts = BURST * 3 + (driver === 'postgresql' ? RATE * SECONDS : 0);
  const cookies = await customers(
    app,
    database,
    Math.ceil(checkouts / loadConfig(BENCH_ENV).orderLimits.unpaidPerAccount),
  );
  const start = addDays(earliestBookableStart(todayInBrasilia(), config.leadBusinessDays), 7);

  // The first burst after start pays for compiling the checkout's code and loading its lazy modules
  // (the Pix code's library); it is printed on its own, and the bursts with budgets find the server
  // as a running one is: having placed orders before (docs/decisions/057).
  const first = await burst(
    app,
    cookies,
    await seedProducts(database, `aquecimento-${Date.now()}`, BURST, 1),
    start,
  );
  await seedHistory(database, 50);
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
    first_burst: { checkouts: BURST, products: BURST, ...first },
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
    row.with_psp = await withPsp(database, cookies, start);
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
      await withScratchDatabase(serverUrl, 'urbana_bench_checkout', POOL, (server) =>
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
