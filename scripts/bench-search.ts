/**
 * npm run bench:search — search latency (p50/p95) at 1k and 100k products, on PGlite and on the
 * PostgreSQL server (DATABASE_URL, or the local server at 127.0.0.1:5432/test when reachable).
 * Prints one line per figure and writes bench/search.json.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from '../apps/api/src/db/sql.ts';
import { searchQuerySchema } from '@urbana/shared';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { featuredProducts, networkStats, searchProducts } from '../apps/api/src/services/catalog.ts';
import { seedCatalog } from '../apps/api/src/services/demo-catalog.ts';
import { LocalStorage } from '../apps/api/src/services/storage.ts';

const SIZES = (process.env.BENCH_SIZES ?? '1000,100000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const queries = [
  'local=Brasília',
  'local=São Paulo&tipo=painel_led',
  'local=Brasília&ordem=menor_preco&disponivel=true',
  'lat=-22.90642&lng=-43.18223&raio=10&ordem=maior_audiencia',
  'norte=-15.70&sul=-15.90&leste=-47.80&oeste=-48.10&ordem=distancia',
  'local=Belo Horizonte&preco_max=50000&pagina=2',
  'local=Curitiba&flexivel=true&semanas=8',
].map((q) => searchQuerySchema.parse(Object.fromEntries(new URLSearchParams(q))));

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

async function withDatabase(driver: 'pglite' | 'pg', run: (db: Database) => Promise<void>) {
  if (driver === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await database.migrate();
      await run(database);
    } finally {
      await database.close();
    }
    return;
  }
  const name = `urbana_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolMax: 4 });
  try {
    await database.migrate();
    await run(database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const results: Array<{
  driver: string;
  products: number;
  p50_ms: number;
  p95_ms: number;
  home_p95_ms: number;
  seed_s: number;
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
const drivers: Array<'pglite' | 'pg'> = ['pglite'];
if (await serverAvailable()) drivers.push('pg');
else process.stdout.write(`servidor PostgreSQL indisponível em ${serverUrl}: só PGlite\n`);

for (const driver of drivers) {
  for (const size of SIZES) {
    const files = mkdtempSync(path.join(os.tmpdir(), 'urbana-bench-'));
    await withDatabase(driver, async (database) => {
      const t0 = performance.now();
      await seedCatalog(database.db, new LocalStorage(files), { products: size });
      // Some load on the calendar: every 7th tower has a reservation in the coming weeks.
      await database.db.execute(sql`
        insert into reservations (tower_id, product_id, latitude, longitude, slot, starts_on, ends_on)
        select t.id, t.product_id, p.latitude, p.longitude, 1, current_date + 7, current_date + 35
        from towers t join products p on p.id = t.product_id where (hashtext(t.id::text) % 7) = 0`);
      await database.db.execute(sql`analyze`);
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
      if (process.env.BENCH_DETAIL) {
        perQuery.forEach((t, i) =>
          process.stdout.write(
            `  consulta ${i + 1}: p50 ${percentile(t, 50).toFixed(1)} ms, p95 ${percentile(t, 95).toFixed(1)} ms\n`,
          ),
        );
      }
      const row = {
        driver: driver === 'pg' ? 'postgresql' : 'pglite',
        products: size,
        p50_ms: Number(percentile(times, 50).toFixed(2)),
        p95_ms: Number(percentile(times, 95).toFixed(2)),
        home_p95_ms: await homeP95(database),
        seed_s: Number(seedSeconds.toFixed(1)),
      };
      results.push(row);
      process.stdout.write(
        `busca ${row.driver} ${size.toLocaleString('pt-BR')} produtos: p50 ${row.p50_ms} ms, p95 ${row.p95_ms} ms (${RUNS} buscas; carga ${row.seed_s} s); página inicial p95 ${row.home_p95_ms} ms\n`,
      );
    });
    rmSync(files, { recursive: true, force: true });
  }
}

mkdirSync('bench', { recursive: true });
writeFileSync(
  'bench/search.json',
  `${JSON.stringify({ measured_at: new Date().toISOString(), results }, null, 2)}\n`,
);
