import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns.ts';
import { profiles } from './accounts.ts';

/** Notifications for one user, raised by the events of every module (PRODUCT.md §7). */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    read_at: timestamptz('read_at'),
    created_at: createdAt(),
  },
  (t) => [index('notifications_user_created_idx').on(t.user_id, t.created_at)],
);
