/**
 * Product pages rendered on the server (issue #20; docs/decisions/041-page-budgets.md):
 *   - a miss: one distinct page after another, nothing cached (neither the page nor its API read);
 *   - from the cache: one page under load (autocannon).
 * The budget is the PostgreSQL server's (p95 ≤ 15 ms, ≥ 1,000 pages/s): `onPostgres` seeds a fresh
 * database on it with the demo catalogue, starts the compiled server on it as production does,
 * measures and drops it. Pages are asked with a browser's headers.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { spawnServer, type SpawnedServer } from './start.ts';

export interface SsrFigures {
  pages: number;
  missP50Ms: number;
  missP95Ms: number;
}

const root = path.resolve(import.meta.dirname, '../..');

/** What Chromium sends when it opens a page (Node's fetch alone offers only gzip and deflate). */
const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'pt-BR,pt;q=0.9',
};

/**
 * The misses of up to 60 product pages, in the catalogue's price order. `weeks` makes the query one
 * no earlier visit asked (each call of a run passes its own), so neither the page nor its read is
 * cached.
 */
export async function measureMisses(base: string, weeks = 3): Promise<SsrFigures> {
  const response = await fetch(`${base}/api/search?por_pagina=60&ordem=menor_preco`);
  const listing = (await response.json()) as { items: Array<{ slug: string }> };
  const missMs: number[] = [];
  for (const item of listing.items) {
    const started = performance.now();
    const page = await fetch(`${base}/locais/${item.slug}?semanas=${weeks}`, { headers: BROWSER_HEADERS });
    await page.arrayBuffer();
    missMs.push(performance.now() - started);
  }
  missMs.sort((a, b) => a - b);
  const at = (q: number) => Number(missMs[Math.max(0, Math.ceil(missMs.length * q) - 1)]!.toFixed(1));
  return { pages: missMs.length, missP50Ms: at(0.5), missP95Ms: at(0.95) };
}

async function serverReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Runs `measure` against Urbana started on a fresh database of the PostgreSQL server
 * (`BENCH_PG_URL`, default the local server), seeded with the demo catalogue. Undefined when no
 * server answers.
 */
export async function onPostgres<T>(
  port: number,
  measure: (base: string) => Promise<T>,
): Promise<T | undefined> {
  const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!(await serverReachable(serverUrl))) return undefined;
  const name = `urbana_bench_ssr_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'urbana-bench-pg-'));
  const env = { NODE_ENV: 'production', DATABASE_URL: url.toString(), DATA_DIR: dataDir };
  const base = `http://127.0.0.1:${port}`;
  let server: SpawnedServer | undefined;
  try {
    const seed = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/seed.ts'], {
      cwd: root,
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });
    if (seed.status !== 0) throw new Error(`seed no PostgreSQL falhou:\n${seed.stderr}`);
    const build = spawnSync(process.execPath, ['apps/api/build.mjs'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`a compilação da API falhou:\n${build.stderr}`);
    server = await spawnServer({
      // As scripts/start.mjs runs it in production: compiled, with source maps.
      args: ['--enable-source-maps', 'apps/api/dist/server.js'],
      cwd: root,
      healthUrl: `${base}/api/health`,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, LOG_LEVEL: 'warn' },
    });
    return await measure(base);
  } finally {
    await server?.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
