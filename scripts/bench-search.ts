/**
 * npm run bench:search — search latency (p50/p95, overall and per shape) at 1k and 100k products,
 * on PGlite and on the PostgreSQL server (DATABASE_URL, or the local server at 127.0.0.1:5432/test
 * when reachable). BENCH_1M=1 adds 1M products on the server (seeded with generate_series by
 * scripts/bench/scale-catalog.ts: minutes, not hours); BENCH_1M_URL measures an already seeded
 * database instead (e.g. one made by scripts/bench/seed-pg.ts). Prints one line per figure and
 * writes bench/search.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from '../apps/api/src/db/sql.ts';
import { searchQuerySchema } from '@urbana/shared';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { featuredProducts, networkStats } from '../apps/api/src/services/catalog/cards.ts';
import { searchProducts } from '../apps/api/src/services/catalog/search.ts';
import { scaleCatalog } from './bench/scale-catalog.ts';
import { withPglite, withScratchDatabase } from './bench/start.ts';
import { benchShapes } from './bench/search-shapes.ts';

const SIZES = (process.env.BENCH_SIZES ?? '1000,100000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const shapes = benchShapes;
const queries = shapes.map(([, q]) => searchQuerySchema.parse(Object.fromEntries(new URLSearchParams(q))));
const SEARCH_P95_BUDGET_MS = 20;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function serverAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function withDatabase(driver: 'pglite' | 'pg', size: number, run: (db: Database) => Promise<void>) {
  const existing = process.env.BENCH_1M_URL;
  if (driver === 'pg' && size === 1_000_000 && existing) {
    const database = await openDatabase({ url: existing, poolMax: 4 });
    try {
      await database.migrate();
      await run(database);
    } finally {
      await database.close();
    }
    return;
  }
  const migrated = async (database: Database) => {
    await database.migrate();
    await run(database);
  };
  if (driver === 'pglite') await withPglite(migrated);
  else await withScratchDatabase(serverUrl, 'urbana_bench', 4, migrated);
}

const results: Array<{
  driver: string;
  products: number;
  p50_ms: number;
  p95_ms: number;
  home_p95_ms: number;
  seed_s: number;
  shapes: Array<{ shape: string; p95_ms: number }>;
}> = [];

/** The home page's two reads (/api/network and /api/products/featured), as the API runs them. */
async function homeP95(database: Database): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 220; i++) {
    const start = performance.now();
    await networkStats(database.db);
    await featuredProducts(database.db);
    if (i >= 20) times.push(performance.now() - start);
  }
  return Number(percentile(times, 95).toFixed(2));
}
// BENCH_DRIVERS=pg measures the server only (PGlite at 100k takes minutes to seed).
const wanted = (process.env.BENCH_DRIVERS ?? 'pglite,pg').split(',');
const drivers: Array<'pglite' | 'pg'> = wanted.includes('pglite') ? ['pglite'] : [];
if (!wanted.includes('pg')) {
  // the server is not wanted
} else if (await serverAvailable()) drivers.push('pg');
else process.stdout.write(`servidor PostgreSQL indisponível em ${serverUrl}: só PGlite\n`);

for (const driver of drivers) {
  const sizes =
    driver === 'pg' && (process.env.BENCH_1M === '1' || process.env.BENCH_1M_URL)
      ? [...SIZES, 1_000_000]
      : SIZES;
  for (const size of sizes) {
    await withDatabase(driver, size, async (database) => {
      const t0 = performance.now();
      const [{ n } = { n: 0 }] = (await database.db.execute(sql`select count(*)::int as n from products`))
        .rows as Array<{ n: number }>;
      if (n === 0) await scaleCatalog(database, size);
      const seedSeconds = (performance.now() - t0) / 1000;
      for (let i = 0; i < 20; i++) await searchProducts(database.db, queries[i % queries.length]!, 2);
      const times: number[] = [];
      const perQuery = queries.map(() => [] as number[]);
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        await searchProducts(database.db, queries[i % queries.length]!, 2);
        const took = performance.now() - start;
        times.push(took);
        perQuery[i % queries.length]!.push(took);
      }
      const row = {
        driver: driver === 'pg' ? 'postgresql' : 'pglite',
        products: size,
        p50_ms: Number(percentile(times, 50).toFixed(2)),
        p95_ms: Number(percentile(times, 95).toFixed(2)),
        home_p95_ms: await homeP95(database),
        seed_s: Number(seedSeconds.toFixed(1)),
        shapes: shapes.map(([shape], i) => ({
          shape,
          p95_ms: Number(percentile(perQuery[i]!, 95).toFixed(2)),
        })),
      };
      results.push(row);
      process.stdout.write(
        `busca ${row.driver} ${size.toLocaleString('pt-BR')} produtos: p50 ${row.p50_ms} ms, p95 ${row.p95_ms} ms (${RUNS} buscas; carga ${row.seed_s} s); página inicial p95 ${row.home_p95_ms} ms\n`,
      );
      for (const shape of row.shapes) {
        const verdict =
          row.driver === 'postgresql'
            ? ` (meta <= ${SEARCH_P95_BUDGET_MS} ms: ${shape.p95_ms <= SEARCH_P95_BUDGET_MS ? 'ok' : 'FALHOU'})`
            : '';
        process.stdout.write(`  ${shape.shape}: p95 ${shape.p95_ms} ms${verdict}\n`);
      }
    });
  }
}

mkdirSync('bench', { recursive: true });
writeFileSync(
  'bench/search.json',
  `${JSON.stringify({ measured_at: new Date().toISOString(), results }, null, 2)}\n`,
);
