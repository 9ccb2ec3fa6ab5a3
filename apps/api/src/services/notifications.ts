import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { notifications } from '../db/schema/index.ts';

export async function notify(
  executor: Db | Tx,
  input: { userId: string; kind: string; title: string; body?: string; link?: string | null },
) {
  await executor.insert(notifications).values({
    user_id: input.userId,
    kind: input.kind,
    title: input.title,
    body: input.body ?? '',
    link: input.link ?? null,
  });
}

export async function listNotifications(db: Db, userId: string) {
  const items = await db
    .select()
    .from(notifications)
    .where(eq(notifications.user_id, userId))
    .orderBy(desc(notifications.created_at))
    .limit(50);
  const [unread] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)));
  return {
    unread: unread?.n ?? 0,
    items: items.map((n) => ({
      id: n.id,
      kind: n.kind,
      title: n.title,
      body: n.body,
      link: n.link,
      read: n.read_at !== null,
      created_at: n.created_at.toISOString(),
    })),
  };
}
