/**
 * EXPLAIN (ANALYZE, BUFFERS) of each search shape of the benchmark on a seeded database, with the
 * execution time of each (the stable evidence on a shared machine, docs/decisions/043):
 *   npx tsx scripts/bench/explain-search.ts postgres://postgres@127.0.0.1:5432/urbana_1m [--plans] [--full]
 * --full explains the ranking of every product of the area (the search before the cells).
 */
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { sql } from '../../apps/api/src/db/sql.ts';
import { periodEnd, searchQuerySchema } from '@urbana/shared';
import { areaOf, defaultStart, searchSql } from '../../apps/api/src/services/catalog/search.ts';
import { benchShapes } from './search-shapes.ts';

const [url, ...flags] = process.argv.slice(2);
if (!url) throw new Error('uso: explain-search.ts <DATABASE_URL> [--plans] [--full]');
const database = await openDatabase({ url, poolMax: 1 });
const start = defaultStart(2);
for (const [shape, query] of benchShapes) {
  const q = searchQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
  const how = flags.includes('--full') ? 'full' : 'cells';
  const statement = searchSql(q, areaOf(q), start, periodEnd(start, q.semanas), how);
  const times: number[] = [];
  let plan = '';
  for (let i = 0; i < 5; i++) {
    const rows = (await database.db.execute(sql`explain (analyze, buffers) ${statement}`)).rows as Array<
      Record<string, string>
    >;
    const lines = rows.map((r) => Object.values(r)[0]!);
    times.push(Number(/Execution Time: ([\d.]+)/.exec(lines.at(-1) ?? '')?.[1] ?? NaN));
    plan = lines.join('\n');
  }
  times.sort((a, b) => a - b);
  process.stdout.write(`${shape}: execução ${times[2]} ms (mediana de 5; mín ${times[0]}, máx ${times[4]})\n`);
  if (flags.includes('--plans')) process.stdout.write(`${plan}\n\n`);
}
await database.close();
