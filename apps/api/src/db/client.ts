import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { apiRoot } from '../paths.ts';
import * as schema from './schema/index.ts';

export const migrationsFolder = path.join(apiRoot, 'drizzle');

/**
 * One query interface for both drivers. PGlite's drizzle instance has the same query API as
 * node-postgres's, so the services are written once against this type.
 */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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

// A fixed key: only Urbana's migrator takes this advisory lock.
const MIGRATION_LOCK_KEY = 727_001;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) return openServer(options.url, options.poolMax ?? 10, options.connectTimeoutMs ?? 5000);
  return openEmbedded(options.dataDir ?? 'memory://');
}

async function openEmbedded(dataDir: string): Promise<Database> {
  if (!dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { btree_gist }, parsers: { [INT8]: Number } });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: async () => {
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
  };
}

async function openServer(url: string, max: number, connectTimeoutMs: number): Promise<Database> {
  // A request fails fast (503) when the server is gone instead of waiting for it.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: connectTimeoutMs,
    keepAlive: true,
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    driver: 'pg',
    migrate: async () => {
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
  };
}

const LISTEN_CHECK_MS = 30_000;

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
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: connectTimeoutMs,
      keepAlive: true,
    });
    let lost = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (error) hooks.onError?.(error);
      drop(client);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
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

  const check = setInterval(() => {
    const client = current;
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
