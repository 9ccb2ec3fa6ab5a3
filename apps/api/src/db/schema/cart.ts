import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { profiles } from './accounts.ts';
import { products } from './catalog.ts';
import { advertisers } from './agencies.ts';

/** Specification §3 (docs/spec/specification.md)/§7: one row per user, the cart items as a JSON list. */
export const userCart = pgTable(
  'user_cart',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    products: jsonb('products')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** An agency's cart is for one of its advertisers (issue #44, decision 116); it goes to the order. */
    advertiser_id: uuid('advertiser_id').references(() => advertisers.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('user_cart_user_id_key').on(t.user_id)],
);

export const userFavorites = pgTable(
  'user_favorites',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    product_id: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('user_favorites_user_product_key').on(t.user_id, t.product_id),
    index('user_favorites_product_id_idx').on(t.product_id),
  ],
);
