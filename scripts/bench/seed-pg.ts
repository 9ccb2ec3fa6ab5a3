/**
 * Seeds a PostgreSQL database with N products for a benchmark or a reproduction:
 *   npx tsx scripts/bench/seed-pg.ts postgres://postgres@127.0.0.1:5432/urbana_x 1000000
 */
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { scaleCatalog } from './scale-catalog.ts';

const [url, count] = process.argv.slice(2);
if (!url || !count) throw new Error('uso: seed-pg.ts <DATABASE_URL> <produtos>');
const database = await openDatabase({ url, poolMax: 4 });
await database.migrate();
const started = performance.now();
await scaleCatalog(database, Number(count));
process.stdout.write(`${count} produtos em ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
await database.close();
