import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { pendingFileDeletions } from '../../db/schema/index.ts';
import type { Storage } from '../storage.ts';

/** Queues files for removal inside the caller's transaction: they go only if it commits. */
export async function queueFileDeletions(tx: Tx, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx
    .insert(pendingFileDeletions)
    .values(keys.map((storage_key) => ({ storage_key })))
    .onConflictDoNothing();
}

const BATCH = 100;

/**
 * Removes the queued files, a batch at a time; several instances share the queue (skip locked). A key
 * whose removal fails stays, tried again later with a growing pause (at most an hour). Returns how
 * many files were removed.
 */
export async function processFileDeletions(deps: { db: Db; storage: Storage }): Promise<number> {
  let removed = 0;
  for (;;) {
    const done = await deps.db.transaction(async (tx) => {
      const due = await tx.execute<{ storage_key: string; attempts: number }>(sql`
        select storage_key, attempts from ${pendingFileDeletions}
        where next_attempt_at <= now() order by created_at limit ${BATCH} for update skip locked`);
      for (const { storage_key, attempts } of due.rows) {
        try {
          await deps.storage.delete(storage_key);
          await tx.execute(sql`delete from ${pendingFileDeletions} where storage_key = ${storage_key}`);
          removed += 1;
        } catch (err) {
          const pause = Math.min(60, 2 ** attempts);
          await tx.execute(sql`update ${pendingFileDeletions}
            set attempts = attempts + 1, last_error = ${String(err).slice(0, 500)},
                next_attempt_at = now() + make_interval(mins => ${pause})
            where storage_key = ${storage_key}`);
        }
      }
      return due.rows.length;
    });
    if (done < BATCH) return removed;
  }
}
