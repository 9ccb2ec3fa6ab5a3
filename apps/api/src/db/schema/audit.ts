import { index, inet, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { profiles } from './accounts.ts';

/**
 * Staff actions and sign-in events. Failed sign-ins are also what the per-e-mail limit counts, so the
 * limit holds across several API instances without another store.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actor_id: uuid('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entity_id: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: inet('ip'),
    created_at: createdAt(),
  },
  (t) => [
    index('audit_log_action_entity_idx').on(t.action, t.entity_id, t.created_at),
    index('audit_log_created_at_idx').on(t.created_at),
    index('audit_log_actor_idx').on(t.actor_id, t.created_at),
  ],
);
