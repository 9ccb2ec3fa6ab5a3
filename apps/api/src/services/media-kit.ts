import { sql } from 'drizzle-orm';
import { productTypes, ufNames, type MediaKit, type ProductType } from '@urbana/shared';
import type { Db } from '../db/client.ts';

type Row = Record<string, unknown>;
const rowsOf = (result: { rows: unknown[] }) => result.rows as Row[];

/**
 * The network in numbers for /midia-kit and its PDF: every figure counted from the active
 * products of the live catalogue (screens are the towers' screens; a non-tower product has one face).
 */
export async function mediaKit(db: Db): Promise<MediaKit> {
  const screensByProduct = sql`(select coalesce(sum(t.screens), 0) from towers t where t.product_id = p.id)`;
  const [typeRows, stateRows, cityRows, totalRows, pointRows] = await Promise.all([
    db.execute(sql`
      select p.type, count(*)::int as locations, coalesce(sum(${screensByProduct}), 0)::int as screens,
        coalesce(sum(p.weekly_audience), 0)::bigint as audience, min(p.daily_price)::int as min_price
      from products p where p.status = 'ativo' group by p.type`),
    db.execute(sql`
      select p.state, count(*)::int as locations, count(distinct p.city)::int as cities,
        coalesce(sum(${screensByProduct}), 0)::int as screens, coalesce(sum(p.weekly_audience), 0)::bigint as audience
      from products p where p.status = 'ativo' group by p.state
      order by audience desc, p.state`),
    db.execute(sql`
      select p.city, p.state, count(*)::int as locations, coalesce(sum(p.weekly_audience), 0)::bigint as audience
      from products p where p.status = 'ativo' group by p.city, p.state
      order by audience desc, p.city limit 10`),
    db.execute(sql`
      select count(distinct (p.city, p.state))::int as cities from products p where p.status = 'ativo'`),
    db.execute(sql`
      select p.id, p.slug, p.name, p.type, p.latitude, p.longitude, p.daily_price
      from products p where p.status = 'ativo' order by p.weekly_audience desc, p.id`),
  ]);

  const byTypeMap = new Map(rowsOf(typeRows).map((r) => [String(r.type), r]));
  // Every type in the catalogue's order, with zeros for a type the network does not have yet.
  const by_type = productTypes.map((type) => {
    const r = byTypeMap.get(type);
    return {
      type,
      locations: Number(r?.locations ?? 0),
      screens: Number(r?.screens ?? 0),
      weekly_audience: Number(r?.audience ?? 0),
      min_daily_price: Number(r?.min_price ?? 0),
    };
  });
  const by_state = rowsOf(stateRows).map((r) => ({
    state: String(r.state),
    name: ufNames[String(r.state)] ?? String(r.state),
    locations: Number(r.locations),
    cities: Number(r.cities),
    screens: Number(r.screens),
    weekly_audience: Number(r.audience),
  }));
  const sum = (key: 'locations' | 'screens' | 'weekly_audience') =>
    by_type.reduce((total, t) => total + t[key], 0);

  return {
    generated_at: new Date().toISOString(),
    locations: sum('locations'),
    cities: Number(rowsOf(totalRows)[0]?.cities ?? 0),
    states: by_state.length,
    screens: sum('screens'),
    weekly_audience: sum('weekly_audience'),
    by_type,
    by_state,
    top_cities: rowsOf(cityRows).map((r) => ({
      city: String(r.city),
      state: String(r.state),
      locations: Number(r.locations),
      weekly_audience: Number(r.audience),
    })),
    points: rowsOf(pointRows).map((r) => ({
      id: String(r.id),
      slug: String(r.slug),
      name: String(r.name),
      type: r.type as ProductType,
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
      daily_price: Number(r.daily_price),
    })),
  };
}
