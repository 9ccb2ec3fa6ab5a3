import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { apiRoot } from '../paths.ts';
import type { PGlite } from '@electric-sql/pglite';
import type * as PgliteThread from './pglite-thread.ts';
import { journalApplied, NEWEST_APPLIED_SQL } from './migrated.ts';
import * as schema from './schema/index.ts';
import { runWorkAfterCommit } from './after-commit.ts';
import type { Db } from './types.ts';
import { countPoolError } from '../lib/metrics.ts';
import { tracing } from '../lib/tracing-hooks.ts';
import { tracePgliteQueries, tracePoolQueries } from './traced-queries.ts';

export const migrationsFolder = path.join(apiRoot, 'drizzle');

export type { Db, Tx } from './types.ts';

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /** Runs migrations (serialised across instances with an advisory lock on a server). */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Calls onMessage with the payload of every NOTIFY on this channel, until the returned function is
   * called. On a server this is one dedicated connection that reconnects by itself when it drops
   * (onReconnect then says that notifications in between may have been missed).
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    hooks?: ListenHooks,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The pool's figures for /metrics: PGlite is one connection, with nothing to count but its size. */
  poolStats(): PoolStats;
  /**
   * PGlite only: a tarball of its data folder, taken between two statements (PGlite's own query lock),
   * which a new PGlite starts from as after a crash: committed work kept, work in flight rolled back.
   */
  dumpDataDir?(): Promise<Blob>;
}

export interface PoolStats {
  max: number;
  inUse?: number;
  idle?: number;
  waiting?: number;
}

export interface ListenHooks {
  onReconnect?: () => void;
  onError?: (error: unknown) => void;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL server; without it, PGlite in process. */
  url?: string | undefined;
  /** PGlite data folder; `memory://` for a throw-away database. */
  dataDir?: string;
  /**
   * PGlite on a worker thread, off the HTTP event loop (decision 048); otherwise in this thread,
   * which starts faster (tests, command-line tools).
   */
  pgliteWorker?: boolean;
  /**
   * PGlite in this thread starting from a copy of a data folder (`dumpDataDir`) instead of an empty
   * one: the tests start each file's database from one already migrated (apps/api/test/migrated-databases.ts).
   */
  loadDataDir?: Blob;
  poolMax?: number;
  /** How long to wait for a server connection (or a free pooled one) before failing. */
  connectTimeoutMs?: number;
}

/**
 * bigint (int8) comes back as a JS number on both drivers (node-postgres gives a string by default):
 * money columns are 64-bit, and every amount stays below 2^53 (MAX_ORDER_TOTAL, decision 026). On
 * node-postgres it has to be the global parser: drizzle passes its own per-query parsers, which fall
 * back to the global ones, not to the pool's.
 */
const INT8 = 20;
pg.types.setTypeParser(INT8, Number);

/** Work after a commit (an announcement) that failed: what it announced is stored and shows on the next read. */
function afterCommitFailed(error: unknown) {
  console.warn('Trabalho após o commit falhou:', error);
}

// A fixed key: only Urbana's migrator takes this advisory lock.
const MIGRATION_LOCK_KEY = 727_001;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) return openServer(options.url, options.poolMax ?? 10, options.connectTimeoutMs ?? 5000);
  return openEmbedded(options.dataDir ?? 'memory://', options.pgliteWorker ?? false, options.loadDataDir);
}

/**
 * The worker thread's main side, loaded only for the embedded database. Its name is computed at run
 * time so that the compiled server keeps it as dist/pglite-thread.js (apps/api/build.mjs) instead of
 * bundling it, with PGlite's worker wrapper, into every start.
 */
async function loadPgliteThread(): Promise<typeof PgliteThread> {
  const file = import.meta.url.endsWith('.ts') ? './pglite-thread.ts' : './pglite-thread.js';
  return import(file) as Promise<typeof PgliteThread>;
}

async function openEmbedded(dataDir: string, inWorker: boolean, loadDataDir?: Blob): Promise<Database> {
  if (!dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true });
  // Loaded only here: a server on PostgreSQL never needs PGlite or its WebAssembly (issue #21).
  const [{ PGlite: PGliteClass }, { btree_gist }, { drizzle: drizzlePglite }, { migrate: migratePglite }] =
    await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/btree_gist'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
  const parsers = { [INT8]: Number };
  // Both have PGlite's query interface; drizzle's pglite driver takes either.
  const client = (
    inWorker
      ? await (await loadPgliteThread()).openPgliteThread(dataDir, parsers)
      : await PGliteClass.create(dataDir, { extensions: { btree_gist }, parsers, loadDataDir })
  ) as PGlite;
  // SQL spans when tracing is on (decision 114); nothing is wrapped otherwise.
  const hooks = tracing();
  if (hooks) tracePgliteQueries(client, hooks);
  const db = runWorkAfterCommit(drizzlePglite({ client, schema }) as unknown as Db, afterCommitFailed);
  return {
    db,
    driver: 'pglite',
    migrate: async () => {
      const newest = async () =>
        (await client.query<{ newest: unknown }>(NEWEST_APPLIED_SQL)).rows[0]?.newest;
      if (await journalApplied(migrationsFolder, newest)) return;
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    },
    ping: async () => {
      await client.query('select 1');
    },
    // PGlite delivers NOTIFY (sent in a transaction: after it commits) to its own listeners.
    listen: (channel, onMessage) => client.listen(channel, onMessage),
    close: async () => {
      if (!client.closed) await client.close();
    },
    poolStats: () => ({ max: 1 }),
    dumpDataDir: () => client.dumpDataDir('gzip'),
  };
}

/**
 * pg-pool's own `query` gives the connection back with the statement's error, and the pool then
 * closes it: every refused statement (a raised `sem_vaga`, a unique key taken by a concurrent
 * checkout, a check constraint) cost a new PostgreSQL backend for the next query, with its fork,
 * authentication and cold caches. In a burst of 200 checkouts for one face with 5 slots, 20 backends
 * were started during the burst (docs/decisions/056-checkout-refusals-keep-their-connection.md).
 * An error the server reported for a statement leaves the connection ready for the next one, so the
 * connection goes back to the pool; any other error (the socket, a timeout, a FATAL from the
 * server) still closes it.
 */
function keepConnectionsThroughStatementErrors(pool: pg.Pool): void {
  const query = async (config: string | pg.QueryConfig, values?: unknown[]) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    // A connection lost mid-statement also rejects the statement, which reports it.
    const onError = (error: Error) => {
      broken = error;
    };
    client.on('error', onError);
    try {
      return await client.query(config, values);
    } catch (error) {
      const fromServer =
        error instanceof pg.DatabaseError && error.severity !== 'FATAL' && error.severity !== 'PANIC';
      if (!fromServer) broken = error as Error;
      throw error;
    } finally {
      client.removeListener('error', onError);
      if (broken) countPoolError();
      client.release(broken);
    }
  };
  pool.query = query as typeof pool.query;
}

/** A connection that could not open (server down, timeout waiting for a free one) counts as a pool error. */
function countConnectFailures(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (cb?: unknown) => unknown;
  pool.connect = ((callback?: (error: Error | undefined, ...rest: unknown[]) => void) => {
    if (callback)
      return connect((error: Error | undefined, ...rest: unknown[]) => {
        if (error) countPoolError();
        callback(error, ...rest);
      });
    return (connect() as Promise<pg.PoolClient>).catch((error: unknown) => {
      countPoolError();
      throw error;
    });
  }) as typeof pool.connect;
}

async function openServer(url: string, max: number, connectTimeoutMs: number): Promise<Database> {
  // A request fails fast (503) when the server is gone instead of waiting for it.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: connectTimeoutMs,
    keepAlive: true,
    // Short queries only: the JIT compiler spent 2 s on a 5 ms search at 1M products (decision 043).
    options: '-c jit=off',
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => countPoolError());
  countConnectFailures(pool);
  keepConnectionsThroughStatementErrors(pool);
  const hooks = tracing();
  if (hooks) tracePoolQueries(pool, hooks, url);
  const db = runWorkAfterCommit(drizzlePg({ client: pool, schema }), afterCommitFailed);
  return {
    db,
    driver: 'pg',
    migrate: async () => {
      const newest = async () => (await pool.query<{ newest: unknown }>(NEWEST_APPLIED_SQL)).rows[0]?.newest;
      if (await journalApplied(migrationsFolder, newest)) return;
      const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    listen: (channel, onMessage, hooks) => listenOnServer(url, connectTimeoutMs, channel, onMessage, hooks),
    close: async () => {
      await pool.end();
    },
    poolStats: () => ({
      max,
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
  };
}

const LISTEN_CHECK_MS = 30_000;

/** A connection outside the pool that hands this channel's notifications to onMessage. */
function newListenClient(
  url: string,
  connectTimeoutMs: number,
  channel: string,
  onMessage: (payload: string) => void,
): pg.Client {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: connectTimeoutMs,
    keepAlive: true,
  });
  client.on('notification', (message) => {
    if (message.channel === channel) onMessage(message.payload ?? '');
  });
  return client;
}

/** Every LISTEN_CHECK_MS a `select 1` on the current connection: one that fails or hangs gets an 'error'. */
function startListenCheck(current: () => pg.Client | undefined, connectTimeoutMs: number): NodeJS.Timeout {
  const check = setInterval(() => {
    const client = current();
    if (!client) return;
    const timeout = setTimeout(
      () => client.emit('error', new Error('listen connection timeout')),
      connectTimeoutMs,
    );
    client
      .query('select 1')
      .catch((error: unknown) => client.emit('error', error))
      .finally(() => clearTimeout(timeout));
  }, LISTEN_CHECK_MS);
  check.unref();
  return check;
}

/**
 * One connection outside the pool that only LISTENs. When it drops (server restart, network) it is
 * replaced with backoff (0.25 s doubling to 10 s); a periodic `select 1` finds a connection that died
 * silently.
 */
async function listenOnServer(
  url: string,
  connectTimeoutMs: number,
  channel: string,
  onMessage: (payload: string) => void,
  hooks: ListenHooks = {},
): Promise<() => Promise<void>> {
  const quoted = `"${channel.replace(/"/g, '""')}"`;
  let current: pg.Client | undefined;
  let stopped = false;
  let failures = 0;
  let everConnected = false;
  let retry: NodeJS.Timeout | undefined;

  const schedule = () => {
    if (stopped || retry) return;
    const delay = Math.min(10_000, 250 * 2 ** failures);
    failures += 1;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
  };

  const drop = (client: pg.Client) => {
    if (current === client) current = undefined;
    client.removeAllListeners('notification');
    client.end().catch(() => {});
    schedule();
  };

  const connect = async () => {
    const client = newListenClient(url, connectTimeoutMs, channel, onMessage);
    let lost = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (error) hooks.onError?.(error);
      drop(client);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    try {
      await client.connect();
      await client.query(`listen ${quoted}`);
    } catch (error) {
      onLost(error);
      return;
    }
    if (stopped) {
      lost = true;
      await client.end().catch(() => {});
      return;
    }
    current = client;
    failures = 0;
    if (everConnected) hooks.onReconnect?.();
    everConnected = true;
  };

  const check = startListenCheck(() => current, connectTimeoutMs);

  await connect();
  return async () => {
    stopped = true;
    clearInterval(check);
    if (retry) clearTimeout(retry);
    const client = current;
    current = undefined;
    if (client) {
      client.removeAllListeners('end');
      client.removeAllListeners('error');
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  };
}
