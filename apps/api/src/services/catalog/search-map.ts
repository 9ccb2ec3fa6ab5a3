/**
 * The search's map (issue #21, docs/decisions/045-map-clusters-from-the-server.md): up to
 * SEARCH_MAP_LIMIT places of the search inside the map's view, each as a light marker; past that,
 * groups on a grid that fits the map's zoom, each with its count, centroid and box. Wide views are
 * counted from `search_map_cells` (migration 0018: active products per cell and type, kept by
 * triggers), so a whole country costs a few thousand rows, not a million products.
 */
import { sql, type SQL } from 'drizzle-orm';
import { periodEnd, SEARCH_MAP_LIMIT, type SearchMapQuery, type SearchMapResponse } from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { mapClusterRowSchema, markerRowSchema } from './rows.ts';
import { areaOf, defaultStart, productConditions, rowsOf, searchSql, type Area } from './search.ts';

/** A group is about this many pixels wide at the map's zoom (tiles of 256 px, 360° / 2^zoom each). */
const CLUSTER_PX = 64;
/** At most this many groups across the area's longer side, whatever zoom is asked (or none). */
const GRID_CELLS_MAX = 48;
/** The two sizes of search_map_cells, in cells per degree (~28 km and ~1.7 km). */
const COARSE = 4;
const FINE = 64;
/**
 * Up to this many places in view (by the table's count), the groups are counted from the products
 * themselves with every filter of the search; past it, from the table (type only).
 */
export const MAP_EXACT_MAX = 5000;

type Box = Area['box'];
type Cluster = SearchMapResponse['clusters'][number];

/** The grid's step in degrees for the map's zoom (or, without one, for the area's size). */
export function gridOf(zoom: number | undefined, box: Box): number {
  const span = Math.max(box.n - box.s, box.e - box.w);
  const byZoom = zoom === undefined ? 0 : (360 / 2 ** zoom) * (CLUSTER_PX / 256);
  return Math.max(byZoom, span / GRID_CELLS_MAX);
}

/** The search's area inside the map's view; null when they do not meet. */
export function visibleArea(area: Area, q: SearchMapQuery): Area | null {
  if (q.vista_norte === undefined) return area;
  const box = {
    n: Math.min(area.box.n, q.vista_norte),
    s: Math.max(area.box.s, q.vista_sul!),
    e: Math.min(area.box.e, q.vista_leste!),
    w: Math.max(area.box.w, q.vista_oeste!),
  };
  return box.n > box.s && box.e > box.w ? { ...area, box } : null;
}

const numbered = (value: number) => sql.raw(String(value));

/**
 * Groups from search_map_cells: the cells (of the type asked) whose centroid lies in the area, merged
 * on the grid. A cell counts whole, so the area's edge is as sharp as a cell (~1.7 km, or ~28 km for
 * grids of a degree and more); the price and the calendar are not in the table.
 */
export function tableClustersSql(q: SearchMapQuery, area: Area, grid: number, distance: SQL): SQL {
  const size = grid >= 1 ? COARSE : FINE;
  const { n, s, e, w } = area.box;
  const [y0, y1, x0, x1] = [s, n, w, e].map((v) => Math.floor(v * size));
  const k = numbered(size);
  const g = numbered(grid);
  return sql`
    select sum(p.n)::int as count, sum(p.lat_sum) / sum(p.n) as latitude, sum(p.lng_sum) / sum(p.n) as longitude,
      least(max(p.y + 1)::float8 / ${k}, ${n}) as norte, greatest(min(p.y)::float8 / ${k}, ${s}) as sul,
      least(max(p.x + 1)::float8 / ${k}, ${e}) as leste, greatest(min(p.x)::float8 / ${k}, ${w}) as oeste
    from (
      select c.y, c.x, sum(c.n)::int as n, sum(c.lat_sum) as lat_sum, sum(c.lng_sum) as lng_sum,
        sum(c.lat_sum) / sum(c.n) as latitude, sum(c.lng_sum) / sum(c.n) as longitude
      from search_map_cells c
      where c.size = ${k} and c.y between ${numbered(y0!)} and ${numbered(y1!)}
        and c.x between ${numbered(x0!)} and ${numbered(x1!)}
        ${q.tipo !== 'todos' ? sql`and c.type = ${q.tipo}` : sql``}
      group by c.y, c.x having sum(c.n) > 0
    ) p
    where p.latitude between ${s} and ${n} and p.longitude between ${w} and ${e}
      ${area.radiusKm !== null ? sql`and ${distance} <= ${area.radiusKm}` : sql``}
    group by floor(p.latitude / ${g}), floor(p.longitude / ${g})
    order by 1 desc, 2, 3`;
}

/** Groups counted from the products of the area with every filter of the search (few thousand at most). */
export function productClustersSql(where: SQL, area: Area, grid: number): SQL {
  const { n, s, e, w } = area.box;
  const g = numbered(grid);
  return sql`
    select count(*)::int as count, avg(p.latitude) as latitude, avg(p.longitude) as longitude,
      max(p.latitude) as norte, min(p.latitude) as sul, max(p.longitude) as leste, min(p.longitude) as oeste
    from products p
    where p.status = 'ativo' and point(p.longitude, p.latitude) <@ box(point(${w}, ${s}), point(${e}, ${n}))
      and ${where}
    group by floor(p.latitude / ${g}), floor(p.longitude / ${g})
    order by 1 desc, 2, 3`;
}

async function clustersOf(db: Db, statement: SQL): Promise<Cluster[]> {
  return rowsOf(await db.execute(statement)).map((row) => mapClusterRowSchema.parse(row));
}

const totalOf = (clusters: Cluster[]) => clusters.reduce((sum, c) => sum + c.count, 0);

/** The places of a search inside the map's view: markers up to `limit`, else groups with their counts. */
export async function searchMap(
  db: Db,
  q: SearchMapQuery,
  leadBusinessDays: number,
  limit = SEARCH_MAP_LIMIT,
): Promise<SearchMapResponse> {
  const none = { total: 0, items: [], clusters: [], grid: null, ignored_filters: [] };
  const area = visibleArea(areaOf(q), q);
  if (!area) return none;
  const earliest = defaultStart(leadBusinessDays);
  const start = q.inicio && q.inicio > earliest ? q.inicio : earliest;
  const end = periodEnd(start, q.semanas);
  const grid = gridOf(q.zoom, area.box);
  const { distance, where } = productConditions(q, area, start, end);
  if (grid >= 1 / FINE) {
    const clusters = await clustersOf(db, tableClustersSql(q, area, grid, distance));
    const total = totalOf(clusters);
    if (total > MAP_EXACT_MAX) {
      const ignored_filters = [
        ...(q.preco_min !== undefined || q.preco_max !== undefined ? (['preco'] as const) : []),
        ...(q.disponivel ? (['disponivel'] as const) : []),
      ];
      return { total, items: [], clusters, grid, ignored_filters };
    }
  }
  const clusters = await clustersOf(db, productClustersSql(where, area, grid));
  const total = totalOf(clusters);
  if (total === 0) return none;
  if (total > limit) return { total, items: [], clusters, grid, ignored_filters: [] };
  const rows = rowsOf(await db.execute(searchSql({ ...q, pagina: 1, por_pagina: limit }, area, start, end)));
  return {
    total,
    items: rows.map((row) => markerRowSchema.parse(row)),
    clusters: [],
    grid: null,
    ignored_filters: [],
  };
}
