import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { media } from './ads.ts';
import { profiles } from './accounts.ts';
import { towers } from './catalog.ts';
import { createdAt, id, timestamptz } from './columns.ts';
import { coupons, orderItems } from './orders.ts';

/**
 * A player: the device behind one screen face (a tower's screens, a LED panel), issue #43 item 1 and
 * decision 090. Its loop is `loop_seconds` of `spot_seconds` spots — as many spots as the face has
 * slots. `secret` signs what the device sends (HMAC), so it is kept, and shown to staff only once.
 */
export const players = pgTable(
  'players',
  {
    id: id(),
    tower_id: uuid('tower_id')
      .notNull()
      .references(() => towers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** e.g. '1080x1920'. */
    resolution: text('resolution').notNull(),
    orientation: text('orientation', { enum: ['paisagem', 'retrato'] }).notNull(),
    loop_seconds: integer('loop_seconds').notNull(),
    spot_seconds: integer('spot_seconds').notNull(),
    /** 'HH:MM' in Brasília; closes_at ≤ opens_at runs past midnight. */
    opens_at: text('opens_at').notNull(),
    closes_at: text('closes_at').notNull(),
    secret: text('secret').notNull(),
    last_seen_at: timestamptz('last_seen_at'),
    /** When staff were told it went silent (PLAYER_SILENCE_MINUTES); a new silence after a contact tells again. */
    silence_alerted_at: timestamptz('silence_alerted_at'),
    created_at: createdAt(),
  },
  (t) => [
    index('players_tower_idx').on(t.tower_id),
    check('players_orientation_check', sql`${t.orientation} in ('paisagem', 'retrato')`),
    check('players_loop_check', sql`${t.spot_seconds} > 0 and ${t.loop_seconds} >= ${t.spot_seconds}`),
  ],
);

/**
 * One play a player reported (issue #43 item 3, decision 101): append-only (a trigger refuses updates
 * and deletes), its id made by the player so a report sent twice counts once. No foreign keys: a play
 * stays proof of what happened after its player is removed. `booking_id` is the order item (null: a
 * house creative); `tower_id` is the face the player showed when it reported.
 */
export const plays = pgTable(
  'plays',
  {
    id: uuid('id').primaryKey(),
    player_id: uuid('player_id').notNull(),
    tower_id: uuid('tower_id').notNull(),
    booking_id: uuid('booking_id'),
    media_id: uuid('media_id').notNull(),
    started_at: timestamptz('started_at').notNull(),
    ended_at: timestamptz('ended_at').notNull(),
    duration_ms: integer('duration_ms').notNull(),
    received_at: timestamptz('received_at').notNull().defaultNow(),
  },
  (t) => [
    index('plays_booking_idx').on(t.booking_id, t.started_at),
    index('plays_player_idx').on(t.player_id, t.started_at),
    check('plays_period_check', sql`${t.ended_at} >= ${t.started_at} and ${t.duration_ms} >= 0`),
  ],
);

/** Urbana's own creatives, played in the spots nobody booked: files of a staff member's library. */
export const houseCreatives = pgTable('house_creatives', {
  media_id: uuid('media_id')
    .primaryKey()
    .references(() => media.id, { onDelete: 'cascade' }),
  added_by: uuid('added_by').references(() => profiles.id, { onDelete: 'set null' }),
  created_at: createdAt(),
});

/**
 * A make-good (issue #43 item 5, decision 105): a screen booking that ended delivered under
 * MAKEGOOD_THRESHOLD_PERCENT of its booked plays. The worker writes the row (one per booking: the key)
 * when it asks staff; staff grant it as a credit — a single-use coupon of `credit` centavos for the
 * customer's next order — and the customer sees it on the campaign report.
 */
export const makeGoods = pgTable(
  'make_goods',
  {
    order_item_id: uuid('order_item_id')
      .primaryKey()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    booked_plays: integer('booked_plays').notNull(),
    delivered_plays: integer('delivered_plays').notNull(),
    asked_at: timestamptz('asked_at').notNull().defaultNow(),
    status: text('status', { enum: ['pendente', 'concedida'] })
      .notNull()
      .default('pendente'),
    credit: bigint('credit', { mode: 'number' }),
    coupon_id: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    granted_by: uuid('granted_by').references(() => profiles.id, { onDelete: 'set null' }),
    granted_at: timestamptz('granted_at'),
  },
  (t) => [
    check('make_goods_status_check', sql`${t.status} in ('pendente', 'concedida')`),
    check(
      'make_goods_granted_check',
      sql`${t.status} = 'pendente' or (${t.credit} > 0 and ${t.granted_at} is not null)`,
    ),
  ],
);
