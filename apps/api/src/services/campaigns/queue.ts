// What staff owe campaigns today, and the customer's reminder of missing art (issue #40 item 6).
import { sql } from 'drizzle-orm';
import {
  ART_QUEUE_DAYS,
  addDays,
  bookingLastDay,
  buildPath,
  campaignQueueKind,
  formatDate,
  isArtReminderDue,
  paths,
  todayInBrasilia,
  type AdStatus,
  type CampaignQueueEntry,
} from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { emailTemplates } from '../messaging/email-templates.ts';
import { notify } from '../messaging/notifications.ts';
import type { OrderDeps } from '../orders/transition.ts';

type Row = {
  item_id: string;
  order_id: string;
  order_code: string;
  user_id: string;
  product: string;
  customer: string;
  email: string;
  start: string;
  weeks: number;
  started: boolean;
  finished: boolean;
  ad_status: AdStatus | null;
};

/**
 * Paid campaigns that may be owed something on `today`: not started and starting within
 * ART_QUEUE_DAYS (or already late), or started and past their last day without being finished.
 */
const candidates = (today: string, extra = sql`true`) => sql`
  select i.id as item_id, o.id as order_id, o.code as order_code, o.user_id, i.product_name as product,
    coalesce(nullif(p.nome_completo, ''), p.email) as customer, p.email, i.starts_on::text as start, i.weeks,
    (r.started_at is not null) as started, (r.finished_at is not null) as finished, a.status as ad_status
  from order_items i
  join orders o on o.id = i.order_id
  join profiles p on p.id = o.user_id
  left join ad_items ai on ai.order_item_id = i.id
  left join ads a on a.id = ai.ad_id
  left join campaign_runs r on r.order_item_id = i.id
  where o.status in ('pago', 'em_veiculacao') and r.finished_at is null
    and ((r.started_at is null and i.starts_on <= ${addDays(today, ART_QUEUE_DAYS)}::date)
      or (r.started_at is not null and i.ends_on <= ${today}::date))
    and ${extra}
  order by i.starts_on, o.code, i.id`;

/** The dashboard's queue: each campaign owed something, in the order of its start. */
export async function campaignQueue(db: Db, now = new Date()): Promise<CampaignQueueEntry[]> {
  const today = todayInBrasilia(now);
  const { rows } = await db.execute<Row>(sql`${candidates(today)} limit 500`);
  return rows.flatMap((r) => {
    const kind = campaignQueueKind(
      { start: r.start, weeks: r.weeks, started: r.started, finished: r.finished, adStatus: r.ad_status },
      today,
    );
    if (!kind) return [];
    return [
      {
        kind,
        item_id: r.item_id,
        order_id: r.order_id,
        order_code: r.order_code,
        product: r.product,
        customer: r.customer,
        start: r.start,
        last_day: bookingLastDay(r.start, r.weeks),
        ad_status: r.ad_status,
      },
    ];
  });
}

/**
 * The worker's job: a customer whose campaign still has no art (none, a draft or a rejected one) on
 * the last day to send it, two business days before the start, is told once — by e-mail through the
 * outbox and on the bell. `order_items.art_reminder_sent_at` marks it in the same transaction, and
 * SKIP LOCKED gives each item to one instance. `now` is the worker's clock (tests move it).
 */
export async function remindMissingArt(deps: OrderDeps, now = new Date()): Promise<number> {
  const today = todayInBrasilia(now);
  const sent = await deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute<Row>(
      sql`${candidates(today, sql`i.art_reminder_sent_at is null and i.starts_on > ${today}::date`)}
        for update of i skip locked`,
    );
    const due = rows.filter((r) => !r.started && isArtReminderDue(r.start, r.ad_status, today));
    for (const r of due) {
      await tx.execute(
        sql`update order_items set art_reminder_sent_at = ${now.toISOString()}::timestamptz where id = ${r.item_id}`,
      );
      const link = buildPath(paths.pedido, { orderId: r.order_id });
      await notify(tx, {
        userId: r.user_id,
        kind: 'campanha_sem_arte',
        title: `Falta a arte da campanha em ${r.product}`,
        body: `A campanha começa em ${formatDate(r.start)}. Envie a arte hoje para que a equipe possa aprová-la.`,
        link,
      });
      await deps.outbox.enqueue(tx, {
        to: r.email,
        userId: r.user_id,
        ...emailTemplates.artMissing({
          name: r.customer,
          item: r.product,
          start: formatDate(r.start),
          order: r.order_code,
          url: `${deps.config.publicUrl}${link}`,
        }),
      });
    }
    return due.length;
  });
  if (sent) void deps.outbox.kick();
  return sent;
}
