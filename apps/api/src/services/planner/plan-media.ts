import { sql } from 'drizzle-orm';
import {
  choosePlan,
  isScreenType,
  periodEnd,
  planLines,
  planTotals,
  PLANNER_ALTERNATIVES,
  type PlannerCandidate,
  type PlannerFace,
  type PlannerProduct,
  type PlannerQuery,
  type PlannerResponse,
  type PricingConfig,
  type ScoredFace,
} from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { plannerProductRowSchema } from '../catalog/rows.ts';
import { ACTIVE_RESERVATION, areaOf, defaultStart, type Area } from '../catalog/search.ts';

type Row = Record<string, unknown>;

/**
 * Every face in the area and types with its bookings in the period, in one statement: the products
 * in the box (GiST on their location), the active bookings in the box and period (the search's GiST
 * on place and period), and each product's towers. A face has room when fewer active bookings
 * overlap the period than it has slots: each booking holds one slot, so one slot is then free for
 * the whole period, which is what `takeSlot` will find at checkout.
 */
function facesSql(q: PlannerQuery, area: Area, start: string, end: string) {
  const { lat, lng } = area.center;
  const { n, s, e, w } = area.box;
  const kmPerDegLng = 111.32 * Math.cos((lat * Math.PI) / 180);
  const types =
    q.tipos.length > 0
      ? sql`and p.type in (${sql.join(
          q.tipos.map((t) => sql`${t}`),
          sql`, `,
        )})`
      : sql``;
  return sql`
    with area as materialized (
      select p.id, p.neighborhood, p.daily_price, p.weekly_audience, p.is_tower_based, p.type,
        sqrt(power((p.latitude - ${lat}) * 111.32, 2) + power((p.longitude - ${lng}) * ${kmPerDegLng}, 2)) as distance_km
      from products p
      where p.status = 'ativo' and point(p.longitude, p.latitude) <@ box(point(${w}, ${s}), point(${e}, ${n})) ${types}
    ),
    busy as materialized (
      select r.tower_id, count(*)::int as booked from reservations r
      where point(r.longitude, r.latitude) <@ box(point(${w}, ${s}), point(${e}, ${n}))
        and daterange(r.starts_on, r.ends_on) && daterange(${start}::date, ${end}::date)
        and ${ACTIVE_RESERVATION}
      group by r.tower_id
    ),
    faces as (
      select a.id, a.neighborhood, a.daily_price, a.weekly_audience, a.is_tower_based,
        round(a.distance_km::numeric, 1) as distance_km, t.id as tower_id, t.weekly_audience as tower_audience, t.slots, a.type
      from area a join towers t on t.product_id = a.id
      where ${area.radiusKm !== null ? sql`a.distance_km <= ${area.radiusKm}` : sql`true`}
    )
    -- One JSON text instead of a row per face (reading thousands of rows costs more than the query),
    -- and the bookings apart: joined here, the planner's row estimates make it a nested loop.
    select
      (select coalesce(json_agg(json_build_array(id, neighborhood, daily_price, weekly_audience, is_tower_based,
        distance_km, tower_id, tower_audience, slots, type) order by id, tower_id), '[]') from faces)::text as faces,
      (select coalesce(json_object_agg(tower_id, booked), '{}') from busy)::text as busy`;
}

type FaceRow = [
  string,
  string,
  number | string,
  number,
  boolean,
  number | string,
  string,
  number,
  number,
  string,
];

/** The faces weighed: each tower of a tower product, the first tower with room of any other product. */
function candidatesOf(rows: FaceRow[], busy: Record<string, number>) {
  const candidates: PlannerCandidate[] = [];
  const faceIds = new Set<string>();
  const singleTaken = new Set<string>();
  for (const [
    productId,
    neighborhood,
    price,
    audience,
    isTowerBased,
    km,
    towerId,
    towerAudience,
    slots,
    type,
  ] of rows) {
    faceIds.add(isTowerBased ? towerId : productId);
    if ((busy[towerId] ?? 0) >= slots) continue;
    if (!isTowerBased && singleTaken.has(productId)) continue;
    if (!isTowerBased) singleTaken.add(productId);
    candidates.push({
      productId,
      towerId,
      isTowerBased,
      dailyPrice: Number(price),
      productWeeklyAudience: audience,
      towerWeeklyAudience: towerAudience,
      isScreen: isScreenType(type),
      slots,
      neighborhood,
      distanceKm: Number(km),
    });
  }
  return { candidates, considered: faceIds.size };
}

/** Name, photo and towers of the products the page shows (the plan's and the alternatives'). */
async function productsOf(db: Db, ids: string[]): Promise<PlannerProduct[]> {
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select p.id, p.slug, p.name, p.type, p.city, p.state, p.neighborhood, p.daily_price, p.weekly_audience,
      p.is_tower_based,
      (select ph.thumb_key from product_photos ph where ph.product_id = p.id order by ph.position limit 1) as photo,
      coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'screens', t.screens,
        'weekly_audience', t.weekly_audience, 'slots', t.slots) order by t.name, t.id)
        from towers t where t.product_id = p.id), '[]') as towers
    from products p where p.id in (${list})
    order by p.id`);
  // Each row read through its schema (catalog/rows.ts, docs/decisions/037-one-contract-per-endpoint.md).
  return result.rows.map((row) => plannerProductRowSchema.parse(row));
}

const faceOut = (f: ScoredFace, products: Map<string, PlannerProduct>, weeks: number): PlannerFace => {
  const product = products.get(f.candidate.productId);
  return {
    product_id: f.candidate.productId,
    tower_id: f.candidate.towerId,
    tower_name: f.candidate.isTowerBased
      ? (product?.towers.find((t) => t.id === f.candidate.towerId)?.name ?? null)
      : null,
    neighborhood: f.candidate.neighborhood,
    distance_km: f.candidate.distanceKm,
    weekly_audience: Math.round(f.audience / weeks),
    price: f.price,
    audience: f.audience,
    cpm: f.cpm,
    reason: f.reason,
  };
};

/**
 * A media plan from a budget (issue #23 item 2, docs/decisions/034-audience-and-planner.md): read only,
 * so it needs no transaction; the choice itself is the shared `choosePlan`.
 */
export async function planMedia(
  db: Db,
  q: PlannerQuery,
  opts: { leadBusinessDays: number; pricing: PricingConfig },
): Promise<PlannerResponse> {
  const area = areaOf(q);
  const earliest = defaultStart(opts.leadBusinessDays);
  const start = q.inicio && q.inicio > earliest ? q.inicio : earliest;
  const result = await db.execute(facesSql(q, area, start, periodEnd(start, q.semanas)));
  const row = result.rows[0] as Row;
  const { candidates, considered } = candidatesOf(
    JSON.parse(String(row.faces)) as FaceRow[],
    JSON.parse(String(row.busy)) as Record<string, number>,
  );
  const choice = choosePlan(
    candidates,
    { budget: q.orcamento, goal: q.objetivo, weeks: q.semanas, pricing: opts.pricing },
    PLANNER_ALTERNATIVES,
  );
  const shown = [...new Set([...choice.chosen, ...choice.alternatives].map((f) => f.candidate.productId))];
  const productList = await productsOf(db, shown);
  const products = new Map(productList.map((p) => [p.id, p]));
  const chosen = choice.chosen.map((f) => faceOut(f, products, q.semanas));
  const alternatives = choice.alternatives.map((f) => faceOut(f, products, q.semanas));
  const lines = planLines(chosen, products, start, q.semanas);
  return {
    center: area.center,
    budget: q.orcamento,
    goal: q.objetivo,
    start,
    weeks: q.semanas,
    considered,
    available: candidates.length,
    cheapest: choice.cheapest,
    chosen,
    alternatives,
    products: productList,
    lines,
    totals: planTotals(lines, products, q.orcamento, opts.pricing),
  };
}
