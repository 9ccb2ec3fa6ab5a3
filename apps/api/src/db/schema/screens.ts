import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { towers } from './catalog.ts';
import { createdAt, id, timestamptz } from './columns.ts';

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
    created_at: createdAt(),
  },
  (t) => [
    index('players_tower_idx').on(t.tower_id),
    check('players_orientation_check', sql`${t.orientation} in ('paisagem', 'retrato')`),
    check('players_loop_check', sql`${t.spot_seconds} > 0 and ${t.loop_seconds} >= ${t.spot_seconds}`),
  ],
);
