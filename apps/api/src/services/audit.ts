import { and, count, eq, gt, min } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

export interface AuditEntry {
  actorId?: string | null;
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

export async function audit(executor: Db | Tx, entry: AuditEntry): Promise<void> {
  await executor.insert(auditLog).values({
    actor_id: entry.actorId ?? null,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
  });
}

/** How many `action` events for this key happened in the window, and when the window frees up. */
export async function recentEvents(db: Db, action: string, key: string, windowMs: number) {
  const since = new Date(Date.now() - windowMs);
  const [row] = await db
    .select({ n: count(), oldest: min(auditLog.created_at) })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entity_id, key), gt(auditLog.created_at, since)));
  const n = row?.n ?? 0;
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  const retryAfterSeconds = oldest
    ? Math.max(1, Math.ceil((oldest.getTime() + windowMs - Date.now()) / 1000))
    : Math.ceil(windowMs / 1000);
  return { count: n, retryAfterSeconds };
}
