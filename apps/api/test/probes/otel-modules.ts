/**
 * Starts the app as server.ts does (tracing first, from the environment; then the database and the
 * app), answers one request, and prints which OpenTelemetry packages are loaded (tracing-off.test.ts).
 * Every one of them is CommonJS, so each loaded file is in require's cache, also when imported.
 */
import { createRequire } from 'node:module';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { startTracing, stopTracing, tracingFromEnv } from '../../src/lib/tracing-hooks.ts';

const options = tracingFromEnv();
if (options) await startTracing(options);
const database = await openDatabase({ dataDir: 'memory://' });
const app = await buildApp({ config: loadConfig(), database, logger: false });
const health = await app.inject({ method: 'GET', url: '/api/health/live' });
await app.close();
await database.close();
await stopTracing().catch(() => undefined);

const packages = new Set<string>();
for (const file of Object.keys(createRequire(import.meta.url).cache)) {
  const match = /node_modules\/(@opentelemetry\/[^/]+|@fastify\/otel)\//.exec(file);
  if (match) packages.add(match[1]!);
}
process.stdout.write(`${JSON.stringify({ status: health.statusCode, packages: [...packages].sort() })}\n`);
