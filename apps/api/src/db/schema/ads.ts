import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.ts';
import { profiles } from './accounts.ts';
import { orderItems } from './orders.ts';

/** A customer's media library (docs/spec/product.md §5): files in the storage layer under server-made keys. */
export const media = pgTable(
  'media',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['imagem', 'video'] }).notNull(),
    format: text('format', { enum: ['jpg', 'png', 'webp', 'mp4'] }).notNull(),
    mime: text('mime').notNull(),
    size_bytes: integer('size_bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    duration_ms: integer('duration_ms'),
    storage_key: text('storage_key').notNull(),
    thumb_key: text('thumb_key'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('media_user_created_idx').on(t.user_id, t.created_at),
    check('media_size_check', sql`${t.size_bytes} > 0`),
  ],
);

/** An ad: the creative a customer sends for booked items; its state follows @urbana/shared adTransitions. */
export const ads = pgTable(
  'ads',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status', {
      enum: ['rascunho', 'em_analise', 'aprovado', 'reprovado', 'em_veiculacao', 'finalizado'],
    })
      .notNull()
      .default('rascunho'),
    review_reason: text('review_reason'),
    reviewed_by: uuid('reviewed_by').references(() => profiles.id, { onDelete: 'set null' }),
    reviewed_at: timestamptz('reviewed_at'),
    submitted_at: timestamptz('submitted_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('ads_user_created_idx').on(t.user_id, t.created_at),
    index('ads_status_idx').on(t.status),
    check(
      'ads_status_check',
      sql`${t.status} in ('rascunho', 'em_analise', 'aprovado', 'reprovado', 'em_veiculacao', 'finalizado')`,
    ),
  ],
);

/** The booked order items an ad runs on: one ad per item. */
export const adItems = pgTable(
  'ad_items',
  {
    ad_id: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    order_item_id: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.ad_id, t.order_item_id] }),
    uniqueIndex('ad_items_order_item_key').on(t.order_item_id),
  ],
);

/** The library files an ad shows, in order. */
export const adMedia = pgTable(
  'ad_media',
  {
    ad_id: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    media_id: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ad_id, t.media_id] }), index('ad_media_media_idx').on(t.media_id)],
);

/** The run of a paid order item, started and finished by staff (docs/spec/product.md §5). */
export const campaignRuns = pgTable('campaign_runs', {
  order_item_id: uuid('order_item_id')
    .primaryKey()
    .references(() => orderItems.id, { onDelete: 'cascade' }),
  started_at: timestamptz('started_at').notNull(),
  started_by: uuid('started_by').references(() => profiles.id, { onDelete: 'set null' }),
  finished_at: timestamptz('finished_at'),
  finished_by: uuid('finished_by').references(() => profiles.id, { onDelete: 'set null' }),
  /** Why staff ended the run before the booked last day; the customer sees it (issue #17 item 1). */
  early_end_reason: text('early_end_reason'),
});

/** Proof-of-play photos staff attach to a campaign; the customer sees them on the order. */
export const proofPhotos = pgTable(
  'proof_photos',
  {
    id: id(),
    order_item_id: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    taken_on: date('taken_on', { mode: 'string' }).notNull(),
    caption: text('caption').notNull().default(''),
    storage_key: text('storage_key').notNull(),
    thumb_key: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    uploaded_by: uuid('uploaded_by').references(() => profiles.id, { onDelete: 'set null' }),
    /**
     * The file as the camera wrote it (decision 107), kept privately with its SHA-256 — never served
     * to the customer, whose copy is re-encoded without metadata. Null for photos sent before it.
     */
    original_key: text('original_key'),
    original_sha256: text('original_sha256'),
    original_bytes: integer('original_bytes'),
    /** What its EXIF said, read before the public copy was stripped (null when it said nothing). */
    exif_taken_at: timestamptz('exif_taken_at'),
    exif_latitude: doublePrecision('exif_latitude'),
    exif_longitude: doublePrecision('exif_longitude'),
    /** Metres from the face's position, when the photo has one. */
    distance_m: integer('distance_m'),
    /** Whether its EXIF time falls outside the booked period (null when it has none). */
    outside_period: boolean('outside_period'),
    created_at: createdAt(),
  },
  (t) => [index('proof_photos_item_idx').on(t.order_item_id, t.taken_on)],
);
