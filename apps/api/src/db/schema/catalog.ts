import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.ts';

/** A media product (docs/spec/product.md §2). Money in integer centavos. The catalogue issue extends it. */
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
    /** Centavos, 64-bit like every money column (see orders.ts). */
    daily_price: bigint('daily_price', { mode: 'number' }).notNull(),
    is_tower_based: boolean('is_tower_based').notNull().default(false),
    weekly_audience: integer('weekly_audience').notNull().default(0),
    /** Where the audience comes from (issue #43 item 6, decision 089): e.g. "Urbana", "Kantar IBOPE". */
    audience_source: text('audience_source').notNull().default(''),
    /** How it was measured: e.g. "contagem de fluxo". */
    audience_method: text('audience_method').notNull().default(''),
    /** When it was measured (the month is what is shown: "maio/2026"). */
    audience_measured_on: date('audience_measured_on', { mode: 'string' }),
    /** Who passes by: e.g. "Classes A e B, 25 a 44 anos, trabalhadores do centro". */
    audience_profile: text('audience_profile').notNull().default(''),
    /** e.g. "Todos os dias, 6h às 24h". */
    operating_hours: text('operating_hours').notNull().default(''),
    status: text('status', { enum: ['ativo', 'inativo'] })
      .notNull()
      .default('ativo'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_slug_key').on(t.slug),
    // Map searches: a GiST index over the location as a point (core PostgreSQL, no extension).
    index('products_location_gist_idx')
      .using('gist', sql`point(${t.longitude}, ${t.latitude})`)
      .where(sql`${t.status} = 'ativo'`),
    index('products_status_type_idx').on(t.status, t.type),
    // The home page's featured cards: the best audience of each type, then overall, from an index
    // instead of a sort of the catalogue (issue #21).
    index('products_featured_idx')
      .on(t.type, t.weekly_audience.desc(), t.id)
      .where(sql`${t.status} = 'ativo'`),
    index('products_audience_idx')
      .on(t.weekly_audience.desc(), t.id)
      .where(sql`${t.status} = 'ativo'`),
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

/**
 * The network in numbers, kept by triggers as the catalogue changes (migration
 * 0012_network_stats.sql) so that the home page never aggregates the whole catalogue (issue #21):
 * active locations, audience and screens per media type…
 */
export const networkTypeStats = pgTable('network_type_stats', {
  type: text('type').primaryKey(),
  locations: integer('locations').notNull().default(0),
  weekly_audience: bigint('weekly_audience', { mode: 'number' }).notNull().default(0),
  screens: integer('screens').notNull().default(0),
});

/** …and active locations per city, for the counts of cities and states. */
export const networkCityStats = pgTable(
  'network_city_stats',
  {
    city: text('city').notNull(),
    state: text('state').notNull(),
    locations: integer('locations').notNull().default(0),
  },
  (t) => [uniqueIndex('network_city_stats_key').on(t.city, t.state)],
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
    uniqueIndex('towers_id_product_key').on(t.id, t.product_id),
    check('towers_slots_check', sql`${t.slots} > 0`),
    check('towers_screens_check', sql`${t.screens} > 0`),
  ],
);

/** Photos of a product, stored through the storage layer; position 0 is the cover. */
export const productPhotos = pgTable(
  'product_photos',
  {
    id: id(),
    product_id: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    storage_key: text('storage_key').notNull(),
    thumb_key: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    alt: text('alt').notNull().default(''),
    position: integer('position').notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [index('product_photos_product_idx').on(t.product_id, t.position)],
);

/**
 * One booked slot of a tower (or face) for a period [starts_on, ends_on). Reservations of unpaid
 * orders hold until hold_expires_at; paid ones have no expiry. The checkout issue adds the order link
 * and the exclusion constraint that no slot is booked twice.
 */
export const reservations = pgTable(
  'reservations',
  {
    id: id(),
    tower_id: uuid('tower_id')
      .notNull()
      .references(() => towers.id, { onDelete: 'restrict' }),
    /** The tower's product, kept here so that a search finds a product's bookings without its towers. */
    product_id: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    slot: integer('slot').notNull(),
    /** The product's location, copied so that a map search finds the bookings in its area by index. */
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    starts_on: date('starts_on', { mode: 'string' }).notNull(),
    ends_on: date('ends_on', { mode: 'string' }).notNull(),
    hold_expires_at: timestamptz('hold_expires_at'),
    /** pendente: held for an unpaid order; confirmada: paid; liberada: given back (expired or cancelled). */
    status: text('status', { enum: ['pendente', 'confirmada', 'liberada'] })
      .notNull()
      .default('confirmada'),
    order_item_id: uuid('order_item_id'),
    /** A staff block or reserva técnica (inventory_holds; foreign key in the migration's hand-written part). */
    hold_id: uuid('hold_id'),
    created_at: createdAt(),
  },
  (t) => [
    index('reservations_tower_period_idx').on(t.tower_id, t.starts_on, t.ends_on),
    index('reservations_product_period_idx').on(t.product_id, t.ends_on, t.starts_on),
    // Bookings by place and period together (core GiST opclasses for point and daterange).
    index('reservations_place_period_gist_idx').using(
      'gist',
      sql`point(${t.longitude}, ${t.latitude})`,
      sql`daterange(${t.starts_on}, ${t.ends_on})`,
    ),
    // The product is the tower's own product.
    foreignKey({
      name: 'reservations_tower_product_fk',
      columns: [t.tower_id, t.product_id],
      foreignColumns: [towers.id, towers.product_id],
    }),
    check('reservations_period_check', sql`${t.ends_on} > ${t.starts_on}`),
    check('reservations_slot_check', sql`${t.slot} >= 1`),
    check('reservations_status_check', sql`${t.status} in ('pendente', 'confirmada', 'liberada')`),
    index('reservations_order_item_idx').on(t.order_item_id),
    index('reservations_hold_idx').on(t.hold_id),
    check('reservations_owner_check', sql`${t.order_item_id} is null or ${t.hold_id} is null`),
  ],
);
