/**
 * npm run bench:inventory — the inventory calendar (GET /api/admin/inventario) for 1,000 faces × 12
 * weeks, through the real API as a staff member, on the PostgreSQL server (DATABASE_URL, or
 * 127.0.0.1:5432/test) and on PGlite for comparison: p50/p95 of 40 reads. Budget ≤ 150 ms p95 on the
 * server (issue #19 item 2). Writes bench/inventory.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql } from '../apps/api/src/db/sql.ts';
import { addDays, mondayOf, todayInBrasilia } from '@urbana/shared';
import type { Database } from '../apps/api/src/db/client.ts';
import { signedIn, startApi, withPglite, withScratchDatabase } from './bench/start.ts';

const FACES = 1000;
const WEEKS = 12;
const READS = 40;
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** 250 products × 4 faces of 3 slots, each face booked in about half of 30 weeks around the window. */
async function seed(database: Database) {
  const first = mondayOf(todayInBrasilia());
  await database.db.execute(sql`
    insert into products (slug, name, type, city, state, latitude, longitude, daily_price, is_tower_based)
    select 'bench-inv-' || g, 'Torre bench ' || lpad(g::text, 4, '0'), 'torre',
      (array['Brasília', 'Goiânia', 'São Paulo', 'Curitiba'])[1 + g % 4], 'DF',
      -15.8 + (g % 50) * 0.01, -47.9 + (g / 50) * 0.01, 10000, true
    from generate_series(1, ${FACES / 4}) g`);
  await database.db.execute(sql`
    insert into towers (product_id, name, slots)
    select p.id, 'Face ' || f, 3 from products p cross join generate_series(1, 4) f
    where p.slug like 'bench-inv-%'`);
  // Bookings from 8 weeks back to 22 ahead: one or two slots in every other week of each face.
  await database.db.execute(sql`
    insert into reservations (tower_id, product_id, slot, latitude, longitude, starts_on, ends_on, status)
    select t.id, t.product_id, s.slot, p.latitude, p.longitude,
      ${first}::date + (k * 7), ${first}::date + (k * 7 + 7), 'confirmada'
    from towers t join products p on p.id = t.product_id
    cross join generate_series(-8, 22) k
    join tower_slots s on s.tower_id = t.id and s.slot <= 1 + (abs(hashtext(t.id::text || k)) % 2)
    where p.slug like 'bench-inv-%' and (abs(hashtext(t.id::text)) + k) % 2 = 0`);
  // Statistics, as autovacuum keeps them on a live database.
  await database.db.execute(sql`analyze`);
  return first;
}

async function run(driver: 'pglite' | 'postgresql', database: Database) {
  await database.migrate();
  const { app } = await startApi(database);
  const first = await seed(database);
  const { cookie } = await signedIn(app, database, { emailPrefix: 'bench-operador', role: 'operador' });
  const url = `/api/admin/inventario?de=${first}&semanas=${WEEKS}&page_size=${FACES}`;
  const times: number[] = [];
  let faces = 0;
  for (let i = 0; i < READS + 5; i++) {
    const s = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { cookie } });
    const ms = performance.now() - s;
    if (res.statusCode !== 200) throw new Error(`inventário: ${res.statusCode} ${res.body}`);
    faces = (res.json() as { faces: unknown[] }).faces.length;
    if (i >= 5) times.push(ms); // the first reads warm the caches
  }
  const row = {
    driver,
    faces,
    weeks: WEEKS,
    window: `${first}..${addDays(first, WEEKS * 7 - 1)}`,
    p50_ms: Number(percentile(times, 50).toFixed(1)),
    p95_ms: Number(percentile(times, 95).toFixed(1)),
  };
  process.stdout.write(
    `inventário ${driver}: ${row.faces} faces × ${row.weeks} semanas; p50 ${row.p50_ms} ms, p95 ${row.p95_ms} ms\n`,
  );
  await app.close();
  return row;
}

const rows = [];
rows.push(await withPglite((embedded) => run('pglite', embedded)));

try {
  rows.push(
    await withScratchDatabase(serverUrl, 'urbana_bench_inventory', 4, (server) => run('postgresql', server)),
  );
} catch (error) {
  process.stdout.write(`servidor PostgreSQL indisponível (${(error as Error).message}): só PGlite\n`);
}
mkdirSync('bench', { recursive: true });
writeFileSync(
  'bench/inventory.json',
  `${JSON.stringify({ measured_at: new Date().toISOString(), results: rows }, null, 2)}\n`,
);
