/**
 * Search by cells (issue #21, docs/decisions/043): the map is cut into cells of a quarter of a degree
 * (~28 km), and migration 0017 indexes the active products by (cell, order key). A search walks, in
 * each cell its area touches, only the first rows of its order, instead of ranking every product
 * inside the area; the total is counted up to a cap. Same filters, same order and same pages as the
 * full ranking (search.ts keeps it for areas of more than MAX_CELLS cells and for "distância").
 */
import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_COUNT_CAP, type SearchQuery } from '@urbana/shared';

/** Cells per degree. The expressions below are the indexes' own (migration 0017), word for word. */
const CELLS_PER_DEGREE = 4;
export const CELL_OF = sql.raw(
  '((floor(p.latitude * 4)::int + 360) * 2000 + floor(p.longitude * 4)::int + 720)',
);
/** Audience per real of daily price: the part of the relevance that does not depend on the place. */
export const VALUE_OF = sql.raw('(p.weekly_audience::float8 / greatest(p.daily_price, 1))');
/** Beyond this many cells (a radius over ~110 km, a map of a whole state) the full ranking answers. */
export const MAX_CELLS = 100;

export interface CellArea {
  center: { lat: number; lng: number };
  box: { n: number; s: number; e: number; w: number };
  radiusKm: number | null;
}

/** The cells an area touches (those of a radius that stay outside the circle left out), or null. */
export function cellsOf(area: CellArea): number[] | null {
  const { n, s, e, w } = area.box;
  const [r0, r1] = [Math.floor(s * CELLS_PER_DEGREE), Math.floor(n * CELLS_PER_DEGREE)];
  const [c0, c1] = [Math.floor(w * CELLS_PER_DEGREE), Math.floor(e * CELLS_PER_DEGREE)];
  if ((r1 - r0 + 1) * (c1 - c0 + 1) > MAX_CELLS) return null;
  const { lat, lng } = area.center;
  const kmPerDegLng = 111.32 * Math.cos((lat * Math.PI) / 180);
  const cells: number[] = [];
  for (let r = r0; r <= r1; r++) {
    for (let c = c0; c <= c1; c++) {
      if (area.radiusKm !== null) {
        // The cell's nearest point to the centre, by the search's own (equirectangular) distance.
        const nearLat = Math.min(Math.max(lat, r / CELLS_PER_DEGREE), (r + 1) / CELLS_PER_DEGREE);
        const nearLng = Math.min(Math.max(lng, c / CELLS_PER_DEGREE), (c + 1) / CELLS_PER_DEGREE);
        const km = Math.hypot((nearLat - lat) * 111.32, (nearLng - lng) * kmPerDegLng);
        if (km > area.radiusKm + 0.01) continue;
      }
      cells.push((r + 360) * 2000 + c + 720);
    }
  }
  return cells;
}

export interface CellSearchParts {
  /** Every condition on a product row `p` but its status and cell (box, radius, type, price, availability). */
  where: SQL;
  /** The product's distance in km from the centre. */
  distance: SQL;
  /** The search's order over the candidate rows `w` (id, daily_price, weekly_audience, distance_km). */
  order: SQL;
}

/** Each order's key within a cell: as the indexes of migration 0017 hold it, and over their rows. */
const cellKey: Record<Exclude<SearchQuery['ordem'], 'distancia'>, [SQL, SQL]> = {
  relevancia: [sql`${VALUE_OF} desc`, sql`p.value desc`],
  menor_preco: [sql`p.daily_price asc`, sql`p.daily_price asc`],
  maior_preco: [sql`p.daily_price desc`, sql`p.daily_price desc`],
  maior_audiencia: [sql`p.weekly_audience desc`, sql`p.weekly_audience desc`],
};

/**
 * The search in cells, or null when the full ranking must answer. The rows carry the page's products
 * and, on each, `total` (counted up to the cap) and `total_capped`.
 */
export function cellSearchSql(q: SearchQuery, area: CellArea, parts: CellSearchParts): SQL | null {
  if (q.ordem === 'distancia') return null;
  const cells = cellsOf(area);
  if (!cells) return null;
  const offset = (q.pagina - 1) * q.por_pagina;
  const upTo = offset + q.por_pagina;
  // Counted up to the cap, or further on deep pages, so that the next page is always offered.
  const countLimit = sql.raw(String(Math.max(SEARCH_COUNT_CAP, upTo) + 1));
  const cellList = sql.raw(cells.length ? `array[${cells.join(',')}]::int[]` : `'{}'::int[]`);
  const columns = sql`p.id, p.daily_price, p.weekly_audience, ${parts.distance} as distance_km`;
  const inCell = sql`p.status = 'ativo' and ${CELL_OF} = c.cell`;
  const [indexKey, rowKey] = cellKey[q.ordem];
  // The first rows of each cell in the order (ties at the edge kept): the page is among them. The
  // cell's rows come in the index's order (offset 0 keeps the planner from sorting the whole cell
  // instead, as it would for the few rows it expects past the filters); the filters read what the
  // index includes.
  const firsts = sql`
    select x.* from unnest(${cellList}) as c(cell) cross join lateral (
      select ${columns} from (
        select p.id, p.latitude, p.longitude, p.type, p.daily_price, p.weekly_audience, ${VALUE_OF} as value
        from products p where ${inCell} order by ${indexKey} offset 0
      ) p
      where ${parts.where}
      order by ${rowKey} fetch first ${sql.raw(String(upTo))} rows with ties
    ) x`;
  // Relevance = value / (1 + km / 10) with a discount of at most 1: no product valued below the
  // upTo-th best relevance of those first rows can reach the page, so every row valued at least
  // that is ranked — in practice a few hundred.
  const candidates =
    q.ordem === 'relevancia'
      ? sql`
    firsts as materialized (${firsts}),
    threshold as (
      select coalesce((select w.weekly_audience::float8 / greatest(w.daily_price, 1) / (1 + w.distance_km / 10)
        from firsts w order by 1 desc offset ${sql.raw(String(upTo - 1))} limit 1), 0) as v
    ),
    candidates as materialized (
      select x.* from unnest(${cellList}) as c(cell) cross join lateral (
        select ${columns} from products p
        where ${inCell} and ${VALUE_OF} >= (select v from threshold) and ${parts.where}
      ) x
    )`
      : sql`candidates as materialized (${firsts})`;
  return sql`
    with ${candidates},
    -- Up to the cap, cell by cell, from the same indexes.
    counted as materialized (
      select count(*)::int as n from (
        select 1 from unnest(${cellList}) as c(cell) cross join lateral (
          select 1 from products p where ${inCell} and ${parts.where} limit ${countLimit}
        ) x
        limit ${countLimit}
      ) y
    ),
    ranked as (
      select w.* from candidates w order by ${parts.order}, w.id
      limit ${q.por_pagina} offset ${offset}
    )
    select p.id, p.slug, p.name, p.type, p.address, p.neighborhood, p.city, p.state, p.latitude, p.longitude,
      p.daily_price, p.weekly_audience, p.is_tower_based, w.distance_km,
      (select n from counted) as total, (select n from counted) >= ${countLimit} as total_capped,
      (select count(*) from towers t where t.product_id = p.id)::int as tower_count,
      (select ph.thumb_key from product_photos ph where ph.product_id = p.id order by ph.position limit 1) as photo
    from ranked w join products p on p.id = w.id
    order by ${parts.order}, w.id`;
}
