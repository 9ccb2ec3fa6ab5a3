/**
 * npm run seed [-- --products 100000] [--reset]
 * Fills the catalogue with the deterministic demo data (on the embedded database, or DATABASE_URL).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { seedCatalog, seedDemoCoupons } from '../services/demo-catalog.ts';
import { createStorage } from '../services/storage.ts';

const { values } = parseArgs({
  options: { products: { type: 'string' }, reset: { type: 'boolean', default: false } },
});
const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'pglite'),
});
try {
  await database.migrate();
  if (values.reset) {
    await database.db.execute(sql`truncate product_photos, reservations, towers, products cascade`);
    process.stdout.write('Catálogo apagado.\n');
  }
  const started = Date.now();
  const result = await seedCatalog(database.db, createStorage(config), {
    products: values.products ? Number(values.products) : undefined,
    log: (m) => process.stdout.write(`${m}\n`),
  });
  await seedDemoCoupons(database.db);
  if (result.skipped) process.stdout.write('O catálogo já tem produtos; use --reset para recriá-lo.\n');
  else
    process.stdout.write(
      `${result.products} produtos e ${result.towers} torres/faces em ${((Date.now() - started) / 1000).toFixed(1)} s.\n`,
    );
} finally {
  await database.close();
}
