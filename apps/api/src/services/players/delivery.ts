/**
 * A screen booking's delivery (issue #43 item 5, decision 105): per face with a player and per day,
 * the plays booked — the booking's spots × the whole loops in the operating hours
 * (`bookedPlaysPerDay`, packages/shared/src/bookings.ts) — against the plays the screen reported
 * (`plays`, decision 101), the percentage and the under-delivery flag; and the impressions the plays
 * make (plays × one play's impressions, decision 089). Faces without a player are left out: their
 * figure stays the estimate.
 */
import { sql } from 'drizzle-orm';
import {
  addDays,
  bookedPlaysPerDay,
  deliveryPercent,
  isUnderDelivered,
  operatingSecondsPerDay,
  playsImpressions,
  type BookingDelivery,
  type IsoDate,
  type ScreenLoop,
} from '@urbana/shared';
import type { Db, Tx } from '../../db/client.ts';

interface FaceRow extends Record<string, unknown> {
  item_id: string;
  tower_id: string;
  name: string;
  spots: number;
  starts_on: string;
  ends_on: string;
  weekly_audience: number;
  slots: number;
  loop_seconds: number | null;
  spot_seconds: number | null;
  opens_at: string | null;
  closes_at: string | null;
}

/** A booking's faces (its confirmed reservations, by tower), each with its screen's loop if it has a player. */
async function facesOf(db: Db | Tx, itemIds: string[]): Promise<FaceRow[]> {
  const ids = sql.join(
    itemIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const { rows } = await db.execute<FaceRow>(sql`
    select r.order_item_id as item_id, r.tower_id, t.name, count(*)::int as spots,
      min(r.starts_on)::text as starts_on, max(r.ends_on)::text as ends_on,
      (case when p.is_tower_based then t.weekly_audience else p.weekly_audience end)::int as weekly_audience,
      t.slots, pl.loop_seconds, pl.spot_seconds, pl.opens_at, pl.closes_at
    from reservations r
    join towers t on t.id = r.tower_id
    join products p on p.id = t.product_id
    left join lateral (
      select loop_seconds, spot_seconds, opens_at, closes_at from players
      where players.tower_id = r.tower_id order by created_at, id limit 1
    ) pl on true
    where r.order_item_id in (${ids}) and r.status = 'confirmada'
    group by r.order_item_id, r.tower_id, t.name, t.weekly_audience, t.slots, p.is_tower_based,
      p.weekly_audience, pl.loop_seconds, pl.spot_seconds, pl.opens_at, pl.closes_at
    order by t.name, r.tower_id`);
  return rows;
}

/** Plays reported per booking, face and day (Brasília). */
async function playsByDay(db: Db | Tx, itemIds: string[]) {
  const ids = sql.join(
    itemIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const { rows } = await db.execute<{ booking_id: string; tower_id: string; day: string; n: number }>(sql`
    select booking_id, tower_id,
      to_char(started_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as day, count(*)::int as n
    from plays where booking_id in (${ids})
    group by 1, 2, 3`);
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(`${r.booking_id}|${r.tower_id}|${r.day}`, Number(r.n));
  return counts;
}

const loopOf = (f: FaceRow): ScreenLoop => ({
  loopSeconds: f.loop_seconds!,
  spotSeconds: f.spot_seconds!,
  secondsPerDay: operatingSecondsPerDay({ opens_at: f.opens_at!, closes_at: f.closes_at! }),
});

export interface ItemDelivery {
  delivery: BookingDelivery;
  /** The impressions of the reported plays, on the faces with a player. */
  impressions: number;
  /** The faces without a player (their impressions stay the estimate). */
  unplayedFaces: Array<{ weekly_audience: number; slots: number }>;
}

/**
 * The delivery of each booking with at least one face with a player, over its booked days up to
 * `until` (inclusive; the last booked day at most). Bookings without such a face are absent.
 */
export async function bookingDeliveries(
  db: Db | Tx,
  itemIds: string[],
  thresholdPercent: number,
  /** The last day counted for each booking (its run's end, or today). */
  until: (itemId: string) => IsoDate,
): Promise<Map<string, ItemDelivery>> {
  const result = new Map<string, ItemDelivery>();
  if (itemIds.length === 0) return result;
  const faces = await facesOf(db, itemIds);
  const counts = await playsByDay(db, itemIds);
  for (const itemId of itemIds) {
    const own = faces.filter((f) => f.item_id === itemId);
    const screens = own.filter((f) => f.loop_seconds !== null);
    if (screens.length === 0) continue;
    let impressions = 0;
    const delivery = screens.map((f) => {
      const loop = loopOf(f);
      const last = addDays(f.ends_on, -1) < until(itemId) ? addDays(f.ends_on, -1) : until(itemId);
      const days = [];
      for (let d = f.starts_on; d <= last; d = addDays(d, 1)) {
        const booked = bookedPlaysPerDay(loop, f.spots);
        const delivered = counts.get(`${itemId}|${f.tower_id}|${d}`) ?? 0;
        days.push({ day: d, booked, delivered, percent: deliveryPercent(booked, delivered) });
      }
      const booked = days.reduce((s, d) => s + d.booked, 0);
      const delivered = days.reduce((s, d) => s + d.delivered, 0);
      impressions += playsImpressions(delivered, f.weekly_audience, loop);
      return {
        tower_id: f.tower_id,
        name: f.name,
        booked,
        delivered,
        percent: deliveryPercent(booked, delivered),
        under_delivered: isUnderDelivered(booked, delivered, thresholdPercent),
        days,
      };
    });
    const booked = delivery.reduce((s, f) => s + f.booked, 0);
    const delivered = delivery.reduce((s, f) => s + f.delivered, 0);
    result.set(itemId, {
      delivery: {
        faces: delivery,
        booked,
        delivered,
        percent: deliveryPercent(booked, delivered),
        under_delivered: isUnderDelivered(booked, delivered, thresholdPercent),
        threshold_percent: thresholdPercent,
      },
      impressions,
      unplayedFaces: own
        .filter((f) => f.loop_seconds === null)
        .map((f) => ({ weekly_audience: Number(f.weekly_audience), slots: Number(f.slots) })),
    });
  }
  return result;
}
