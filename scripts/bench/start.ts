/**
 * How every bench starts what it measures (one helper, so they all start it the same way):
 * - `withPglite` / `withScratchDatabase`: a fresh database, in memory (PGlite) or created on the
 *   PostgreSQL server for the run and dropped after;
 * - `startApi`: the API in this process on that database (app.inject, or app.listen for HTTP load);
 * - `spawnServer`: the API (or another server) as a child process with a data dir or DATABASE_URL,
 *   waited for on its health route, and `stop()` that waits for it to exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { openDatabase, type Database } from '../../apps/api/src/db/client.ts';
import { upsertConfirmedAccount } from '../../apps/api/src/services/accounts.ts';

/** The configuration the in-process benches share: no logs, no web build, limits out of the way. */
export const BENCH_ENV = { NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_SCALE: '1000', WEB_DIST: '/nada' };

/** The API in this process on `database`, with BENCH_ENV and `env` over it. Stop it with `app.close()`. */
export async function startApi(database: Database, env: Record<string, string> = {}) {
  const config = loadConfig({ ...BENCH_ENV, ...env });
  const app = await buildApp({ config, database, logger: false });
  return { app, config };
}

/**
 * A confirmed account signed in through the API (a customer unless `role` says otherwise): its
 * profile and its session cookie (`name=token`).
 */
export async function signedIn(
  app: Awaited<ReturnType<typeof startApi>>['app'],
  database: Database,
  options: { emailPrefix: string; role?: 'cliente' | 'operador'; remoteAddress?: string },
) {
  const staff = options.role === 'operador';
  const email = `${options.emailPrefix}-${Date.now()}@${staff ? 'urbana.com.br' : 'exemplo.com.br'}`;
  const user = await upsertConfirmedAccount(database.db, {
    email,
    password: 'Bench-Urbana-2026',
    nome_completo: staff ? 'Operação' : 'Bench',
    tipo_usuario: options.role ?? 'cliente',
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password: 'Bench-Urbana-2026' },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  return { user, cookie: String(res.headers['set-cookie']).split(';')[0]! };
}

/** Runs `body` on a new in-memory PGlite database, closed after. */
export async function withPglite<T>(body: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    return await body(database);
  } finally {
    await database.close();
  }
}

/**
 * Runs `body` on a database created for the run (`<prefix>_<time>`) on the PostgreSQL server at
 * `serverUrl`, dropped after. Throws when the server does not answer within 2 s.
 */
export async function withScratchDatabase<T>(
  serverUrl: string,
  prefix: string,
  poolMax: number,
  body: (database: Database, url: string) => Promise<T>,
): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  await admin.connect();
  const name = `${prefix}_${Date.now()}`;
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), poolMax });
    try {
      return await body(database, url.toString());
    } finally {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
    }
  } finally {
    await admin.end();
  }
}

export interface SpawnedServer {
  child: ChildProcess;
  /** SIGTERM, then waits for the process to exit. */
  stop(): Promise<void>;
}

/**
 * Starts `node <args>` (e.g. `--import tsx apps/api/src/server.ts`, or `apps/api/dist/server.js`) with
 * `env` over this process's, and waits until `healthUrl` answers 2xx, polling every `pollMs`.
 */
export async function spawnServer(options: {
  args: string[];
  cwd: string;
  env: Record<string, string>;
  healthUrl: string;
  pollMs?: number;
  timeoutMs?: number;
}): Promise<SpawnedServer> {
  const { pollMs = 250, timeoutMs = 120_000 } = options;
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`o servidor saiu com código ${child.exitCode}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${options.healthUrl} não respondeu em ${timeoutMs} ms`);
    }
    const ok = await fetch(options.healthUrl).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, stop };
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
