import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.ts';
import { orders } from './orders.ts';

/** Gap-free DPS numbers (`nDPS`) per series: the row is locked by the payment that takes the next one. */
export const dpsCounters = pgTable('dps_counters', {
  series: text('series').primaryKey(),
  last: bigint('last', { mode: 'number' }).notNull(),
});

/**
 * The NFS-e of a paid order (issue #42, docs/decisions/083-nfse-when-paid.md): written with the payment,
 * numbered in its transaction, then built, signed and sent by the fiscal worker.
 * - `nao_emitida`: no certificate configured (NFSE_URL empty); nothing was or will be sent as it is;
 * - `pendente`: waiting for the worker (or for an answer that was lost: the worker asks before resending);
 * - `emitida`: the Sefin answered with the access key and the NFS-e XML;
 * - `recusada`: the Sefin refused it (`messages`); staff fix the data and try again;
 * - `cancelada`: cancelled at the Sefin (event e101101), or dropped before it was ever sent.
 * `cancel_state` follows a cancellation asked for an issued NFS-e: `pendente` (the worker sends the
 * event), `recusado` (the Sefin refused it), `substituir` (past the legal window: staff substitute it).
 */
export const fiscalDocuments = pgTable(
  'fiscal_documents',
  {
    id: id(),
    order_id: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', {
      enum: ['nao_emitida', 'pendente', 'emitida', 'recusada', 'cancelada'],
    }).notNull(),
    /** Series and number of the DPS; null until a certificate is configured (status nao_emitida). */
    series: text('series'),
    number: bigint('number', { mode: 'number' }),
    /** `TSIdDPS`: what the Sefin knows this DPS by (HEAD /dps/{idDps}). */
    id_dps: text('id_dps'),
    /** Sends tried; before any send after the first the worker asks the Sefin whether it arrived. */
    attempts: integer('attempts').notNull().default(0),
    /** Another worker owns the document until then (a send in progress). */
    lease_until: timestamptz('lease_until'),
    next_attempt_at: timestamptz('next_attempt_at').notNull().defaultNow(),
    dps_xml: text('dps_xml'),
    chave_acesso: text('chave_acesso'),
    nfse_xml: text('nfse_xml'),
    issued_at: timestamptz('issued_at'),
    /** The Sefin's messages of the last answer ({ codigo, descricao, complemento }[]). */
    messages: jsonb('messages').notNull().default([]),
    /** Why the last attempt failed without an answer (the service down, no answer in time). */
    last_error: text('last_error'),
    cancel_state: text('cancel_state', { enum: ['pendente', 'recusado', 'substituir'] }),
    cancel_reason: text('cancel_reason'),
    cancel_xml: text('cancel_xml'),
    cancelled_at: timestamptz('cancelled_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // One NFS-e per order: a payment seen twice never issues two.
    uniqueIndex('fiscal_documents_order_key').on(t.order_id),
    uniqueIndex('fiscal_documents_series_number_key').on(t.series, t.number),
    uniqueIndex('fiscal_documents_id_dps_key').on(t.id_dps),
    uniqueIndex('fiscal_documents_chave_key').on(t.chave_acesso),
    index('fiscal_documents_work_idx')
      .on(t.next_attempt_at)
      .where(sql`${t.status} = 'pendente' or ${t.cancel_state} = 'pendente'`),
    index('fiscal_documents_status_idx').on(t.status, t.created_at),
    check(
      'fiscal_documents_status_check',
      sql`${t.status} in ('nao_emitida', 'pendente', 'emitida', 'recusada', 'cancelada')`,
    ),
    check(
      'fiscal_documents_cancel_state_check',
      sql`${t.cancel_state} is null or ${t.cancel_state} in ('pendente', 'recusado', 'substituir')`,
    ),
    check(
      'fiscal_documents_numbered_check',
      sql`${t.status} = 'nao_emitida' or (${t.series} is not null and ${t.number} is not null and ${t.id_dps} is not null) or (${t.status} = 'cancelada' and ${t.chave_acesso} is null)`,
    ),
    check(
      'fiscal_documents_issued_check',
      sql`${t.status} <> 'emitida' or (${t.chave_acesso} is not null and ${t.nfse_xml} is not null)`,
    ),
  ],
);
