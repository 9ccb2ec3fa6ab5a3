/**
 * Issue #21 (docs/decisions/048-pglite-off-the-event-loop.md): PGlite never holds up other requests
 * for long. On 100k products on PGlite, one autocannon loads the home page's reads (/api/network and
 * /api/products/featured, the read cache off so that every request queries the database) while
 * another times a bare route (/api/health/live); its p99 is the figure. Measured with PGlite on its
 * worker thread (production's default) and, as "before", with PGlite in the server's own thread.
 *
 * Standalone: npx tsx scripts/bench/pglite-loop.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { scaleCatalog } from './scale-catalog.ts';
import { spawnServer } from './start.ts';

const root = path.resolve(import.meta.dirname, '../..');
const PRODUCTS = 100_000;
const SECONDS = 10;
const HOME_CONNECTIONS = 16;
/** The bound on how long PGlite may hold up another request. */
export const BARE_P99_BUDGET_MS = 50;

export interface LoopFigures {
  worker: boolean;
  bareP99Ms: number;
  bareP50Ms: number;
  homePerSecond: number;
}

/** One server on the seeded folder, the home page under load, the bare route timed beside it. */
async function measureOne(dataDir: string, port: number, worker: boolean): Promise<LoopFigures> {
  const base = `http://127.0.0.1:${port}`;
  const server = await spawnServer({
    args: ['--import', 'tsx', 'apps/api/src/server.ts'],
    cwd: root,
    healthUrl: `${base}/api/health`,
    timeoutMs: 300_000,
    env: {
      NODE_ENV: 'production',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PGLITE_WORKER: String(worker),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      SEED_DEMO: 'false',
      SEED_CATALOG: 'false',
      CATALOG_CACHE_SECONDS: '0',
      RATE_LIMIT_SCALE: '1000',
      LOG_LEVEL: 'warn',
    },
  });
  try {
    const home = [{ path: '/api/network' }, { path: '/api/products/featured' }];
    // A short warm-up: the first queries plan and fill PGlite's caches.
    await autocannon({ url: base, connections: 4, duration: 2, requests: home });
    const [load, bare] = await Promise.all([
      autocannon({ url: base, connections: HOME_CONNECTIONS, duration: SECONDS, requests: home }),
      autocannon({ url: `${base}/api/health/live`, connections: 1, duration: SECONDS }),
    ]);
    for (const result of [load, bare]) {
      if (result.errors > 0 || result.non2xx > 0) {
        throw new Error(`respostas com erro sob carga: ${result.non2xx} não 2xx, ${result.errors} erros`);
      }
    }
    return {
      worker,
      bareP99Ms: bare.latency.p99,
      bareP50Ms: bare.latency.p50,
      homePerSecond: Math.round(load.requests.average),
    };
  } finally {
    await server.stop();
  }
}

/** 100k products seeded once into a folder, then the same load on each variant: before, then after. */
export async function measurePgliteLoop(port: number): Promise<LoopFigures[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'urbana-bench-loop-'));
  try {
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      await database.migrate();
      await scaleCatalog(database, PRODUCTS);
    } finally {
      await database.close();
    }
    const before = await measureOne(dataDir, port, false);
    const after = await measureOne(dataDir, port, true);
    return [before, after];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  for (const row of await measurePgliteLoop(Number(process.env.PORT ?? 3280))) {
    const label = row.worker ? 'worker thread' : 'no processo (antes)';
    process.stdout.write(
      `rota simples p99 / p50 com a página inicial sob carga (100k, PGlite, ${label}): ` +
        `${row.bareP99Ms} / ${row.bareP50Ms} ms; página inicial ${row.homePerSecond} req/s\n`,
    );
  }
}
