import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { startTracing, stopTracing, tracingFromEnv } from './lib/tracing-hooks.ts';
import { startMetricsServer } from './plugins/app/metrics.ts';
import { startBackupSocket } from './services/backup/backup-socket.ts';
import { seedDemoAccounts } from './services/accounts.ts';
import { seedCatalog, seedDemoCoupons } from './services/demo-catalog.ts';

const config = loadConfig();
// Traces when OTEL_EXPORTER_OTLP_ENDPOINT is set (decision 114), before the database opens so that its
// statements get spans; unset, nothing of OpenTelemetry's SDK is loaded.
const tracingOptions = tracingFromEnv();
if (tracingOptions) await startTracing(tracingOptions);
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'pglite'),
  poolMax: config.databasePoolMax,
  connectTimeoutMs: config.databaseConnectTimeoutMs,
  pgliteWorker: config.pgliteWorker,
});
await database.migrate();

const app = await buildApp({ config, database, startWorkers: true });

if (database.driver === 'pglite' && config.seedCatalog) {
  const seeded = await seedCatalog(database.db, app.deps.storage);
  await seedDemoCoupons(database.db);
  if (!seeded.skipped)
    app.log.info(
      `Catálogo de demonstração criado: ${seeded.products} produtos, ${seeded.towers} torres/faces.`,
    );
}

if (database.driver === 'pglite' && config.seedDemo) {
  const demo = await seedDemoAccounts(database.db, config.adminEmails);
  if (demo.length > 0) {
    const lines = demo.map((a) => `  ${a.tipo_usuario.padEnd(8)} ${a.email}  senha: ${a.password}`);
    const text = `Contas de demonstração criadas (guarde estas senhas; elas não serão mostradas de novo):\n${lines.join('\n')}\n`;
    // Plain text on purpose: a person reads this once at first start.
    process.stdout.write(`\n${text}\n`);
    await writeFile(path.join(config.dataDir, 'contas-demo.txt'), text, { mode: 0o600 });
  }
}

await app.listen({ port: config.port, host: config.host });
const metricsServer = await startMetricsServer(config.metrics, app.deps);
// `npm run backup` asks this process for the embedded database it holds (decision 087).
const backupSocket = await startBackupSocket(config.dataDir, database);
if (metricsServer) {
  const bound = metricsServer.address();
  const port = typeof bound === 'object' && bound ? bound.port : config.metrics.port;
  app.log.info(`Métricas em http://${config.metrics.host}:${port}/metrics`);
}
const embedded = `PGlite em ${config.dataDir}${config.pgliteWorker ? ', numa worker thread' : ''}`;
if (tracingOptions) app.log.info(`Traces OpenTelemetry para ${tracingOptions.endpoint}`);
app.log.info(
  `Urbana no ar em ${config.publicUrl} (banco: ${database.driver === 'pg' ? 'PostgreSQL' : embedded})`,
);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} recebido: encerrando`);
  metricsServer?.close();
  backupSocket?.close();
  await app.close();
  await database.close();
  // The spans of the drained requests, still in the batch, go out before the process ends.
  await stopTracing().catch((error: unknown) => app.log.warn({ err: error }, 'Traces não enviados'));
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
