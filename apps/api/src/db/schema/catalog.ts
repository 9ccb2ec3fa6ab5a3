import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

/** A media product (PRODUCT.md §2). Money in integer centavos. The catalogue issue extends it. */
export const products = pgTable(
  'products',
  {
    id: id(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type', {
      enum: ['torre', 'painel_led', 'outdoor', 'empena', 'mobiliario_urbano'],
    }).notNull(),
    address: text('address').notNull().default(''),
    neighborhood: text('neighborhood').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    daily_price: integer('daily_price').notNull(),
    is_tower_based: boolean('is_tower_based').notNull().default(false),
    weekly_audience: integer('weekly_audience').notNull().default(0),
    status: text('status', { enum: ['ativo', 'inativo'] })
      .notNull()
      .default('ativo'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_slug_key').on(t.slug),
    check('products_daily_price_check', sql`${t.daily_price} >= 0`),
    check('products_state_check', sql`${t.state} ~ '^[A-Z]{2}$'`),
    check(
      'products_type_check',
      sql`${t.type} in ('torre', 'painel_led', 'outdoor', 'empena', 'mobiliario_urbano')`,
    ),
    check('products_status_check', sql`${t.status} in ('ativo', 'inativo')`),
    check('products_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('products_longitude_check', sql`${t.longitude} between -180 and 180`),
  ],
);

/** A tower (or a non-tower product's single face): how many advertisers run at once = slots. */
export const towers = pgTable(
  'towers',
  {
    id: id(),
    product_id: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    screens: integer('screens').notNull().default(1),
    weekly_audience: integer('weekly_audience').notNull().default(0),
    slots: integer('slots').notNull().default(1),
    created_at: createdAt(),
  },
  (t) => [
    index('towers_product_id_idx').on(t.product_id),
    check('towers_slots_check', sql`${t.slots} > 0`),
    check('towers_screens_check', sql`${t.screens} > 0`),
  ],
);
