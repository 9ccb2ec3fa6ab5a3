import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  IN_APP_PATH,
  IN_APP_PATH_MESSAGE,
  NOTIFICATION_NOT_FOUND,
  type AudienceSegment,
} from '@urbana/shared';
import type { Db, Tx } from '../../db/client.ts';
import { afterCommit, canRunAfterCommit } from '../../db/after-commit.ts';
import { notificationBroadcasts, notifications, profiles } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { turnBatcher } from '../../lib/turn-batch.ts';
import { audit } from '../audit.ts';

/** PostgreSQL NOTIFY channel: `{ "user_id": …, "id": … }` for every new notification. */
export const NOTIFICATION_CHANNEL = 'urbana_notificacoes';

/**
 * Stores a notification and announces it on NOTIFICATION_CHANNEL, never for a rolled-back one.
 * Every instance's NotificationHub hears it (services/messaging/notification-hub.ts). Inside a
 * transaction the announcement waits for the commit (docs/decisions/054-announcements-after-commit.md):
 * a transaction that notifies holds PostgreSQL's single notification-queue lock through its commit,
 * so transactions that notified committed one at a time. Outside one, the row and its announcement
 * are one statement.
 */
export async function notify(
  executor: Db | Tx,
  input: { userId: string; kind: string; title: string; body?: string; link?: string | null },
) {
  const insert = sql`
    insert into ${notifications} (user_id, kind, title, body, link)
    values (${input.userId}, ${input.kind}, ${input.title}, ${input.body ?? ''}, ${input.link ?? null})
    returning id, user_id`;
  if (canRunAfterCommit(executor)) {
    const { rows } = await executor.execute<WrittenNotification>(insert);
    announceAfterCommit(executor, rows);
    return;
  }
  await executor.execute(sql`
    with created as (${insert})
    select pg_notify(${NOTIFICATION_CHANNEL}, json_build_object('user_id', user_id, 'id', id)::text)
    from created`);
}

/** The notifications each running transaction has written, announced together after its commit. */
const toAnnounce = new WeakMap<Tx, WrittenNotification[]>();

function announceAfterCommit(tx: Tx, rows: WrittenNotification[]) {
  const batch = toAnnounce.get(tx);
  if (batch) {
    batch.push(...rows);
    return;
  }
  const first = [...rows];
  toAnnounce.set(tx, first);
  afterCommit(tx, (db) => announceCommitted(db, first));
}

/**
 * Announces notifications that a commit wrote. The announcements of the commits that end in the same
 * turn of the event loop go out together, in one statement: in a burst of checkouts each order's
 * announcement was a round trip of its own (docs/decisions/056-checkout-refusals-keep-their-connection.md).
 */
export const announceCommitted: (db: Db, rows: WrittenNotification[]) => Promise<void> = turnBatcher(
  (db: Db, rows: WrittenNotification[]) => announceNotifications(db, rows),
);

/** A notification row already written, to announce. */
export type WrittenNotification = { user_id: string; id: string };

/**
 * Announces notifications already written, on NOTIFICATION_CHANNEL: after a commit (the checkout's
 * `place_order`, docs/decisions/050; a transaction's notifications, `notify` above) in a statement
 * that writes nothing, so it holds the notification-queue lock only for a moment.
 */
export async function announceNotifications(db: Db | Tx, written: WrittenNotification[]) {
  if (written.length === 0) return;
  await db.execute(sql`
    select pg_notify(${NOTIFICATION_CHANNEL}, n::text)
    from jsonb_array_elements(${JSON.stringify(written)}::jsonb) n`);
}

/**
 * Tells every active staff member (admin and operador) at once, on the bell and the live stream: an
 * invoiced order to confirm, an ad to review, a new ticket, an accepted proposal (issue #19 item 5).
 * Runs in the caller's transaction, so nobody is told about something that did not commit.
 */
export async function notifyStaff(
  executor: Db | Tx,
  input: { kind: string; title: string; body?: string; link?: string | null },
) {
  const staff = await executor
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        inArray(profiles.tipo_usuario, ['admin', 'operador']),
        isNull(profiles.blocked_at),
        isNull(profiles.deleted_at),
      ),
    );
  for (const member of staff) await notify(executor, { ...input, userId: member.id });
  return staff.length;
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

export { NOTIFICATION_NOT_FOUND };

/** Marks one of the user's notifications as read (another user's id answers 404). */
export async function markNotificationRead(db: Db, userId: string, id: string) {
  const [row] = await db
    .update(notifications)
    .set({ read_at: sql`coalesce(${notifications.read_at}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.user_id, userId)))
    .returning();
  if (!row) throw new AppError(404, NOTIFICATION_NOT_FOUND);
  return { notification: toItem(row), unread: await unreadCount(db, userId) };
}

export async function markAllNotificationsRead(db: Db, userId: string) {
  await db
    .update(notifications)
    .set({ read_at: sql`now()` })
    .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)));
  return { unread: 0 };
}

/** The profiles a segment covers (blocked and deleted accounts are left out). */
export function segmentCondition(segment: AudienceSegment, userId: string | null | undefined) {
  const active = and(isNull(profiles.blocked_at), isNull(profiles.deleted_at))!;
  if (segment === 'todos') return active;
  if (segment === 'usuario')
    return and(active, eq(profiles.id, userId ?? '00000000-0000-0000-0000-000000000000'));
  return and(active, eq(profiles.tipo_usuario, segment));
}

/** How many active users a broadcast to this audience would reach (shown before sending). */
export async function countAudience(db: Db, segment: AudienceSegment, userId: string | null | undefined) {
  const [row] = await db.select({ n: count() }).from(profiles).where(segmentCondition(segment, userId));
  return row?.n ?? 0;
}

export const BROADCAST_NO_RECIPIENTS = 'Nenhum usuário ativo neste público.';

/**
 * A staff broadcast: one notification per recipient, written and announced (pg_notify per row) in one
 * statement, plus the broadcast row that keeps the history and the read rate.
 */
export async function broadcastNotification(
  db: Db,
  senderId: string,
  ip: string,
  input: {
    segment: AudienceSegment;
    user_id?: string | null | undefined;
    title: string;
    body?: string | undefined;
    link?: string | null | undefined;
  },
) {
  // The route validates it too; a link here ends up in every recipient's bell (issue 22, item 7).
  if (input.link && !IN_APP_PATH.test(input.link)) throw new AppError(400, IN_APP_PATH_MESSAGE);
  return db.transaction(async (tx) => {
    const target = input.segment === 'usuario' ? (input.user_id ?? null) : null;
    if (input.segment === 'usuario') {
      const user = await tx.query.profiles.findFirst({ where: eq(profiles.id, target!) });
      if (!user) throw new AppError(400, 'Usuário não encontrado.');
    }
    const [broadcast] = await tx
      .insert(notificationBroadcasts)
      .values({
        sender_id: senderId,
        segment: input.segment,
        target_user_id: target,
        title: input.title,
        body: input.body ?? '',
        link: input.link ?? null,
      })
      .returning();
    const where = segmentCondition(input.segment, target);
    // One row back per recipient, all announced after the commit.
    const sent = await tx.execute<WrittenNotification>(sql`
      insert into ${notifications} (user_id, kind, title, body, link, broadcast_id)
      select ${profiles.id}, 'aviso', ${input.title}, ${input.body ?? ''}, ${input.link ?? null}, ${broadcast!.id}
      from ${profiles} where ${where}
      returning id, user_id`);
    if (canRunAfterCommit(tx)) announceAfterCommit(tx, sent.rows);
    else await announceNotifications(tx, sent.rows);
    const recipients = sent.rows.length;
    if (recipients === 0) throw new AppError(400, BROADCAST_NO_RECIPIENTS);
    await tx
      .update(notificationBroadcasts)
      .set({ recipients })
      .where(eq(notificationBroadcasts.id, broadcast!.id));
    // In the same transaction: a broadcast is never sent without its entry (issue #39 item 9).
    await audit(tx, {
      actorId: senderId,
      action: 'notificacao.enviada',
      entity: 'notification_broadcast',
      entityId: broadcast!.id,
      after: { segment: input.segment, target_user_id: target, title: input.title, recipients },
      ip,
    });
    return { ...broadcast!, recipients };
  });
}

/** History of staff broadcasts with how many recipients have read each. */
export async function listBroadcasts(db: Db, page: number, pageSize: number) {
  const [total] = await db.select({ n: count() }).from(notificationBroadcasts);
  const rows = await db
    .select({
      broadcast: notificationBroadcasts,
      sender: profiles.nome_completo,
      read: sql<string>`(select count(*) from ${notifications} n where n.broadcast_id = ${notificationBroadcasts.id} and n.read_at is not null)`,
    })
    .from(notificationBroadcasts)
    .leftJoin(profiles, eq(profiles.id, notificationBroadcasts.sender_id))
    .orderBy(desc(notificationBroadcasts.created_at))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    total: total?.n ?? 0,
    items: rows.map((r) => ({
      id: r.broadcast.id,
      segment: r.broadcast.segment,
      target_user_id: r.broadcast.target_user_id,
      title: r.broadcast.title,
      body: r.broadcast.body,
      link: r.broadcast.link,
      recipients: r.broadcast.recipients,
      read: Number(r.read),
      sender: r.sender ?? null,
      created_at: r.broadcast.created_at.toISOString(),
    })),
  };
}
