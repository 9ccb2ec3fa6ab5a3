import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { profiles } from './accounts.ts';
import { advertisers } from './agencies.ts';

const money = (name: string) => bigint(name, { mode: 'number' });

/** One line as stored: the cart/planner line and its total when saved (what "changed" compares with). */
export interface StoredPlanLine {
  productId: string;
  towerIds: string[];
  startDate: string;
  weeks: number;
  savedTotal: number;
}

/**
 * A named media plan (issue #23 item 3, docs/decisions/035-named-plans-and-share-links.md): lines as a
 * JSON list like the cart, re-priced whenever opened; `share_token` is the unguessable public link,
 * null when never shared or revoked.
 */
export const mediaPlans = pgTable(
  'media_plans',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    lines: jsonb('lines').$type<StoredPlanLine[]>().notNull(),
    saved_total: money('saved_total').notNull(),
    share_token: text('share_token'),
    /** An agency's plan is for one of its advertisers (issue #44, decision 116). */
    advertiser_id: uuid('advertiser_id').references(() => advertisers.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('media_plans_user_idx').on(t.user_id, t.updated_at),
    uniqueIndex('media_plans_share_token_key').on(t.share_token),
    check('media_plans_name_check', sql`char_length(${t.name}) between 1 and 120`),
    check('media_plans_saved_total_check', sql`${t.saved_total} >= 0`),
  ],
);
