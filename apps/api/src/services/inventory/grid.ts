import { sql } from 'drizzle-orm';
import {
  addDays,
  mondayOf,
  todayInBrasilia,
  type InventoryCell,
  type InventoryGrid,
  type ProductType,
} from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { activeReservation } from '../../db/occupancy.ts';
import { foldedSql } from '../../db/search.ts';

/** Reservations that count against a slot (`db/occupancy.ts`), on the row aliased `r`. */
export const ACTIVE_SLOT = activeReservation();

export interface GridFilters {
  de?: string | undefined;
  semanas: number;
  cidade?: string | undefined;
  tipo?: ProductType | undefined;
  produto?: string | undefined;
  page: number;
  page_size: number;
}

type Row = Record<string, unknown>;

/** A face's weeks from its [week index, kind, count] triples. */
function cellsOf(row: Row, weeks: number): InventoryCell[] {
  const cells = Array.from({ length: weeks }, () => ({ sold: 0, held: 0, blocked: 0, free: 0 }));
  const counts = (typeof row.counts === 'string' ? JSON.parse(row.counts) : (row.counts ?? [])) as Array<
    [number, 'b' | 's' | 'h', number]
  >;
  for (const [k, kind, n] of counts) {
    const cell = cells[k]!;
    if (kind === 'b') cell.blocked += n;
    else if (kind === 's') cell.sold += n;
    else cell.held += n;
  }
  const slots = Number(row.slots);
  for (const cell of cells) cell.free = Math.max(0, slots - cell.sold - cell.held - cell.blocked);
  return cells;
}

/** One face of the grid (a tower, or a product's one face) with its weeks. */
function faceOf(r: Row, weeks: number): InventoryGrid['faces'][number] {
  return {
    tower_id: String(r.tower_id),
    tower_name: String(r.tower_name),
    slots: Number(r.slots),
    product_id: String(r.product_id),
    product_name: String(r.product_name),
    product_slug: String(r.product_slug),
    product_type: r.product_type as ProductType,
    is_tower_based: Boolean(r.is_tower_based),
    city: String(r.city),
    state: String(r.state),
    daily_price: Number(r.daily_price),
    cells: cellsOf(r, weeks),
  };
}

/**
 * Faces by weeks (issue #19 item 2): one query for the page of faces, one for the reservations that
 * touch them in the window, counted per week here. Two index-backed reads whatever the number of faces
 * (≤ 150 ms for 1,000 faces × 12 weeks, `npm run bench`).
 */
export async function inventoryGrid(db: Db, f: GridFilters): Promise<InventoryGrid> {
  // This week by default; a day asked starts the columns on it (bookings start on any day).
  const first = f.de ?? mondayOf(todayInBrasilia());
  const weeks = Array.from({ length: f.semanas }, (_, k) => ({
    start: addDays(first, 7 * k),
    end: addDays(first, 7 * k + 7),
  }));
  const last = weeks[weeks.length - 1]!.end;
  const city = f.cidade ? f.cidade.split(' – ')[0]!.trim() : undefined;
  const where = [
    sql`p.status = 'ativo'`,
    city ? sql`${foldedSql(sql`p.city`)} = ${foldedSql(sql`${city}`)}` : undefined,
    f.tipo ? sql`p.type = ${f.tipo}` : undefined,
    f.produto ? sql`p.id = ${f.produto}::uuid` : undefined,
  ].filter(Boolean);
  const kinds = sql`case when r.hold_id is not null and h.kind = 'bloqueio' then 'b'
    when r.order_item_id is not null and r.status = 'confirmada' then 's' else 'h' end`;
  // One round trip: the page of faces, and per face its counts per week index as [k, kind, n].
  const faces = (
    await db.execute(sql`
      with f as materialized (
        select t.id as tower_id, t.name as tower_name, t.slots, p.id as product_id, p.name as product_name,
          p.slug as product_slug, p.type as product_type, p.is_tower_based, p.city, p.state, p.daily_price,
          count(*) over ()::int as total
        from towers t join products p on p.id = t.product_id
        where ${sql.join(where, sql` and `)}
        order by p.name, p.id, t.name, t.id
        limit ${f.page_size} offset ${(f.page - 1) * f.page_size}
      ),
      -- Each booking with the first and last week index it touches…
      booked as materialized (
        select r.tower_id, ${kinds} as kind,
          greatest(0, (r.starts_on - ${first}::date) / 7) as lo,
          least(${f.semanas - 1}, (r.ends_on - 1 - ${first}::date) / 7) as hi
        from f
        join reservations r on r.tower_id = f.tower_id
          and r.starts_on < ${last}::date and r.ends_on > ${first}::date and ${ACTIVE_SLOT}
        left join inventory_holds h on h.id = r.hold_id
      ),
      -- …counted per week (a small list of week numbers: no set-returning function whose row
      -- estimate would make the planner compile the query).
      counted as materialized (
        select b.tower_id, wk.k, b.kind, count(*)::int as n
        from booked b
        join (values ${sql.join(
          weeks.map((_, k) => sql`(${k}::int)`),
          sql`, `,
        )}) as wk(k) on wk.k between b.lo and b.hi
        group by b.tower_id, wk.k, b.kind
      ),
      per_face as materialized (
        select tower_id, json_agg(json_build_array(k, kind, n)) as counts from counted group by tower_id
      )
      select f.*, per_face.counts from f left join per_face on per_face.tower_id = f.tower_id
      order by f.product_name, f.product_id, f.tower_name, f.tower_id`)
  ).rows as Row[];
  const [cities, products] = await Promise.all([
    db.execute(sql`select distinct city, state from products where status = 'ativo' order by city, state`),
    db.execute(
      sql`select id, name, address, city, state from products where status = 'ativo' order by name, city, address limit 2000`,
    ),
  ]);
  return {
    weeks,
    faces: faces.map((r) => faceOf(r, weeks.length)),
    total: Number(faces[0]?.total ?? 0),
    page: f.page,
    page_size: f.page_size,
    cities: (cities.rows as Row[]).map((r) => ({ city: String(r.city), state: String(r.state) })),
    products: (products.rows as Row[]).map((r) => ({
      id: String(r.id),
      name: String(r.name),
      address: String(r.address),
      city: String(r.city),
      state: String(r.state),
    })),
  };
}
