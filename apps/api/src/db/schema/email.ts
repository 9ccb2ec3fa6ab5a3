import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.ts';
import { profiles } from './accounts.ts';

/**
 * The outbox: every e-mail the product sends is a row here first (docs/spec/product.md §7).
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
    /** One-click unsubscribe address (List-Unsubscribe) of an e-mail that can be turned off. */
    unsubscribe_url: text('unsubscribe_url'),
    status: text('status', { enum: ['pendente', 'enviado', 'falhou', 'registrado'] })
      .notNull()
      .default('pendente'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    send_after: timestamptz('send_after').notNull().defaultNow(),
    locked_until: timestamptz('locked_until'),
    sent_at: timestamptz('sent_at'),
    /** The scheduled e-mail this message is one copy of, if any. */
    scheduled_email_id: uuid('scheduled_email_id').references(() => scheduledEmails.id, {
      onDelete: 'set null',
    }),
    /** The logged e-mail this row is a staff resend of (the log labels it "Reenvio"). */
    resent_from_id: uuid('resent_from_id').references((): AnyPgColumn => emailLog.id, {
      onDelete: 'set null',
    }),
    created_at: createdAt(),
  },
  (t) => [
    index('email_log_due_idx')
      .on(t.send_after)
      .where(sql`${t.status} = 'pendente'`),
    index('email_log_created_at_idx').on(t.created_at),
    index('email_log_scheduled_idx').on(t.scheduled_email_id),
    check('email_log_status_check', sql`${t.status} in ('pendente', 'enviado', 'falhou', 'registrado')`),
  ],
);

/**
 * An e-mail to a segment at a set time (/admin/email-agendados). When it falls due, the outbox worker
 * turns it into one email_log row per recipient and sends those like any other message.
 * agendado → enviado (rows written) | cancelado.
 */
export const scheduledEmails = pgTable(
  'scheduled_emails',
  {
    id: id(),
    created_by: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    segment: text('segment', { enum: ['todos', 'cliente', 'operador', 'admin', 'usuario'] }).notNull(),
    target_user_id: uuid('target_user_id').references(() => profiles.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    send_at: timestamptz('send_at').notNull(),
    status: text('status', { enum: ['agendado', 'enviado', 'cancelado'] })
      .notNull()
      .default('agendado'),
    recipients: integer('recipients').notNull().default(0),
    processed_at: timestamptz('processed_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('scheduled_emails_due_idx')
      .on(t.send_at)
      .where(sql`${t.status} = 'agendado'`),
    check('scheduled_emails_status_check', sql`${t.status} in ('agendado', 'enviado', 'cancelado')`),
    check(
      'scheduled_emails_segment_check',
      sql`${t.segment} in ('todos', 'cliente', 'operador', 'admin', 'usuario')`,
    ),
  ],
);
