import { sql } from 'drizzle-orm';
import {
  addDays,
  availabilityOf,
  earliestBookableStart,
  periodEnd,
  SEARCH_MAP_LIMIT,
  todayInBrasilia,
  type SearchMarkersResponse,
  type SearchQuery,
  type SearchResponse,
  type SearchResult,
} from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { DEFAULT_PLACE, resolvePlace } from '../places.ts';

export const FLEXIBLE_WEEKS_AHEAD = 12;
export const fileUrl = (key: string) => `/api/arquivos/${key}`;

/** Reservations that count against a slot: paid, or unpaid and still inside the payment window. */
export const ACTIVE_RESERVATION = sql`(r.status <> 'liberada' and (r.hold_expires_at is null or r.hold_expires_at > now()))`;

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
  const loadsById = await productLoads(
    db,
    rows.map((r) => String(r.id)),
    start,
    end,
  );
  const items: SearchResult[] = rows.map((row) => {
    const availability = availabilityOf(loadsById.get(String(row.id)) ?? []);
    return {
      id: String(row.id),
      slug: String(row.slug),
      name: String(row.name),
      type: row.type as SearchResult['type'],
      address: String(row.address),
      neighborhood: String(row.neighborhood),
      city: String(row.city),
      state: String(row.state),
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
      daily_price: Number(row.daily_price),
      weekly_audience: Number(row.weekly_audience),
      is_tower_based: Boolean(row.is_tower_based),
      tower_count: Number(row.tower_count),
      photo: row.photo ? fileUrl(String(row.photo)) : null,
      distance_km: Math.round(Number(row.distance_km) * 10) / 10,
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
  const total =
    rows.length > 0
      ? Number(rows[0]!.total)
      : q.pagina > 1
        ? Number(
            rowsOf(await db.execute(searchSql({ ...q, pagina: 1, por_pagina: 1 }, area, start, end)))[0]
              ?.total ?? 0,
          )
        : 0;
  return {
    center: area.center,
    total,
    page: q.pagina,
    page_size: q.por_pagina,
    start,
    end,
    items,
  };
}

/**
 * Every result of a search as light map markers, whatever the page (the phone's map shows them all),
 * up to `limit` in the search's order; the map clusters them.
 */
export async function searchMarkers(
  db: Db,
  q: SearchQuery,
  leadBusinessDays: number,
  limit = SEARCH_MAP_LIMIT,
): Promise<SearchMarkersResponse> {
  const area = areaOf(q);
  const earliest = defaultStart(leadBusinessDays);
  const start = q.inicio && q.inicio > earliest ? q.inicio : earliest;
  const rows = rowsOf(
    await db.execute(
      searchSql({ ...q, pagina: 1, por_pagina: limit }, area, start, periodEnd(start, q.semanas)),
    ),
  );
  const total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  return {
    total,
    capped: total > rows.length,
    items: rows.map((row) => ({
      id: String(row.id),
      slug: String(row.slug),
      name: String(row.name),
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
      daily_price: Number(row.daily_price),
      photo: row.photo ? fileUrl(String(row.photo)) : null,
    })),
  };
}

/** The search as one SQL statement (exported for EXPLAIN in the benchmark). */
export function searchSql(q: SearchQuery, area: Area, start: string, end: string) {
  const { lat, lng } = area.center;
  const { n, s, e, w } = area.box;
  // Equirectangular distance: within 0.5 % of the great-circle distance at city scale, and no
  // trigonometry per row (cos of the centre's latitude is computed once).
  const kmPerDegLng = 111.32 * Math.cos((lat * Math.PI) / 180);
  const distance = sql`sqrt(power((p.latitude - ${lat}) * 111.32, 2) + power((p.longitude - ${lng}) * ${kmPerDegLng}, 2))`;
  const filters = [
    sql`p.status = 'ativo'`,
    sql`point(p.longitude, p.latitude) <@ box(point(${w}, ${s}), point(${e}, ${n}))`,
    q.tipo !== 'todos' ? sql`p.type = ${q.tipo}` : undefined,
    q.preco_min !== undefined ? sql`p.daily_price >= ${q.preco_min}` : undefined,
    q.preco_max !== undefined ? sql`p.daily_price <= ${q.preco_max}` : undefined,
  ].filter(Boolean);
  const offset = (q.pagina - 1) * q.por_pagina;

  return sql`
    with within as materialized (
      select p.id, p.daily_price, p.weekly_audience, ${distance} as distance_km
      from products p
      where ${sql.join(filters, sql` and `)}
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
        ${q.disponivel ? sql`and w.id not in (select id from full_products)` : sql``}
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
  for (const row of rowsOf(result)) {
    const id = String(row.product_id);
    const list = map.get(id) ?? [];
    list.push({ slots: Number(row.slots), booked: Number(row.booked) });
    map.set(id, list);
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
  for (const row of rowsOf(result)) map.set(String(row.product_id), addDays(start, Number(row.k) * 7));
  return map;
}
