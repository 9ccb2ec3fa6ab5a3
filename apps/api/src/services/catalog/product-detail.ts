// One place's page: the product, its faces with their load over the chosen period, photos.
import { sql } from 'drizzle-orm';
import {
  addDays,
  audienceSourceLabel,
  availabilityOf,
  creativeSpecs,
  periodEnd,
  type AvailabilityStatus,
} from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import type { products } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { fileUrl } from './rows.ts';
import { ACTIVE_RESERVATION, defaultStart, rowsOf } from './search.ts';

interface TowerRow {
  id: string;
  name: string;
  screens: number;
  weekly_audience: number;
  slots: number;
}
interface PhotoRow {
  storage_key: string;
  thumb_key: string;
  width: number;
  height: number;
  alt: string;
}
/** [tower_id, starts_on, ends_on] of an active reservation that touches the calendar's window. */
type BookingRow = [string, string, string];

/** The product's columns that the page shows (its head reads the same, plugins/app/page-head.ts). */
export type ProductRow = Pick<
  typeof products.$inferSelect,
  | 'id'
  | 'slug'
  | 'name'
  | 'description'
  | 'type'
  | 'address'
  | 'neighborhood'
  | 'city'
  | 'state'
  | 'latitude'
  | 'longitude'
  | 'daily_price'
  | 'is_tower_based'
  | 'weekly_audience'
  | 'audience_profile'
  | 'audience_source'
  | 'audience_method'
  | 'audience_measured_on'
  | 'operating_hours'
>;

/**
 * The product with its towers, photos and the active reservations of the window in ONE round trip
 * (issue #21: a product read that misses the cache was 4 queries, 3.7 % of a bare route); the
 * loads per period are counted here, from a handful of rows, instead of one subquery per tower
 * and period. A prepared statement (decision 053) whose columns are named: a column that another
 * instance's migration adds to products does not change its result type.
 */
async function productWithBookings(db: Db, slug: string, from: string, to: string) {
  const result = await executePrepared(
    db,
    'produto_pagina',
    sql`
    select p.id, p.slug, p.name, p.description, p.type, p.address, p.neighborhood, p.city, p.state,
      p.latitude, p.longitude, p.daily_price, p.is_tower_based, p.weekly_audience, p.audience_profile,
      p.operating_hours, p.audience_source, p.audience_method, p.audience_measured_on::text,
      coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'screens', t.screens,
          'weekly_audience', t.weekly_audience, 'slots', t.slots) order by t.name)
        from towers t where t.product_id = p.id), '[]') as tower_rows,
      coalesce((select json_agg(json_build_object('storage_key', f.storage_key, 'thumb_key', f.thumb_key,
          'width', f.width, 'height', f.height, 'alt', f.alt) order by f.position)
        from product_photos f where f.product_id = p.id), '[]') as photo_rows,
      coalesce((select json_agg(json_build_array(r.tower_id, r.starts_on, r.ends_on))
        from reservations r
        where r.product_id = p.id and r.starts_on < ${to}::date and r.ends_on > ${from}::date
          and ${ACTIVE_RESERVATION}), '[]') as booking_rows
    from products p where p.slug = ${slug} and p.status = 'ativo'`,
  );
  const row = rowsOf(result)[0];
  if (!row) return undefined;
  const json = <T>(value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as T;
  return {
    product: row as unknown as ProductRow,
    towerRows: json<TowerRow[]>(row.tower_rows),
    photos: json<PhotoRow[]>(row.photo_rows),
    bookings: json<BookingRow[]>(row.booking_rows),
  };
}

/** Each face's free slots in the chosen period (periods[0]) and the calendar's 12 weeks after it. */
function availability(
  periods: Array<{ start: string; end: string }>,
  towerRows: TowerRow[],
  bookings: BookingRow[],
) {
  // Dates are ISO strings, so they compare as text; period ends and ends_on are exclusive.
  const loadFor = (i: number, towerId: string) => {
    const p = periods[i]!;
    let booked = 0;
    for (const [tower, s, e] of bookings) if (tower === towerId && s < p.end && e > p.start) booked += 1;
    return { booked };
  };
  const towersOut = towerRows.map((t) => {
    const l = loadFor(0, t.id);
    return {
      id: t.id,
      name: t.name,
      screens: t.screens,
      weekly_audience: t.weekly_audience,
      slots: t.slots,
      remaining: Math.max(0, t.slots - l.booked),
    };
  });
  const calendar = periods.slice(1).map((p, k) => {
    const per = towerRows.map((t) => {
      const l = loadFor(k + 1, t.id);
      return { tower_id: t.id, slots: t.slots, booked: l.booked, remaining: Math.max(0, t.slots - l.booked) };
    });
    return {
      start: p.start,
      end: p.end,
      status: availabilityOf(per).status as AvailabilityStatus,
      towers: per.map(({ tower_id, remaining }) => ({ tower_id, remaining })),
    };
  });
  return { towersOut, calendar };
}

export async function productDetail(
  db: Db,
  slug: string,
  opts: { start?: string | undefined; weeks: number; leadBusinessDays: number },
) {
  const earliest = defaultStart(opts.leadBusinessDays);
  const start = opts.start && opts.start > earliest ? opts.start : earliest;
  const end = periodEnd(start, opts.weeks);
  // The chosen period, then 12 single weeks for the calendar: "the next 12 weeks" from the earliest
  // start, whichever of them is chosen (choosing one re-anchored the calendar on it, and the weeks
  // before it vanished; issue #40 item 10). A start beyond them anchors the calendar on itself.
  const anchor = start < addDays(earliest, 7 * 12) ? earliest : start;
  const periods = [
    { start, end },
    ...Array.from({ length: 12 }, (_, k) => ({
      start: addDays(anchor, 7 * k),
      end: addDays(anchor, 7 * (k + 1)),
    })),
  ];
  const windowEnd = end > periods[12]!.end ? end : periods[12]!.end;
  const found = await productWithBookings(db, slug, anchor, windowEnd);
  if (!found) throw new AppError(404, 'Local não encontrado.');
  const { product, towerRows, photos, bookings } = found;
  const { towersOut, calendar } = availability(periods, towerRows, bookings);
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    description: product.description,
    type: product.type,
    address: product.address,
    neighborhood: product.neighborhood,
    city: product.city,
    state: product.state,
    latitude: product.latitude,
    longitude: product.longitude,
    daily_price: product.daily_price,
    is_tower_based: product.is_tower_based,
    weekly_audience: product.weekly_audience,
    audience_profile: product.audience_profile,
    audience_source: audienceSourceLabel({
      source: product.audience_source,
      method: product.audience_method,
      month: product.audience_measured_on,
    }),
    operating_hours: product.operating_hours,
    spec: creativeSpecs[product.type],
    photos: photos.map((p) => ({
      url: fileUrl(p.storage_key),
      thumb: fileUrl(p.thumb_key),
      width: p.width,
      height: p.height,
      alt: p.alt,
    })),
    towers: towersOut,
    period: {
      start,
      end,
      weeks: opts.weeks,
      earliest_start: earliest,
      ...availabilityOf(towersOut.map((t) => ({ slots: t.slots, booked: t.slots - t.remaining }))),
    },
    calendar,
  };
}
export type ProductDetail = Awaited<ReturnType<typeof productDetail>>;
