// A few products for the browser tests of favourites (the full demo catalogue comes with `npm run seed`).
import path from 'node:path';
import { loadConfig } from '../../apps/api/src/config.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { products } from '../../apps/api/src/db/schema/index.ts';
import { E2E_PRODUCTS } from './fixtures.ts';

const config = loadConfig();
const database = await openDatabase({ dataDir: path.join(config.dataDir, 'pglite') });
await database.migrate();
await database.db
  .insert(products)
  .values(
    E2E_PRODUCTS.map((p, i) => ({
      id: p.id,
      slug: p.slug,
      name: p.name,
      type: 'painel_led' as const,
      city: 'Brasília',
      state: 'DF',
      latitude: -15.79 + i / 100,
      longitude: -47.88,
      daily_price: 15_000,
    })),
  )
  .onConflictDoNothing();
await database.close();
