// The floor of the product-read figure (scripts/bench/postgres-reads.ts): a Fastify server with
// nothing but the work a product read cannot skip. It runs the server's own product query and
// availability (services/catalog/product-detail.ts) on the same database and pool size, and sends
// the result as plain JSON: no hooks, session, validation, compression, cache or security headers.
// What the server spends above this is its own tax; what this spends is the database's and
// node-postgres's.
import Fastify from 'fastify';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { productDetail } from '../../apps/api/src/services/catalog/product-detail.ts';

const database = await openDatabase({ url: process.env.DATABASE_URL!, poolMax: 10 });
const app = Fastify({ logger: false });
app.get('/api/health/live', async () => ({ status: 'ok' }));
app.get<{ Params: { slug: string } }>('/api/products/:slug', async (request) =>
  productDetail(database.db, request.params.slug, { weeks: 4, leadBusinessDays: 2 }),
);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
