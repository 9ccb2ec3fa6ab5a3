/**
 * npm run bench:sessions — what a session cookie costs a bare route (/api/health/live), on PGlite and
 * on the PostgreSQL server: autocannon over HTTP, anonymous, then signed in with the session cache
 * (SESSION_CACHE_SECONDS, docs/decisions/039), then signed in with the cache off (the old cost: one
 * query per request). Writes bench/sessions.json; issue #21 budget: signed in ≤ 1.25 × anonymous.
 */
import { execFile, execSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../apps/api/src/db/client.ts';
import { signedIn, startApi, withPglite, withScratchDatabase } from './bench/start.ts';

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const seconds = process.env.BENCH_SESSION_SECONDS ?? '5';
const autocannon = path.resolve(import.meta.dirname, '../node_modules/.bin/autocannon');

const execFileAsync = promisify(execFile);

/** autocannon in a child process, awaited (the server answers from this process's event loop). */
async function rate(url: string, cookie?: string): Promise<number> {
  const args = ['-c', '32', '-d', seconds, '-j', ...(cookie ? ['-H', `cookie=${cookie}`] : []), url];
  const out = JSON.parse((await execFileAsync(autocannon, args, { maxBuffer: 64 * 1024 * 1024 })).stdout) as {
    requests: { average: number };
    non2xx: number;
  };
  if (out.non2xx > 0) throw new Error(`${url}: ${out.non2xx} respostas não 2xx`);
  return Math.round(out.requests.average);
}

async function measure(database: Database, cacheSeconds: string) {
  const { app } = await startApi(database, {
    SESSION_CACHE_SECONDS: cacheSeconds,
  });
  const { cookie } = await signedIn(app, database, { emailPrefix: 'sessao' });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `${address}/api/health/live`;
  const result = { anonymous: await rate(url), signed_in: await rate(url, cookie) };
  await app.close();
  return result;
}

async function run(driver: 'pglite' | 'postgresql', database: Database) {
  await database.migrate();
  const cached = await measure(database, '10');
  const uncached = await measure(database, '0');
  const row = {
    driver,
    anonymous_rps: cached.anonymous,
    signed_in_rps: cached.signed_in,
    cost_ratio: Number((cached.anonymous / cached.signed_in).toFixed(2)),
    without_cache_signed_in_rps: uncached.signed_in,
    without_cache_cost_ratio: Number((uncached.anonymous / uncached.signed_in).toFixed(2)),
  };
  process.stdout.write(`sessões ${driver}: ${JSON.stringify(row)}\n`);
  return row;
}

process.stdout.write(`carga da máquina: ${execSync('uptime').toString().trim()}\n`);
const rows = [];
rows.push(await withPglite((embedded) => run('pglite', embedded)));
try {
  rows.push(
    await withScratchDatabase(serverUrl, 'urbana_bench_sessions', 20, (server) => run('postgresql', server)),
  );
} catch (error) {
  process.stdout.write(`servidor PostgreSQL indisponível (${(error as Error).message}): só PGlite\n`);
}
mkdirSync('bench', { recursive: true });
writeFileSync(
  'bench/sessions.json',
  `${JSON.stringify({ measured_at: new Date().toISOString(), results: rows }, null, 2)}\n`,
);
