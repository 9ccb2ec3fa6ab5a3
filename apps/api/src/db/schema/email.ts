import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns.ts';
import { profiles } from './accounts.ts';

/**
 * The outbox: every e-mail the product sends is a row here first (PRODUCT.md §7).
 * pendente → enviado | falhou; registrado = kept in the log only, because no SMTP is configured.
 */
export const emailLog = pgTable(
  'email_log',
  {
    id: id(),
    user_id: uuid('user_id').references(() => profiles.id, { onDelete: 'set null' }),
    to_email: text('to_email').notNull(),
    subject: text('subject').notNull(),
    template: text('template').notNull(),
    body_text: text('body_text').notNull(),
    body_html: text('body_html').notNull(),
    status: text('status', { enum: ['pendente', 'enviado', 'falhou', 'registrado'] })
      .notNull()
      .default('pendente'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    send_after: timestamptz('send_after').notNull().defaultNow(),
    locked_until: timestamptz('locked_until'),
    sent_at: timestamptz('sent_at'),
    created_at: createdAt(),
  },
  (t) => [
    index('email_log_due_idx')
      .on(t.send_after)
      .where(sql`${t.status} = 'pendente'`),
    index('email_log_created_at_idx').on(t.created_at),
    check('email_log_status_check', sql`${t.status} in ('pendente', 'enviado', 'falhou', 'registrado')`),
  ],
);
