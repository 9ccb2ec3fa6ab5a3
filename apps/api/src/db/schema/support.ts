import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.ts';
import { profiles } from './accounts.ts';

/**
 * Support tickets (docs/spec/product.md §6, §8): opened from /suporte by a visitor (name and e-mail) or a
 * signed-in user, answered by staff in /admin/suporte.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: id(),
    code: text('code').notNull(),
    user_id: uuid('user_id').references(() => profiles.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    category: text('category').notNull(),
    status: text('status', { enum: ['aberto', 'em_andamento', 'resolvido', 'fechado'] })
      .notNull()
      .default('aberto'),
    assignee_id: uuid('assignee_id').references(() => profiles.id, { onDelete: 'set null' }),
    last_message_at: timestamptz('last_message_at').notNull().defaultNow(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('support_tickets_code_key').on(t.code),
    index('support_tickets_user_idx').on(t.user_id, t.last_message_at),
    index('support_tickets_status_idx').on(t.status, t.last_message_at),
    index('support_tickets_email_idx').on(t.email),
    check(
      'support_tickets_status_check',
      sql`${t.status} in ('aberto', 'em_andamento', 'resolvido', 'fechado')`,
    ),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: id(),
    ticket_id: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    author_id: uuid('author_id').references(() => profiles.id, { onDelete: 'set null' }),
    author_role: text('author_role', { enum: ['cliente', 'equipe'] }).notNull(),
    body: text('body').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('support_messages_ticket_idx').on(t.ticket_id, t.created_at)],
);
