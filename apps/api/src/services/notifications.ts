import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { notifications } from '../db/schema/index.ts';

/** PostgreSQL NOTIFY channel: `{ "user_id": …, "id": … }` for every new notification. */
export const NOTIFICATION_CHANNEL = 'urbana_notificacoes';

/**
 * Stores a notification and announces it on NOTIFICATION_CHANNEL in the same statement, so the
 * announcement goes out exactly when the row commits (with the caller's transaction) and never for a
 * rolled-back one. Every instance's NotificationHub hears it (services/notification-hub.ts).
 */
export async function notify(
  executor: Db | Tx,
  input: { userId: string; kind: string; title: string; body?: string; link?: string | null },
) {
  await executor.execute(sql`
    with created as (
      insert into ${notifications} (user_id, kind, title, body, link)
      values (${input.userId}, ${input.kind}, ${input.title}, ${input.body ?? ''}, ${input.link ?? null})
      returning id, user_id)
    select pg_notify(${NOTIFICATION_CHANNEL}, json_build_object('user_id', user_id, 'id', id)::text)
    from created`);
}

function toItem(n: typeof notifications.$inferSelect) {
  return {
    id: n.id,
    kind: n.kind,
    title: n.title,
    body: n.body,
    link: n.link,
    read: n.read_at !== null,
    created_at: n.created_at.toISOString(),
  };
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [unread] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)));
  return unread?.n ?? 0;
}

/** One notification of this user (as listNotifications shows it) and the unread count, or null. */
export async function notificationForStream(db: Db, userId: string, id: string) {
  const row = await db.query.notifications.findFirst({
    where: and(eq(notifications.id, id), eq(notifications.user_id, userId)),
  });
  if (!row) return null;
  return { notification: toItem(row), unread: await unreadCount(db, userId) };
}

export async function listNotifications(db: Db, userId: string) {
  const items = await db
    .select()
    .from(notifications)
    .where(eq(notifications.user_id, userId))
    .orderBy(desc(notifications.created_at))
    .limit(50);
  return { unread: await unreadCount(db, userId), items: items.map(toItem) };
}
