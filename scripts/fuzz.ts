/**
 * npm run fuzz — property-based fuzzing of every /api route (apps/api/test/fuzz/engine.ts) on a fresh
 * embedded database (or the PostgreSQL server with TEST_DB=pg and DATABASE_URL).
 *
 *   FUZZ_RUNS   requests to send in all (default 12000; each generated request goes out anonymously,
 *               as a cliente and as an admin)
 *   FUZZ_SEED   the fast-check seed (default: a new one, printed)
 *   FUZZ_ROUTE  only these routes, comma-separated ("GET /api/search,POST /api/orders")
 *   FUZZ_PATH   replay one run of each route (the number printed with a violation)
 *
 * Prints one line per route (requests and statuses seen) and the totals; exits 1 on any violation
 * (a 5xx, an error that is not a Portuguese `{ message }`, or a refused request that changed the
 * database), printing the seed and the request that reproduce it.
 */
import { performance } from 'node:perf_hooks';
import { formatViolation, type RouteStats } from '../apps/api/test/fuzz/engine.ts';
import { createFuzzWorld } from '../apps/api/test/fuzz/world.ts';

const requests = Number(process.env.FUZZ_RUNS ?? 12_000);
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const only = process.env.FUZZ_ROUTE?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
if (!Number.isInteger(requests) || requests < 1 || !Number.isInteger(seed)) {
  console.error('FUZZ_RUNS e FUZZ_SEED precisam ser números inteiros.');
  process.exit(2);
}

const statusLine = (statuses: Record<number, number>) =>
  Object.entries(statuses)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');

const started = performance.now();
console.log(
  `fuzz: seed ${seed}, ${requests} requisições, banco ${process.env.TEST_DB === 'pg' ? 'PostgreSQL' : 'PGlite'}`,
);
const world = await createFuzzWorld();
const setupSeconds = (performance.now() - started) / 1000;
let width = 0;
for (const route of world.engine.routes) width = Math.max(width, route.key.length);

let exitCode = 0;
try {
  const runStarted = performance.now();
  const result = await world.engine.run({
    seed,
    requests,
    only,
    path: process.env.FUZZ_PATH,
    onRouteDone: (route: string, stats: RouteStats) =>
      console.log(
        `${route.padEnd(width)}  ${String(stats.requests).padStart(5)}  ${statusLine(stats.statuses)}`,
      ),
  });
  const seconds = (performance.now() - runStarted) / 1000;
  const totals: Record<number, number> = {};
  for (const stats of result.perRoute.values()) {
    for (const [status, n] of Object.entries(stats.statuses))
      totals[Number(status)] = (totals[Number(status)] ?? 0) + n;
  }
  console.log(
    `total: ${result.requests} requisições em ${result.perRoute.size} rotas em ${seconds.toFixed(1)} s ` +
      `(${(result.requests / seconds).toFixed(0)}/s; preparo ${setupSeconds.toFixed(1)} s); ${statusLine(totals)}; ` +
      `${result.digests} recusas conferidas por digest completo; violações: ${result.violations.length}`,
  );
  if (result.violations.length > 0) {
    exitCode = 1;
    console.log('');
    for (const violation of result.violations.slice(0, 40)) console.log(`${formatViolation(violation)}\n`);
    if (result.violations.length > 40) console.log(`… e mais ${result.violations.length - 40}`);
    console.log(`seed: ${seed}`);
  }
} finally {
  await world.close();
}
process.exit(exitCode);
