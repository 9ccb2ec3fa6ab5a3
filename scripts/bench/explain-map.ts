/**
 * The map's shapes (docs/decisions/045) on a seeded database: the answer's kind, the EXPLAIN ANALYZE
 * execution time of each statement the map runs (median of 5) and the service's own time (p95 of 40,
 * the round trips included), each against the 20 ms budget of issue #21:
 *   npx tsx scripts/bench/explain-map.ts postgres://postgres@127.0.0.1:5432/urbana_1m [--plans] [--before]
 * --before also explains what the map ran before (the first 500 markers of the search's whole area).
 */
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { sql } from '../../apps/api/src/db/sql.ts';
import { periodEnd, searchMapQuerySchema } from '@urbana/shared';
import { areaOf, defaultStart, productConditions, searchSql } from '../../apps/api/src/services/catalog/search.ts';
import {
  gridOf,
  MAP_EXACT_MAX,
  productClustersSql,
  searchMap,
  tableClustersSql,
  visibleArea,
} from '../../apps/api/src/services/catalog/search-map.ts';
import { mapShapes } from './search-shapes.ts';

const BUDGET_MS = 20;
const [url, ...flags] = process.argv.slice(2);
if (!url) throw new Error('uso: explain-map.ts <DATABASE_URL> [--plans] [--before]');
const database = await openDatabase({ url, poolMax: 1 });
const { db } = database;

async function executionMs(statement: ReturnType<typeof sql>): Promise<number> {
  const times: number[] = [];
  let plan = '';
  for (let i = 0; i < 5; i++) {
    const lines = ((await db.execute(sql`explain (analyze, buffers) ${statement}`)).rows as Array<
      Record<string, string>
    >).map((r) => Object.values(r)[0]!);
    times.push(Number(/Execution Time: ([\d.]+)/.exec(lines.at(-1) ?? '')?.[1] ?? NaN));
    plan = lines.join('\n');
  }
  if (flags.includes('--plans')) process.stdout.write(`${plan}\n\n`);
  return times.sort((a, b) => a - b)[2]!;
}

const verdict = (ms: number) => (ms <= BUDGET_MS ? 'dentro' : 'FORA');
for (const [shape, query] of mapShapes) {
  const q = searchMapQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
  const area = visibleArea(areaOf(q), q)!;
  const start = defaultStart(2);
  const grid = gridOf(q.zoom, area.box);
  const { distance, where } = productConditions(q, area, start, periodEnd(start, q.semanas));
  const answer = await searchMap(db, q, 2);
  const kind = answer.clusters.length
    ? `${answer.clusters.length} grupos de ${answer.total} locais (grade ${grid.toFixed(3)}°${answer.ignored_filters.length ? `, sem ${answer.ignored_filters.join(', ')}` : ''})`
    : `${answer.items.length} marcadores`;
  const table = grid >= 1 / 64 ? await executionMs(tableClustersSql(q, area, grid, distance)) : null;
  // The products are grouped only when the table counts few enough of them (or the grid is finer).
  const tableTotal =
    table === null
      ? 0
      : ((await db.execute(tableClustersSql(q, area, grid, distance))).rows as Array<{ count: number }>).reduce(
          (sum, r) => sum + Number(r.count),
          0,
        );
  const fromProducts =
    table !== null && tableTotal > MAP_EXACT_MAX ? null : await executionMs(productClustersSql(where, area, grid));
  // Before (--before): the 500 first markers of the search's whole area, as the map asked them.
  const before = flags.includes('--before')
    ? await executionMs(
        searchSql({ ...q, pagina: 1, por_pagina: 500 }, areaOf(q), start, periodEnd(start, q.semanas)),
      )
    : null;
  const times: number[] = [];
  for (let i = 0; i < 40; i++) {
    const t0 = performance.now();
    await searchMap(db, q, 2);
    times.push(performance.now() - t0);
  }
  const p95 = times.sort((a, b) => a - b)[Math.floor(0.95 * times.length)]!;
  process.stdout.write(
    `${shape}: ${kind}; ${before !== null ? `antes ${before} ms; ` : ''}execução${table !== null ? ` tabela ${table} ms` : ''}${fromProducts !== null ? ` produtos ${fromProducts} ms` : ''}; ` +
      `serviço p95 ${p95.toFixed(1)} ms (orçamento ${BUDGET_MS} ms: ${verdict(p95)})\n`,
  );
}
await database.close();
