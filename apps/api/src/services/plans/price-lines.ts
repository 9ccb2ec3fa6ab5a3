import { asc, inArray, sql } from 'drizzle-orm';
import {
  bookingAudience,
  isScreenType,
  bookingCpm,
  earliestBookableStart,
  periodEnd,
  priceItem,
  todayInBrasilia,
  type PlanLine,
  type PlanLineView,
} from '@urbana/shared';
import type { Config } from '../../config.ts';
import { activeReservation } from '../../db/occupancy.ts';
import type { Db } from '../../db/client.ts';
import { productPhotos, products, towers } from '../../db/schema/index.ts';
import { fileUrl } from '../catalog/rows.ts';

export type PricedPlanLine = Omit<PlanLineView, 'saved_total' | 'changes'>;

/** The towers (of these) that have no free slot in the period [start, end). */
async function fullTowers(db: Db, towerIds: string[], start: string, end: string): Promise<Set<string>> {
  if (towerIds.length === 0) return new Set();
  const result = await db.execute<{ id: string }>(sql`
    select t.id from towers t
    where t.id in (${sql.join(
      towerIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
      and (select count(*) from reservations r
           where r.tower_id = t.id and r.starts_on < ${end}::date and r.ends_on > ${start}::date
             and ${activeReservation()}
          ) >= t.slots`);
  return new Set(result.rows.map((r) => String(r.id)));
}

/**
 * Re-prices a plan's lines from the catalogue as it is now and re-checks each chosen face's room for
 * the line's weeks (issue #23 item 3). Never throws for a line gone wrong: a deactivated product or a
 * booked face is what the screen must show. Audience and CPM come from the shared rule of
 * docs/decisions/022-one-booking-per-face-and-audience.md (its one call site for plans).
 */
export async function priceLines(db: Db, lines: PlanLine[], config: Config): Promise<PricedPlanLine[]> {
  const ids = [...new Set(lines.map((l) => l.productId))];
  if (ids.length === 0) return [];
  const [productRows, towerRows, photoRows] = await Promise.all([
    db.select().from(products).where(inArray(products.id, ids)),
    db.select().from(towers).where(inArray(towers.product_id, ids)).orderBy(asc(towers.name)),
    db
      .select()
      .from(productPhotos)
      .where(inArray(productPhotos.product_id, ids))
      .orderBy(asc(productPhotos.position)),
  ]);
  const earliest = earliestBookableStart(todayInBrasilia(), config.leadBusinessDays);
  const priced: PricedPlanLine[] = [];
  for (const line of lines) {
    const product = productRows.find((p) => p.id === line.productId);
    // A product deleted outright is dropped: nothing about it can be shown or booked any more.
    if (!product) continue;
    const own = towerRows.filter((t) => t.product_id === product.id);
    const chosen = !product.is_tower_based
      ? own.slice(0, 1)
      : line.towerIds.length > 0
        ? own.filter((t) => line.towerIds.includes(t.id))
        : own;
    const end = periodEnd(line.startDate, line.weeks);
    const full = await fullTowers(
      db,
      chosen.map((t) => t.id),
      line.startDate,
      end,
    );
    const active = product.status === 'ativo';
    const price = priceItem(
      { dailyPrice: product.daily_price, weeks: line.weeks, towerCount: Math.max(chosen.length, 1) },
      config.pricing,
    );
    const audience = bookingAudience({
      isTowerBased: product.is_tower_based,
      isScreen: isScreenType(product.type),
      productWeeklyAudience: product.weekly_audience,
      chosenTowers: chosen,
      weeks: line.weeks,
    });
    priced.push({
      productId: product.id,
      slug: product.slug,
      name: product.name,
      type: product.type,
      city: product.city,
      state: product.state,
      address: product.address,
      latitude: product.latitude,
      longitude: product.longitude,
      is_tower_based: product.is_tower_based,
      active,
      available: active && chosen.length > 0 && full.size === 0 && line.startDate >= earliest,
      start: line.startDate,
      end,
      weeks: line.weeks,
      daily_price: product.daily_price,
      towers: chosen.map((t) => ({
        id: t.id,
        name: t.name,
        weekly_audience: t.weekly_audience,
        free: !full.has(t.id),
      })),
      photos: photoRows
        .filter((p) => p.product_id === product.id)
        .slice(0, 3)
        .map((p) => ({ url: fileUrl(p.thumb_key), alt: p.alt || product.name })),
      total: price.total,
      audience,
      cpm: bookingCpm(price.total, audience),
    });
  }
  return priced;
}

/** Totals of the re-priced lines: money, audience and the plan's CPM by the same shared rule. */
export function planTotals(lines: PricedPlanLine[]) {
  const total = lines.reduce((s, l) => s + l.total, 0);
  const audience = lines.reduce((s, l) => s + l.audience, 0);
  return { total, audience, cpm: bookingCpm(total, audience) };
}
