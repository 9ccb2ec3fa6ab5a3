import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

/**
 * Columns that point at a profile as someone who acted on another person's record (a reviewer, an
 * assignee, a sender): they do not make the row that person's data.
 */
export const ACTOR_COLUMNS = new Set([
  'reviewed_by',
  'started_by',
  'finished_by',
  'uploaded_by',
  'invited_by',
  'lifted_by',
  'assignee_id',
  'sender_id',
  'created_by',
  'author_id',
  'actor_id',
]);

/** Secrets and internal keys never exported. */
export const SECRET_COLUMNS = new Set([
  'password_hash',
  'token_hash',
  'code_hash',
  'totp_secret',
  'totp_pending_secret',
  'totp_last_step',
  'email_token',
  'request_hash',
  'locked_until',
]);

export interface OwnerColumn {
  table: string;
  column: string;
}

/**
 * Every (table, column) whose foreign key names a profile as the row's owner, read from
 * information_schema so that a table added later is covered without a change here.
 */
export async function ownerColumns(db: Db | Tx): Promise<OwnerColumn[]> {
  const result = await db.execute<{ table_name: string; column_name: string }>(sql`
    select kcu.table_name, kcu.column_name
    from information_schema.table_constraints tc
    join information_schema.key_column_usage kcu
      on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
    join information_schema.constraint_column_usage ccu
      on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
    where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'
      and ccu.table_name = 'profiles' and ccu.column_name = 'id'
    order by kcu.table_name, kcu.column_name`);
  return result.rows
    .filter((r) => !ACTOR_COLUMNS.has(r.column_name))
    .map((r) => ({ table: r.table_name, column: r.column_name }));
}

export function withoutSecrets(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([k]) => !SECRET_COLUMNS.has(k)));
}

/** Rows of `table` where `column` is one of `ids`, secrets removed. */
export async function rowsWhere(
  db: Db | Tx,
  table: string,
  column: string,
  ids: readonly string[],
): Promise<Array<Record<string, unknown>>> {
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute<Record<string, unknown>>(
    sql`select * from ${sql.identifier(table)} where ${sql.identifier(column)}::text in (${list})`,
  );
  return result.rows.map(withoutSecrets);
}
