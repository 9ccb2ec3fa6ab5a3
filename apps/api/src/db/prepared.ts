import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './types.ts';

const dialect = new PgDialect();

/**
 * Runs a read that the server makes thousands of times a second as a named prepared statement: on
 * the PostgreSQL server it is parsed and planned once per pooled connection, not on every call
 * (the product page's query spent about half its time being planned, docs/decisions/053-prepared-hot-reads.md).
 * Returns what `db.execute` returns. PGlite takes the name and runs the query as before.
 *
 * Only for a query whose text never changes between calls (values travel as parameters): a name
 * stands for one text on a connection, and each name stays prepared as long as the connection.
 * Name the columns, never `*`: PostgreSQL refuses to run a prepared statement whose result type a
 * migration of another instance changed ("cached plan must not change result type").
 */
export function executePrepared<T = Record<string, unknown>>(
  db: Db | Tx,
  name: string,
  query: SQL,
): Promise<{ rows: T[] }> {
  return db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute() as Promise<{
    rows: T[];
  }>;
}
