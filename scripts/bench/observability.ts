/**
 * npm run bench:observability (and a section of npm run bench) — what metrics and traces cost (issue
 * #46): a bare route's throughput and a checkout burst's p95, with both off and with both on
 * (METRICS_TOKEN, so request durations are recorded; OTEL_EXPORTER_OTLP_ENDPOINT to a local sink that
 * reads and drops what it gets). Each run is its own process (tracing cannot be turned off inside one),
 * off and on interleaved twice; the API in process (app.inject) on in-memory PGlite, the PSP simulator
 * over TLS answering the checkout's `PUT /cob/{txid}`. Budget: on within 5 % of off, on the process's
 * CPU time per request — on a shared machine the same run's throughput and p95 vary by a third from
 * one run to the next, so they are shown beside it without a budget.
 * BENCH_OBS_CHECKOUTS (default 100) sets the burst; BENCH_OBS_ONLY=tracing or metrics turns on only one.
 */
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { addDays, earliestBookableStart, todayInBrasilia } from '@urbana/shared';
import { personBilling } from '@urbana/shared/samples';
import { sql } from '../../apps/api/src/db/sql.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { startTracing, stopTracing } from '../../apps/api/src/lib/tracing-hooks.ts';
import { makePixCerts } from '../../apps/api/test/pix-certs.ts';
import { startPspWithCerts } from '../simulators/psp-pix.ts';
import { signedIn, startApi } from './start.ts';

const root = path.resolve(import.meta.dirname, '../..');
const CHECKOUTS = Number(process.env.BENCH_OBS_CHECKOUTS ?? 100);
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

/** An OTLP/HTTP collector that reads every export and answers 200. */
async function startSink(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

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
async function measure(on: boolean): Promise<Run> {
  const sink = on && process.env.BENCH_OBS_ONLY !== 'metrics' ? await startSink() : undefined;
  if (sink) await startTracing({ endpoint: sink.url });
  const certs = makePixCerts();
  const { sim, env } = await startPspWithCerts(certs);
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
    await sim.close();
    certs.cleanup();
    await sink?.close();
  }
}

export interface ObservabilityFigure {
  name: string;
  value: number;
  unit: string;
  budget?: { op: '<=' | '>='; limit: number };
}

/** Off, on, off, on, each in a child process; the figures as averages, and on as a share of off. */
export function measureObservability(): ObservabilityFigure[] {
  const runs: Record<'off' | 'on', Run[]> = { off: [], on: [] };
  for (const mode of ['off', 'on', 'off', 'on'] as const) {
    const child = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, mode], {
      cwd: root,
      env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: '', NODE_OPTIONS: '' },
      encoding: 'utf8',
    });
    if (child.status !== 0) throw new Error(`observabilidade ${mode} falhou: ${child.stderr}`);
    runs[mode].push(JSON.parse(child.stdout.trim().split('\n').at(-1)!) as Run);
  }
  const mean = (mode: 'off' | 'on', key: keyof Run) =>
    Math.round(runs[mode].reduce((sum, r) => sum + r[key], 0) / runs[mode].length);
  const created = Math.min(...[...runs.off, ...runs.on].map((r) => r.created));
  const share = (key: keyof Run) => Math.round((mean('on', key) / mean('off', key)) * 100);
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
  process.stdout.write(`${JSON.stringify(await measure(mode === 'on'))}\n`);
  process.exit(0);
} else if (import.meta.filename === process.argv[1]) {
  for (const f of measureObservability()) {
    const budget = f.budget ? ` (meta ${f.budget.op} ${f.budget.limit} ${f.unit})` : '';
    process.stdout.write(`${f.name}: ${f.value} ${f.unit}${budget}\n`);
  }
}
