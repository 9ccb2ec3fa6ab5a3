import { sql } from 'drizzle-orm';
import { check, foreignKey, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './accounts.ts';
import { products } from './catalog.ts';
import { userFavorites } from './cart.ts';
import { orders } from './orders.ts';
import { createdAt, id, timestamptz } from './columns.ts';

/**
 * "Avise-me" on a favourite (issue #23 item 4, docs/decisions/036-watches-and-campaign-reports.md): it
 * lives as long as the favourite does (a composite foreign key, cascading).
 */
export const placeWatches = pgTable(
  'place_watches',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    product_id: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /**
     * When this watcher was last told about this place: alerts are at most one per WATCH_ALERT_MINUTES
     * (issue #39 item 8). Kept here, not in memory, so that every instance honours the same window.
     */
    last_alerted_at: timestamptz('last_alerted_at'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('place_watches_user_product_key').on(t.user_id, t.product_id),
    index('place_watches_product_idx').on(t.product_id),
    foreignKey({
      name: 'place_watches_favorite_fk',
      columns: [t.user_id, t.product_id],
      foreignColumns: [userFavorites.user_id, userFavorites.product_id],
    }).onDelete('cascade'),
  ],
);

/**
 * One change of a watched place, written by a trigger in the same transaction as the change (a released
 * reservation, a lower daily price) and turned into alerts after commit by the outbox worker.
 */
export const watchChanges = pgTable(
  'watch_changes',
  {
    id: id(),
    product_id: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['semana_livre', 'preco_baixou'] }).notNull(),
    /** What makes the change one change: the released booking and period, or the price move. */
    change_key: text('change_key').notNull(),
    detail: jsonb('detail').$type<Record<string, string | number | null>>().notNull(),
    processed_at: timestamptz('processed_at'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('watch_changes_product_key').on(t.product_id, t.change_key),
    index('watch_changes_pending_idx')
      .on(t.created_at)
      .where(sql`${t.processed_at} is null`),
    check('watch_changes_kind_check', sql`${t.kind} in ('semana_livre', 'preco_baixou')`),
  ],
);

/** One alert per watch and change: the unique key makes a second delivery of the same change a no-op. */
export const watchAlerts = pgTable(
  'watch_alerts',
  {
    id: id(),
    watch_id: uuid('watch_id')
      .notNull()
      .references(() => placeWatches.id, { onDelete: 'cascade' }),
    change_id: uuid('change_id')
      .notNull()
      .references(() => watchChanges.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('watch_alerts_watch_change_key').on(t.watch_id, t.change_id)],
);

/**
 * The campaign report of an order (issue #23 item 5): a row appears (trigger) when the order reaches
 * "concluido"; sent_at marks the one notification and e-mail sent to the customer.
 */
export const campaignReports = pgTable('campaign_reports', {
  order_id: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  sent_at: timestamptz('sent_at'),
  created_at: createdAt(),
});
