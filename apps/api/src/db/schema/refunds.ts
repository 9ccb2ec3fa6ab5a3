import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.ts';
import { profiles } from './accounts.ts';
import { orders } from './orders.ts';

/**
 * Money given back through the payment provider (issue #41, docs/decisions/102): a devolução of a
 * received Pix (`PUT /pix/{e2eid}/devolucao/{id}`), written with what asked for it (staff cancelling a
 * paid order, a Pix paid after its hold expired) and sent after commit by a worker, which sends the same
 * `refund_id` again until the PSP answers (the PUT is idempotent), then follows it to its end.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: id(),
    /** Urbana's id of the devolução at the provider: 32 letters and digits. */
    refund_id: text('refund_id').notNull(),
    provider: text('provider').notNull(),
    /** The payment given back (a Pix's endToEndId). */
    payment_reference: text('payment_reference').notNull(),
    order_id: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['cancelamento', 'pago_apos_expirar', 'sem_pedido'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    /** pendente: not yet taken by the PSP; processando: taken; devolvido / nao_realizado: its end. */
    status: text('status', { enum: ['pendente', 'processando', 'devolvido', 'nao_realizado'] })
      .notNull()
      .default('pendente'),
    /** The PSP's reason for a devolução not made. */
    provider_reason: text('provider_reason'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamptz('next_attempt_at').notNull().defaultNow(),
    /** The last failure to reach the PSP, for staff. */
    last_error: text('last_error'),
    created_by: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
    settled_at: timestamptz('settled_at'),
  },
  (t) => [
    uniqueIndex('payment_refunds_refund_id_key').on(t.provider, t.refund_id),
    index('payment_refunds_order_idx').on(t.order_id),
    index('payment_refunds_open_idx')
      .on(t.next_attempt_at)
      .where(sql`${t.status} in ('pendente', 'processando')`),
    check('payment_refunds_amount_check', sql`${t.amount} > 0`),
  ],
);
