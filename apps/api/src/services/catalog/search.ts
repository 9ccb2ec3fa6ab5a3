import { sql } from 'drizzle-orm';
import {
  addDays,
  availabilityOf,
  earliestBookableStart,
  periodEnd,
  todayInBrasilia,
  type SearchQuery,
  type SearchResponse,
  type SearchResult,
} from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { DEFAULT_PLACE, resolvePlace } from '../places.ts';
import { earliestWeekRowSchema, searchRowSchema, searchTotalRowSchema, towerLoadRowSchema } from './rows.ts';
import { cellSearchSql } from './search-cells.ts';
import { activeReservation } from '../../db/occupancy.ts';

export const FLEXIBLE_WEEKS_AHEAD = 12;

/** Reservations that count against a slot (`db/occupancy.ts`), on the row aliased `r`. */
export const ACTIVE_RESERVATION = activeReservation();

type Row = Record<string, unknown>;
export const rowsOf = (result: { rows: unknown[] }) => result.rows as Row[];

export function defaultStart(leadBusinessDays: number, now = new Date()): string {
  return earliestBookableStart(todayInBrasilia(now), leadBusinessDays);
}

export interface Area {
  center: { lat: number; lng: number; label: string };
  box: { n: number; s: number; e: number; w: number };
  radiusKm: number | null;
}

export function areaOf(
  q: Pick<SearchQuery, 'lat' | 'lng' | 'norte' | 'sul' | 'leste' | 'oeste' | 'local' | 'raio'>,
): Area {
  let center: Area['center'];
  if (q.lat !== undefined && q.lng !== undefined) center = { lat: q.lat, lng: q.lng, label: q.local ?? '' };
  else if (q.norte !== undefined)
    center = { lat: (q.norte + q.sul!) / 2, lng: (q.leste! + q.oeste!) / 2, label: q.local ?? '' };
  else if (q.local) {
    const place = resolvePlace(q.local);
    if (!place) throw new AppError(400, 'Não encontramos esse local. Escolha uma cidade da lista.');
    center = { lat: place.lat, lng: place.lng, label: place.label };
  } else center = { lat: DEFAULT_PLACE.lat, lng: DEFAULT_PLACE.lng, label: DEFAULT_PLACE.label };

  if (q.norte !== undefined)
    return { center, box: { n: q.norte, s: q.sul!, e: q.leste!, w: q.oeste! }, radiusKm: null };
  const dLat = q.raio / 111.32;
  const dLng = q.raio / (111.32 * Math.max(0.05, Math.cos((center.lat * Math.PI) / 180)));
  return {
    center,
    box: { n: center.lat + dLat, s: center.lat - dLat, e: center.lng + dLng, w: center.lng - dLng },
    radiusKm: q.raio,
  };
}

const orderBy: Record<SearchQuery['ordem'], ReturnType<typeof sql>> = {
  relevancia: sql`w.weekly_audience::float8 / greatest(w.daily_price, 1) / (1 + w.distance_km / 10) desc`,
  menor_preco: sql`w.daily_price asc`,
  maior_preco: sql`w.daily_price desc`,
  maior_audiencia: sql`w.weekly_audience desc`,
  distancia: sql`w.distance_km asc`,
};

/** Location search with availability for the chosen period (docs/spec/product.md §3). */
export async function searchProducts(
  db: Db,
  q: SearchQuery,
  leadBusinessDays: number,
): Promise<SearchResponse> {
  const area = areaOf(q);
  const earliest = defaultStart(leadBusinessDays);
  const start = q.inicio && q.inicio > earliest ? q.inicio : earliest;
  const end = periodEnd(start, q.semanas);
  const result = await db.execute(searchSql(q, area, start, end));

  const rows = rowsOf(result);
  // Each row read through its schema (rows.ts, docs/decisions/037-one-contract-per-endpoint.md).
  const found = rows.map((row) => searchRowSchema.parse(row));
  const loadsById = await productLoads(
    db,
    found.map((r) => r.id),
    start,
    end,
  );
  const items: SearchResult[] = found.map((row) => {
    const availability = availabilityOf(loadsById.get(row.id) ?? []);
    return {
      ...row,
      availability: {
        ...availability,
        start,
        end,
        earliest_start: availability.status === 'indisponivel' ? null : start,
      },
    };
  });

  if (q.flexivel) {
    const full = items.filter((i) => i.availability.status === 'indisponivel');
    if (full.length > 0) {
      const earliestById = await earliestStarts(
        db,
        full.map((i) => i.id),
        start,
        q.semanas,
      );
      for (const item of full) item.availability.earliest_start = earliestById.get(item.id) ?? null;
    }
  }

  // A page past the last has no rows to carry the total: count it, so the page can say how many
  // pages there are and offer the first one (issue #16 item 8).
  const totalRow =
    rows[0] ??
    (q.pagina > 1
      ? rowsOf(await db.execute(searchSql({ ...q, pagina: 1, por_pagina: 1 }, area, start, end)))[0]
      : undefined);
  const totals = searchTotalRowSchema.parse(totalRow ?? { total: 0 });
  return {
    center: area.center,
    total: totals.total,
    total_capped: rows.length > 0 && totals.total_capped === true,
    page: q.pagina,
    page_size: q.por_pagina,
    start,
    end,
    items,
  };
}

/**
 * A product with room in the period: no booking that counts in it, or fewer full towers than towers.
 * Both read reservations_product_period_idx: one probe for most products (row by row, index-friendly).
 */
function availableSql(start: string, end: string) {
  const inPeriod = sql`r.product_id = p.id and r.ends_on > ${start}::date and r.starts_on < ${end}::date and ${ACTIVE_RESERVATION}`;
  return sql`(not exists (select 1 from reservations r where ${inPeriod})
    or (select count(*) from towers t where t.product_id = p.id) > (
      select count(*) from (select r.tower_id from reservations r where ${inPeriod} group by r.tower_id
        having count(*) >= (select t.slots from towers t where t.id = r.tower_id)) f))`;
}

/**
 * A product with a weekly start within FLEXIBLE_WEEKS_AHEAD that has room for the same number of
 * weeks: the test `earliestStarts` applies, as a condition. "Só disponíveis" with flexible dates keeps
 * a face that is full now and free from 29/12 (issue #40 item 9).
 */
function laterRoomSql(productId: ReturnType<typeof sql>, start: string, weeks: number) {
  return sql`exists (select 1 from towers t cross join generate_series(1, ${FLEXIBLE_WEEKS_AHEAD}) as k
    where t.product_id = ${productId}
      and (select count(*) from reservations r
           where r.tower_id = t.id
             and r.starts_on < (${start}::date + (k * 7 + ${weeks * 7}))
             and r.ends_on > (${start}::date + k * 7)
             and ${ACTIVE_RESERVATION}) < t.slots)`;
}

/** Room in the period, or, with flexible dates, at a later weekly start. */
function availableOrLaterSql(q: SearchQuery, start: string, end: string) {
  const now = availableSql(start, end);
  return q.flexivel ? sql`(${now} or ${laterRoomSql(sql`p.id`, start, q.semanas)})` : now;
}

/**
 * What a product row `p` must meet to be a result of the search, but its status: inside the area's
 * box (and circle), of the type and price asked, and with room in the period when "só disponíveis";
 * with its distance from the centre in km. The filters alone (type, price) are given apart.
 */
export function productConditions(q: SearchQuery, area: Area, start: string, end: string) {
  const { lat, lng } = area.center;
  const { n, s, e, w } = area.box;
  // Equirectangular distance: within 0.5 % of the great-circle distance at city scale, and no
  // trigonometry per row (cos of the centre's latitude is computed once).
  const kmPerDegLng = 111.32 * Math.cos((lat * Math.PI) / 180);
  const distance = sql`sqrt(power((p.latitude - ${lat}) * 111.32, 2) + power((p.longitude - ${lng}) * ${kmPerDegLng}, 2))`;
  const filters = [
    q.tipo !== 'todos' ? sql`p.type = ${q.tipo}` : undefined,
    q.preco_min !== undefined ? sql`p.daily_price >= ${q.preco_min}` : undefined,
    q.preco_max !== undefined ? sql`p.daily_price <= ${q.preco_max}` : undefined,
  ].filter((f) => f !== undefined);
  const where = sql.join(
    [
      sql`p.latitude between ${s} and ${n} and p.longitude between ${w} and ${e}`,
      area.radiusKm !== null ? sql`${distance} <= ${area.radiusKm}` : undefined,
      ...filters,
      q.disponivel ? availableOrLaterSql(q, start, end) : undefined,
    ].filter((f) => f !== undefined),
    sql` and `,
  );
  return { distance, filters, where };
}

/**
 * The search as one SQL statement (exported for EXPLAIN in the benchmark): by cells when the area
 * allows (search-cells.ts), else — or with `how` = 'full' — by ranking every product of the area.
 */
export function searchSql(
  q: SearchQuery,
  area: Area,
  start: string,
  end: string,
  how: 'cells' | 'full' = 'cells',
) {
  const { n, s, e, w } = area.box;
  const { distance, filters, where } = productConditions(q, area, start, end);
  const inBox = sql`point(p.longitude, p.latitude) <@ box(point(${w}, ${s}), point(${e}, ${n}))`;
  const cells = how === 'cells' && cellSearchSql(q, area, { where, distance, order: orderBy[q.ordem] });
  if (cells) return cells;
  const offset = (q.pagina - 1) * q.por_pagina;

  return sql`
    with within as materialized (
      select p.id, p.daily_price, p.weekly_audience, ${distance} as distance_km
      from products p
      where ${sql.join([sql`p.status = 'ativo'`, inBox, ...filters], sql` and `)}
    )${
      q.disponivel
        ? sql`,
    -- Bookings in the map box and the period, by one GiST index (most products have none).
    busy as materialized (
      select r.product_id, r.tower_id, count(*)::int as booked from reservations r
      where point(r.longitude, r.latitude) <@ box(point(${w}, ${s}), point(${e}, ${n}))
        and daterange(r.starts_on, r.ends_on) && daterange(${start}::date, ${end}::date)
        and ${ACTIVE_RESERVATION}
      group by r.product_id, r.tower_id
    ),
    -- Towers of those products with no slot left (found by primary key, only for booked towers)…
    full_towers as materialized (
      select b.product_id, count(*)::int as n from busy b join towers t on t.id = b.tower_id
      where b.booked >= t.slots
      group by b.product_id
    ),
    -- …and the products all of whose towers are full.
    full_products as materialized (
      select f.product_id as id from full_towers f
      where f.n >= (select count(*) from towers t where t.product_id = f.product_id)
    )`
        : sql``
    }
    , ranked as (
      select w.*, count(*) over ()::int as total
      from within w
      where ${area.radiusKm !== null ? sql`w.distance_km <= ${area.radiusKm}` : sql`true`}
        ${q.disponivel ? sql`and (w.id not in (select id from full_products)${q.flexivel ? sql` or ${laterRoomSql(sql`w.id`, start, q.semanas)}` : sql``})` : sql``}
      order by ${orderBy[q.ordem]}, w.id
      limit ${q.por_pagina} offset ${offset}
    )
    -- Only the page's rows are read in full.
    select p.id, p.slug, p.name, p.type, p.address, p.neighborhood, p.city, p.state, p.latitude, p.longitude,
      p.daily_price, p.weekly_audience, p.is_tower_based, w.distance_km, w.total,
      (select count(*) from towers t where t.product_id = p.id)::int as tower_count,
      (select ph.thumb_key from product_photos ph where ph.product_id = p.id order by ph.position limit 1) as photo
    from ranked w join products p on p.id = w.id
    order by ${orderBy[q.ordem]}, w.id`;
}

/** Booked slots per tower of these products for one period (the page's items only). */
async function productLoads(db: Db, productIds: string[], start: string, end: string) {
  const map = new Map<string, Array<{ slots: number; booked: number }>>();
  if (productIds.length === 0) return map;
  const result = await db.execute(sql`
    select t.product_id, t.slots, count(r.id)::int as booked
    from towers t
    left join reservations r on r.tower_id = t.id and r.starts_on < ${end}::date and r.ends_on > ${start}::date
      and ${ACTIVE_RESERVATION}
    where t.product_id in (${sql.join(
      productIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    group by t.product_id, t.id, t.slots`);
  for (const { product_id, slots, booked } of rowsOf(result).map((row) => towerLoadRowSchema.parse(row))) {
    const list = map.get(product_id) ?? [];
    list.push({ slots, booked });
    map.set(product_id, list);
  }
  return map;
}

/** For each product, the first weekly start from `start` (up to 12 weeks ahead) where a tower has room. */
export async function earliestStarts(db: Db, productIds: string[], start: string, weeks: number) {
  const result = await db.execute(sql`
    select t.product_id, min(k)::int as k
    from towers t cross join generate_series(1, ${FLEXIBLE_WEEKS_AHEAD}) as k
    where t.product_id in (${sql.join(
      productIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
      and (select count(*) from reservations r
           where r.tower_id = t.id
             and r.starts_on < (${start}::date + (k * 7 + ${weeks * 7}))
             and r.ends_on > (${start}::date + k * 7)
             and ${ACTIVE_RESERVATION}) < t.slots
    group by t.product_id`);
  const map = new Map<string, string>();
  for (const row of rowsOf(result)) {
    const { product_id, k } = earliestWeekRowSchema.parse(row);
    map.set(product_id, addDays(start, k * 7));
  }
  return map;
}
