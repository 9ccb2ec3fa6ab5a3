import { and, asc, eq, isNull, lte, ne, sql } from 'drizzle-orm';
import { watchAlertText, type WatchChangeDetail, buildPath, paths } from '@urbana/shared';
import type { Db, Tx } from '../../db/client.ts';
import { activeReservation } from '../../db/occupancy.ts';
import { placeWatches, products, profiles, watchAlerts, watchChanges } from '../../db/schema/index.ts';
import { notify } from '../messaging/notifications.ts';
import type { Outbox } from '../messaging/outbox.ts';
import { unsubscribeUrl } from '../messaging/email-unsubscribe.ts';
import { watchAlertEmail } from './watch-email.ts';

type Change = typeof watchChanges.$inferSelect;

/**
 * A released booking is worth telling only while one of its slots is still free: a checkout that took
 * the same slot in between makes the change moot.
 */
async function stillFree(tx: Tx, change: Change): Promise<boolean> {
  const d = change.detail;
  const group = d.order_item_id
    ? sql`r.order_item_id = ${d.order_item_id}`
    : d.hold_id
      ? sql`r.hold_id = ${d.hold_id}`
      : sql`r.id = ${d.reservation_id}`;
  const result = await tx.execute<{ free: boolean }>(sql`
    select exists (
      select 1 from reservations r
      where ${group} and r.status = 'liberada' and r.starts_on = ${d.starts_on}
        and not exists (
          select 1 from reservations o
          where o.tower_id = r.tower_id and o.slot = r.slot and o.id <> r.id and ${activeReservation('o')}
            and daterange(o.starts_on, o.ends_on) && daterange(r.starts_on, r.ends_on))) as free`);
  return Boolean(result.rows[0]?.free);
}

/**
 * The customer whose order released the weeks: its e-mail of expiry or cancellation already tells them,
 * and a second one saying the place has free dates was the "two e-mails at expiry" (issue #40 item 7).
 */
async function releasedBy(tx: Tx, change: Change): Promise<string | null> {
  const item = change.detail.order_item_id;
  if (!item) return null;
  const result = await tx.execute<{ user_id: string }>(sql`
    select o.user_id from order_items i join orders o on o.id = i.order_id where i.id = ${item}`);
  return result.rows[0]?.user_id ?? null;
}

function detailOf(change: Change): WatchChangeDetail {
  const d = change.detail;
  return change.kind === 'semana_livre'
    ? { kind: 'semana_livre', starts_on: String(d.starts_on), ends_on: String(d.ends_on) }
    : { kind: 'preco_baixou', from: Number(d.from), to: Number(d.to) };
}

/** How the worker tells: the site's address for links, and the window of one watch (WATCH_ALERT_MINUTES). */
export type WatchAlertOptions = { publicUrl: string; alertMinutes: number };

/**
 * Claims the alert of one watch for one change, in one statement: true when the watcher is to be told.
 * False when this change was already told to this watch (watch_alerts' key) or when the watcher heard
 * about the place less than `minutes` ago — then nothing is written and the change goes untold to this
 * watch: anyone can book and cancel a watched face at will, and 8 rounds in 20 s were 8 e-mails (issue
 * #39 item 8). The window is the row's own column, moved by the UPDATE that decides: a second instance
 * delivering another change of the place waits on the row lock and, once the first commits, finds the
 * window closed (READ COMMITTED re-reads the row), so instances never send two.
 */
async function claimAlert(tx: Tx, watchId: string, changeId: string, minutes: number): Promise<boolean> {
  const claimed = await tx.execute<{ id: string }>(sql`
    with opened as (
      update ${placeWatches} set last_alerted_at = now()
      where id = ${watchId}
        and (last_alerted_at is null or last_alerted_at <= now() - make_interval(mins => ${minutes}::int))
        and not exists (
          select 1 from ${watchAlerts} a where a.watch_id = ${watchId} and a.change_id = ${changeId})
      returning id)
    insert into ${watchAlerts} (watch_id, change_id)
    select id, ${changeId} from opened
    on conflict do nothing
    returning id`);
  return claimed.rows.length > 0;
}

/**
 * Tells every watcher who can still see the place, once per watch and change and at most once per
 * window of the watch (claimAlert): a freed week and a lower price share it, since both come to the
 * same "look at this place again".
 */
async function alertWatchers(tx: Tx, outbox: Outbox, options: WatchAlertOptions, change: Change) {
  const { publicUrl } = options;
  const product = await tx.query.products.findFirst({ where: eq(products.id, change.product_id) });
  // A deactivated place is no longer shown to anyone: its watchers hear nothing (issue #23 item 4).
  if (!product || product.status !== 'ativo') return 0;
  if (change.kind === 'semana_livre' && !(await stillFree(tx, change))) return 0;
  if (change.kind === 'preco_baixou' && product.daily_price >= Number(change.detail.from)) return 0;
  const owner = change.kind === 'semana_livre' ? await releasedBy(tx, change) : null;
  const watchers = await tx
    .select({ watch: placeWatches.id, user: profiles })
    .from(placeWatches)
    .innerJoin(profiles, eq(profiles.id, placeWatches.user_id))
    .where(
      and(
        eq(placeWatches.product_id, change.product_id),
        lte(placeWatches.created_at, change.created_at),
        isNull(profiles.blocked_at),
        isNull(profiles.deleted_at),
        // Whose own order gave the weeks back has just been told so (its expiry or cancellation).
        owner ? ne(placeWatches.user_id, owner) : undefined,
      ),
    )
    // Always the same order of row locks (claimAlert), so two changes of one place never deadlock.
    .orderBy(asc(placeWatches.id));
  const text = watchAlertText(product.name, detailOf(change));
  const link = buildPath(paths.local, { slug: product.slug });
  let sent = 0;
  for (const { watch, user } of watchers) {
    // Inside the window the bell is left alone too, instead of rewriting the unread alert: the one there
    // already leads to the place's page, which shows what is free now, while rewritten dates could be
    // booked again before they are read, and each rewrite would be pushed live again — the same churn.
    if (!(await claimAlert(tx, watch, change.id, options.alertMinutes))) continue;
    sent += 1;
    await notify(tx, { userId: user.id, kind: `local_${change.kind}`, ...text, link });
    if (!user.email_alerts) continue;
    await outbox.enqueue(tx, {
      to: user.email,
      userId: user.id,
      unsubscribeUrl: unsubscribeUrl(publicUrl, user.email_token, 'alertas'),
      ...watchAlertEmail({ name: user.nome_completo, ...text, url: `${publicUrl}${link}` }),
    });
  }
  return sent;
}

/**
 * The outbox worker's step for watches (services/messaging/outbox.ts): takes one pending change (skip locked,
 * so instances share the work), writes its alerts and e-mails and marks it processed, all in one
 * transaction. Returns 1 while there was a change to process, 0 when none is left.
 */
export async function deliverWatchAlerts(
  db: Db,
  outbox: Outbox,
  options: WatchAlertOptions,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [change] = await tx
      .select()
      .from(watchChanges)
      .where(isNull(watchChanges.processed_at))
      .orderBy(asc(watchChanges.created_at))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!change) return 0;
    await alertWatchers(tx, outbox, options, change);
    await tx.update(watchChanges).set({ processed_at: new Date() }).where(eq(watchChanges.id, change.id));
    return 1;
  });
}
