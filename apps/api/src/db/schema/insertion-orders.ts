import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './accounts.ts';
import { agencies } from './agencies.ts';
import { createdAt, id, timestamptz } from './columns.ts';
import { orders } from './orders.ts';

/**
 * The PI (pedido de inserção) of an agency's order (issue #44 item 3, decision 103): written with the
 * order by the trigger `orders_insertion_order` (migration 0040), numbered `PI-AAAA-NNNNNN` gap-free
 * per Brasília year, and approved once by a person of the agency (who, when, from which address).
 */
export const insertionOrders = pgTable(
  'insertion_orders',
  {
    id: id(),
    order_id: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    agency_id: uuid('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    approved_at: timestamptz('approved_at'),
    approved_by: uuid('approved_by').references(() => profiles.id, { onDelete: 'set null' }),
    /** The name of who approved, kept should the account be deleted later. */
    approved_by_name: text('approved_by_name'),
    approved_ip: text('approved_ip'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('insertion_orders_order_key').on(t.order_id),
    uniqueIndex('insertion_orders_number_key').on(t.number),
    uniqueIndex('insertion_orders_year_seq_key').on(t.year, t.seq),
    index('insertion_orders_agency_idx').on(t.agency_id),
  ],
);

/** Gap-free PI numbers per year: the row is locked by the agency order that takes the next one. */
export const insertionOrderCounters = pgTable('insertion_order_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});
