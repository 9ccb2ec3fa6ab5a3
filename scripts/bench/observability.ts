/**
 * npm run bench:observability (and a section of npm run bench) — what metrics and traces cost (issue
 * #46): a bare route's throughput and a checkout burst's p95, with both off and with both on
 * (METRICS_TOKEN, so request durations are recorded; OTEL_EXPORTER_OTLP_ENDPOINT to a local receiver
 * that reads and drops what it gets). Each run is its own process (tracing cannot be turned off inside
 * one); the API in process (app.inject) on in-memory PGlite. The outside world — the PSP simulator over
 * TLS answering the checkout's `PUT /cob/{txid}`, and the OTLP receiver — runs in a process of its own
 * for the whole bench, as it would in production: its CPU is not the API's.
 * Budget: on within 5 % of off, on the API process's CPU time per request. Runs come in rounds of one
 * off and one on, next to each other in time (the order alternates from round to round), and the figure
 * is the median of the rounds' on/off ratios: on a shared machine two runs of the same mode differ by
 * 5–20 %, and a pair of neighbours shares most of that drift. Throughput and p95 are shown beside it
 * without a budget.
 * BENCH_OBS_CHECKOUTS (default 100) sets the burst, BENCH_OBS_ROUNDS (default 3) the rounds;
 * BENCH_OBS_ONLY=tracing or metrics turns on only one.
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { addDays, earliestBookableStart, todayInBrasilia } from '@urbana/shared';
import { personBilling } from '@urbana/shared/samples';
import { sql } from '../../apps/api/src/db/sql.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { startTracing, stopTracing } from '../../apps/api/src/lib/tracing-hooks.ts';
import { startOutsideWorld, type OutsideWorld } from './outside-world.ts';
import { signedIn, startApi } from './start.ts';

const root = path.resolve(import.meta.dirname, '../..');
const CHECKOUTS = Number(process.env.BENCH_OBS_CHECKOUTS ?? 100);
const ROUNDS = Number(process.env.BENCH_OBS_ROUNDS ?? 3);
const BARE_MS = 3000;
const LIMIT = '1000000';

interface Run {
  bare_rps: number;
  /** This process's CPU time (user + system) per bare request: the cost, whatever else the machine runs. */
  bare_cpu_us: number;
  burst_p95_ms: number;
  /** CPU time of the whole burst, per checkout. */
  burst_cpu_us: number;
  created: number;
}

const cpuUs = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;
const addressOf = (i: number) => `10.9.${(i >> 8) & 255}.${i & 255}`;

type App = Awaited<ReturnType<typeof startApi>>['app'];

/** Requests per second of GET /api/health/live, 32 at a time for BARE_MS, and CPU µs per request. */
async function bareRate(app: App): Promise<{ rps: number; cpuUs: number }> {
  let done = 0;
  const cpu0 = cpuUs();
  const until = performance.now() + BARE_MS;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (performance.now() < until) {
        await app.inject({ method: 'GET', url: '/api/health/live' });
        done += 1;
      }
    }),
  );
  return { rps: Math.round(done / (BARE_MS / 1000)), cpuUs: Math.round((cpuUs() - cpu0) / done) };
}

async function seedProducts(app: App, count: number): Promise<string[]> {
  const tag = `obs-${Date.now()}`;
  const { rows } = await app.deps.db.execute<{ id: string }>(sql`
    with p as (
      insert into products (slug, name, type, city, state, latitude, longitude, daily_price)
      select ${tag} || '-' || g, 'Painel ' || g, 'painel_led', 'Brasília', 'DF', -15.8 + g * 0.0001, -47.9, 30000
      from generate_series(1, ${count}) g returning id),
    t as (insert into towers (product_id, name, slots) select id, 'Face', 1 from p returning id, slots, product_id),
    s as (insert into tower_slots (tower_id, slot) select id, generate_series(1, slots) from t on conflict do nothing)
    select product_id as id from t`);
  return rows.map((r) => r.id);
}

async function checkout(app: App, cookie: string, productId: string, n: number) {
  const start = addDays(earliestBookableStart(todayInBrasilia(), 2), 30);
  const began = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie, 'idempotency-key': `obs-${n}-${Date.now()}` },
    payload: { items: [{ product_id: productId, start_date: start, weeks: 1 }] },
    remoteAddress: addressOf(n),
  });
  return { ms: performance.now() - began, status: res.statusCode };
}

/** One run, in this process: `on` starts tracing and metrics before the database opens. */
async function measure(on: boolean, outside: OutsideWorld): Promise<Run> {
  if (on && process.env.BENCH_OBS_ONLY !== 'metrics') await startTracing({ endpoint: outside.sink });
  const { env } = outside;
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  const { app } = await startApi(database, {
    ...env,
    ...(on && process.env.BENCH_OBS_ONLY !== 'tracing' ? { METRICS_TOKEN: 'bench-observabilidade-0123456789' } : {}),
    ORDER_UNPAID_MAX_PER_ACCOUNT: LIMIT,
    ORDER_UNPAID_MAX_FACE_WEEKS: LIMIT,
    ORDER_UNPAID_MAX_PER_IP: LIMIT,
    ORDER_RATE_MAX: LIMIT,
  });
  await app.ready();
  try {
    const { cookie } = await signedIn(app, database, { emailPrefix: 'obs', remoteAddress: addressOf(9999) });
    const billing = await app.inject({
      method: 'PUT',
      url: '/api/billing-profile',
      headers: { cookie },
      payload: personBilling('Bench'),
      remoteAddress: addressOf(9999),
    });
    if (billing.statusCode !== 200) throw new Error(`faturamento: ${billing.statusCode}`);
    await bareRate(app);
    const bare = await bareRate(app);
    const products = await seedProducts(app, CHECKOUTS + 10);
    // Warm, right before the burst (the PSP closes a connection idle for 5 s): the PSP's token and
    // connections, the statements' plans.
    for (let i = 0; i < 10; i += 1) await checkout(app, cookie, products[i]!, i);
    const cpu0 = cpuUs();
    const results = await Promise.all(
      products.slice(10).map((id, i) => checkout(app, cookie, id, 100 + i)),
    );
    const burstCpu = cpuUs() - cpu0;
    return {
      bare_rps: bare.rps,
      bare_cpu_us: bare.cpuUs,
      burst_p95_ms: Math.round(p95(results.map((r) => r.ms))),
      burst_cpu_us: Math.round(burstCpu / results.length),
      created: results.filter((r) => r.status === 201).length,
    };
  } finally {
    await app.close();
    await database.close();
    await stopTracing();
  }
}

export interface ObservabilityFigure {
  name: string;
  value: number;
  unit: string;
  budget?: { op: '<=' | '>='; limit: number };
}

/**
 * ROUNDS rounds of one off and one on run, each in a child process (off first in odd rounds, on first in
 * even ones); the figures as averages, and on as a share of off as the median of the rounds' ratios.
 */
export async function measureObservability(): Promise<ObservabilityFigure[]> {
  const runs: Record<'off' | 'on', Run[]> = { off: [], on: [] };
  const outside = await startOutsideWorld();
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const mode of round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
        const child = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, mode], {
          cwd: root,
          env: {
            ...process.env,
            OTEL_EXPORTER_OTLP_ENDPOINT: '',
            NODE_OPTIONS: '',
            BENCH_OBS_OUTSIDE: JSON.stringify({ env: outside.env, sink: outside.sink }),
          },
          encoding: 'utf8',
        });
        if (child.status !== 0) throw new Error(`observabilidade ${mode} falhou: ${child.stderr}`);
        runs[mode].push(JSON.parse(child.stdout.trim().split('\n').at(-1)!) as Run);
      }
    }
  } finally {
    outside.stop();
  }
  const mean = (mode: 'off' | 'on', key: keyof Run) =>
    Math.round(runs[mode].reduce((sum, r) => sum + r[key], 0) / runs[mode].length);
  const created = Math.min(...[...runs.off, ...runs.on].map((r) => r.created));
  const share = (key: keyof Run) => {
    const ratios = runs.on.map((on, i) => on[key] / runs.off[i]![key]).sort((x, y) => x - y);
    const middle = Math.floor(ratios.length / 2);
    const median = ratios.length % 2 ? ratios[middle]! : (ratios[middle - 1]! + ratios[middle]!) / 2;
    return Math.round(median * 100);
  };
  const burst = `checkout com PSP (${CHECKOUTS} simultâneos)`;
  return [
    { name: 'rota mínima, desligados', value: mean('off', 'bare_rps'), unit: 'req/s' },
    { name: 'rota mínima, métricas e traces ligados', value: mean('on', 'bare_rps'), unit: 'req/s' },
    { name: 'rota mínima vazão ligados / desligados', value: share('bare_rps'), unit: '%' },
    { name: 'rota mínima CPU por pedido, desligados', value: mean('off', 'bare_cpu_us'), unit: 'µs' },
    { name: 'rota mínima CPU por pedido, ligados', value: mean('on', 'bare_cpu_us'), unit: 'µs' },
    {
      name: 'rota mínima CPU por pedido ligados / desligados',
      value: share('bare_cpu_us'),
      unit: '%',
      budget: { op: '<=', limit: 105 },
    },
    { name: `${burst} p95, desligados`, value: mean('off', 'burst_p95_ms'), unit: 'ms' },
    { name: `${burst} p95, ligados`, value: mean('on', 'burst_p95_ms'), unit: 'ms' },
    { name: `${burst} p95 ligados / desligados`, value: share('burst_p95_ms'), unit: '%' },
    { name: `${burst} CPU por checkout, desligados`, value: mean('off', 'burst_cpu_us'), unit: 'µs' },
    { name: `${burst} CPU por checkout, ligados`, value: mean('on', 'burst_cpu_us'), unit: 'µs' },
    {
      name: `${burst} CPU por checkout ligados / desligados`,
      value: share('burst_cpu_us'),
      unit: '%',
      budget: { op: '<=', limit: 105 },
    },
    { name: `${burst} pedidos criados (menor rodada)`, value: created, unit: '', budget: { op: '>=', limit: CHECKOUTS } },
  ];
}

const mode = process.argv[2];
if (mode === 'off' || mode === 'on') {
  const outside = JSON.parse(process.env.BENCH_OBS_OUTSIDE ?? '{}') as OutsideWorld;
  process.stdout.write(`${JSON.stringify(await measure(mode === 'on', outside))}\n`);
  process.exit(0);
} else if (import.meta.filename === process.argv[1]) {
  for (const f of await measureObservability()) {
    const budget = f.budget ? ` (meta ${f.budget.op} ${f.budget.limit} ${f.unit})` : '';
    process.stdout.write(`${f.name}: ${f.value} ${f.unit}${budget}\n`);
  }
}
