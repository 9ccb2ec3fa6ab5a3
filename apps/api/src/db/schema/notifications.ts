import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns.ts';
import { profiles } from './accounts.ts';

/** A notification staff sent to a segment (/admin/notificacoes); each recipient gets a copy. */
export const notificationBroadcasts = pgTable(
  'notification_broadcasts',
  {
    id: id(),
    sender_id: uuid('sender_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** Everyone, one role, or one user (@urbana/shared audienceSegments). */
    segment: text('segment', { enum: ['todos', 'cliente', 'operador', 'admin', 'usuario'] }).notNull(),
    target_user_id: uuid('target_user_id').references(() => profiles.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    recipients: integer('recipients').notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [
    index('notification_broadcasts_created_idx').on(t.created_at),
    check(
      'notification_broadcasts_segment_check',
      sql`${t.segment} in ('todos', 'cliente', 'operador', 'admin', 'usuario')`,
    ),
  ],
);

/** Notifications for one user, raised by the events of every module (docs/spec/product.md §7). */
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
    /** Set when the notification is one copy of a staff broadcast (for its read rate). */
    broadcast_id: uuid('broadcast_id').references(() => notificationBroadcasts.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.user_id, t.created_at),
    index('notifications_broadcast_idx').on(t.broadcast_id),
  ],
);
