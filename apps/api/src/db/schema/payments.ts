/**
 * What an order's payment leaves outside the orders table (issue #41, decision 112): the provider's
 * payments as they arrived, once each, and the references staff retired.
 */
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './accounts.ts';
import { createdAt, id } from './columns.ts';
export type { OrderPaymentData } from './columns.ts';
import { orders } from './orders.ts';

/** Payment provider events, kept once each (replays are ignored). */
export const paymentEvents = pgTable('payment_events', {
  id: id(),
  provider_event_id: text('provider_event_id').notNull().unique(),
  order_id: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  received_at: createdAt(),
});

/**
 * A Pix code replaced by staff (decision 029): its txid stays here so that a Pix paid with it pays no order
 * (it is a "Pix sem pedido", given back), and no txid is ever used twice.
 */
export const retiredPixTxids = pgTable(
  'retired_pix_txids',
  {
    txid: text('txid').primaryKey(),
    order_id: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    retired_by: uuid('retired_by').references(() => profiles.id, { onDelete: 'set null' }),
    retired_at: createdAt(),
  },
  (t) => [index('retired_pix_txids_order_idx').on(t.order_id)],
);
