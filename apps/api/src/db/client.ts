import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

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
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL server; without it, PGlite in process. */
  url?: string | undefined;
  /** PGlite data folder; `memory://` for a throw-away database. */
  dataDir?: string;
  poolMax?: number;
}

// A fixed key: only Urbana's migrator takes this advisory lock.
const MIGRATION_LOCK_KEY = 727_001;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) return openServer(options.url, options.poolMax ?? 10);
  return openEmbedded(options.dataDir ?? 'memory://');
}

async function openEmbedded(dataDir: string): Promise<Database> {
  if (!dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { btree_gist } });
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
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function openServer(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
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
    close: async () => {
      await pool.end();
    },
  };
}
