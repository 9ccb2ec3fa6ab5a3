import { eq, inArray } from 'drizzle-orm';
import {
  bookingLastDay,
  campaignReportMessages,
  daysOnAir,
  faceImpressions,
  reportAudience,
  todayInBrasilia,
  type CampaignReport,
} from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { campaignReports, coupons, makeGoods, orders, profiles } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { campaignsForOrder } from '../campaigns/queries.ts';
import { orderDetail } from '../orders/queries.ts';
import { bookingDeliveries, type ItemDelivery } from '../players/delivery.ts';

/** The make-goods granted on the order's bookings, by booking (issue #43 item 5). */
async function grantedMakeGoods(db: Db, itemIds: string[]) {
  const byItem = new Map<string, CampaignReport['faces'][number]['make_good']>();
  if (itemIds.length === 0) return byItem;
  const rows = await db
    .select({ m: makeGoods, code: coupons.code })
    .from(makeGoods)
    .leftJoin(coupons, eq(coupons.id, makeGoods.coupon_id))
    .where(inArray(makeGoods.order_item_id, itemIds));
  for (const { m, code } of rows)
    if (m.status === 'concedida' && m.credit && m.granted_at)
      byItem.set(m.order_item_id, {
        credit: m.credit,
        coupon_code: code,
        note: m.note,
        granted_at: m.granted_at.toISOString(),
      });
  return byItem;
}

/**
 * A face's impressions: on a screen with a player, its reported plays × one play's impressions (plus
 * the estimate of its faces without a player); elsewhere the estimate, weekly ÷ 7 × days on air.
 */
function impressionsOf(estimate: number, days: number, played: ItemDelivery | undefined) {
  if (!played) return { estimated_impressions: estimate, impressions_basis: 'estimativa' as const };
  const unplayed = played.unplayedFaces.reduce(
    (s, f) => s + Math.round((faceImpressions(f, true, 1) * days) / 7),
    0,
  );
  return { estimated_impressions: played.impressions + unplayed, impressions_basis: 'exibicoes' as const };
}

/**
 * Why there is no report yet, with the day it comes: the last booked day of the order's bookings; an
 * order that is not (or no longer) going on air has none (issue #40 item 9).
 */
function notReady(detail: { status: string; items: Array<{ start: string; weeks: number }> }) {
  if (!['pago', 'em_veiculacao'].includes(detail.status) || detail.items.length === 0)
    return new AppError(409, campaignReportMessages.none);
  const last = detail.items
    .map((i) => bookingLastDay(i.start, i.weeks))
    .sort()
    .at(-1)!;
  return new AppError(409, campaignReportMessages.notReadyUntil(last));
}

/**
 * The campaign report of a finished order (issue #23 item 5): each face with the days it was really
 * on air, its proof photos by date, the booked audience and the impressions estimated for those days.
 * Another user's order answers 404, like every order read (orderDetail's ownership check).
 */
export async function campaignReport(
  db: Db,
  orderId: string,
  ownerId: string,
  thresholdPercent: number,
): Promise<CampaignReport> {
  const detail = await orderDetail(db, orderId, ownerId).catch(() => {
    throw new AppError(404, campaignReportMessages.notFound);
  });
  const report = await db.query.campaignReports.findFirst({ where: eq(campaignReports.order_id, orderId) });
  if (!report) throw notReady(detail);
  const [owner] = await db
    .select({ name: profiles.nome_completo, company: profiles.empresa })
    .from(orders)
    .innerJoin(profiles, eq(profiles.id, orders.user_id))
    .where(eq(orders.id, orderId));
  const runs = await campaignsForOrder(db, orderId);
  const itemIds = detail.items.map((i) => i.id);
  // A run's booked days end the day it finished (an early end books no more).
  const today = todayInBrasilia();
  const until = (id: string) => {
    const finished = runs.get(id)?.finished_at;
    return finished ? todayInBrasilia(new Date(finished)) : today;
  };
  const deliveries = await bookingDeliveries(db, itemIds, thresholdPercent, until);
  const granted = await grantedMakeGoods(db, itemIds);
  const faces = detail.items.map((item) => {
    const run = runs.get(item.id);
    const onAir = daysOnAir(
      { start: item.start, weeks: item.weeks },
      run?.started_at ? todayInBrasilia(new Date(run.started_at)) : null,
      run?.finished_at ? todayInBrasilia(new Date(run.finished_at)) : null,
    );
    const audience = reportAudience(item.audience, item.weeks, onAir.days);
    const played = deliveries.get(item.id);
    return {
      item_id: item.id,
      product: item.name,
      type: item.type,
      city: item.city,
      state: item.state,
      towers: item.towers,
      booked_start: item.start,
      booked_last_day: bookingLastDay(item.start, item.weeks),
      weeks: item.weeks,
      ran_from: onAir.from,
      ran_to: onAir.to,
      days_on_air: onAir.days,
      early_end_reason: run?.early_end_reason ?? null,
      ...audience,
      ...impressionsOf(audience.estimated_impressions, onAir.days, played),
      delivery: played?.delivery ?? null,
      make_good: granted.get(item.id) ?? null,
      proofs: (run?.proofs ?? []).map((p) => ({
        id: p.id,
        taken_on: p.taken_on,
        caption: p.caption,
        url: p.url,
        thumb_url: p.thumb_url,
        place_line: p.place_line,
      })),
    };
  });
  const sum = (pick: (f: (typeof faces)[number]) => number) => faces.reduce((s, f) => s + pick(f), 0);
  const finished = [...runs.values()].map((r) => r.finished_at).filter((d): d is string => d !== null);
  return {
    order: {
      id: detail.id,
      code: detail.code,
      customer: owner?.name ?? '',
      company: owner?.company ?? null,
      advertiser: detail.advertiser,
    },
    finished_at: finished.sort().at(-1) ?? null,
    faces,
    totals: {
      booked_audience: sum((f) => f.booked_audience),
      estimated_impressions: sum((f) => f.estimated_impressions),
      days_on_air: sum((f) => f.days_on_air),
      proofs: sum((f) => f.proofs.length),
    },
  };
}
