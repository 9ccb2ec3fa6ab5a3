import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.ts';

/**
 * Files to remove from storage, queued in the same transaction as the rows that pointed at them
 * (issue #39 item 2): a process killed after the commit leaves the queue, not the files, and the
 * worker empties it. Deleting a key twice is harmless in both stores.
 */
export const pendingFileDeletions = pgTable('pending_file_deletions', {
  storage_key: text('storage_key').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  last_error: text('last_error'),
  next_attempt_at: timestamptz('next_attempt_at').notNull().defaultNow(),
  created_at: createdAt(),
});
