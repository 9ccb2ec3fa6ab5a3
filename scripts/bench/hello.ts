// The floor of the per-request tax figure: a Fastify hello started the same way as the server
// (node --import tsx), answering the same path with the same JSON (scripts/bench/server-tax.ts).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/api/health/live', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
