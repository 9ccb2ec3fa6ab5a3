import { and, count, eq, gt, inArray, min } from 'drizzle-orm';
import { auditDiff } from '@urbana/shared';
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

/**
 * Records an update with only the fields it changed as before → after, and nothing at all when it
 * changed nothing (issue #17 item 7, docs/decisions/028-readable-audit-log.md). Returns whether it wrote.
 */
export async function auditUpdate(
  executor: Db | Tx,
  entry: Omit<AuditEntry, 'before' | 'after'> & {
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  },
): Promise<boolean> {
  const diff = auditDiff(entry.before, entry.after);
  if (!diff) return false;
  await audit(executor, { ...entry, ...diff });
  return true;
}

/** How many `action` events (or any of several) for this key happened in the window, and when the window frees up. */
export async function recentEvents(
  db: Db,
  action: string | readonly string[],
  key: string,
  windowMs: number,
  ip?: string,
) {
  const since = new Date(Date.now() - windowMs);
  const [row] = await db
    .select({ n: count(), oldest: min(auditLog.created_at) })
    .from(auditLog)
    .where(
      and(
        typeof action === 'string' ? eq(auditLog.action, action) : inArray(auditLog.action, [...action]),
        eq(auditLog.entity_id, key),
        gt(auditLog.created_at, since),
        ip === undefined ? undefined : eq(auditLog.ip, ip),
      ),
    );
  const n = row?.n ?? 0;
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  const retryAfterSeconds = oldest
    ? Math.max(1, Math.ceil((oldest.getTime() + windowMs - Date.now()) / 1000))
    : Math.ceil(windowMs / 1000);
  return { count: n, retryAfterSeconds };
}

const ipLimitedAt = new Map<string, number>();

/**
 * Records a sign-in refused by the per-IP limit as `login.limitado`, at most once per IP and window in
 * this process, so that a flood of refused requests does not become a flood of writes.
 */
export function noteIpLimited(
  db: Db,
  ip: string,
  windowMs: number,
  log: { error(obj: object, msg: string): void },
): void {
  const now = Date.now();
  const last = ipLimitedAt.get(ip);
  if (last !== undefined && now - last < windowMs) return;
  if (ipLimitedAt.size > 10_000) ipLimitedAt.clear();
  ipLimitedAt.set(ip, now);
  audit(db, { action: 'login.limitado', entity: 'profile', ip, after: { limite: 'ip' } }).catch(
    (err: unknown) => log.error({ err }, 'falha ao registrar entrada limitada'),
  );
}
