import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * True when the database already holds the journal's last migration, read with one query: drizzle's
 * migrator would then apply nothing, after an advisory lock, two `create … if not exists`, a select
 * and an empty transaction, and after reading and hashing every SQL file (issue #21: first answer
 * ≤ 1 s after start). It applies a migration whose `when` is later than the newest `created_at` it
 * recorded; this asks the same question. Any doubt (no table yet, an unreadable journal) answers
 * false, and the full migrator runs as before.
 */
export async function journalApplied(
  migrationsFolder: string,
  newestApplied: () => Promise<unknown>,
): Promise<boolean> {
  try {
    const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: Array<{ when: number }>;
    };
    const last = Math.max(...journal.entries.map((entry) => entry.when));
    const applied = await newestApplied();
    return applied !== null && applied !== undefined && Number.isFinite(last) && Number(applied) >= last;
  } catch {
    return false;
  }
}

/** The query `newestApplied` runs: drizzle's own table and schema (its defaults). */
export const NEWEST_APPLIED_SQL = 'select max(created_at) as newest from drizzle.__drizzle_migrations';
