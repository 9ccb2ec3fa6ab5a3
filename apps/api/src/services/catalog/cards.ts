// Product cards (featured, favourites) and the network's figures on the home page.
import { sql } from 'drizzle-orm';
import { productTypes, type SearchResult } from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { fileUrl, rowsOf } from './search.ts';

export interface ProductCard {
  id: string;
  slug: string;
  name: string;
  type: SearchResult['type'];
  city: string;
  state: string;
  neighborhood: string;
  daily_price: number;
  weekly_audience: number;
  is_tower_based: boolean;
  tower_count: number;
  photo: string | null;
  status: 'ativo' | 'inativo';
}

async function cards(
  db: Db,
  where: ReturnType<typeof sql>,
  limit: number,
  order = sql`p.weekly_audience desc`,
): Promise<ProductCard[]> {
  const result = await db.execute(sql`
    select p.id, p.slug, p.name, p.type, p.city, p.state, p.neighborhood, p.daily_price, p.weekly_audience,
      p.is_tower_based, p.status,
      (select count(*) from towers t where t.product_id = p.id)::int as tower_count,
      (select ph.thumb_key from product_photos ph where ph.product_id = p.id order by ph.position limit 1) as photo
    from products p where ${where} order by ${order} limit ${limit}`);
  return rowsOf(result).map((r) => ({
    id: String(r.id),
    slug: String(r.slug),
    name: String(r.name),
    type: r.type as ProductCard['type'],
    city: String(r.city),
    state: String(r.state),
    neighborhood: String(r.neighborhood),
    daily_price: Number(r.daily_price),
    weekly_audience: Number(r.weekly_audience),
    is_tower_based: Boolean(r.is_tower_based),
    tower_count: Number(r.tower_count),
    photo: r.photo ? fileUrl(String(r.photo)) : null,
    status: r.status as ProductCard['status'],
  }));
}

/**
 * The best-audience product of each type, then the next best overall: 8 cards for the home page.
 * One index probe per type and one walk of the audience index (products_featured_idx,
 * products_audience_idx), never a sort of the catalogue.
 */
export async function featuredProducts(db: Db): Promise<ProductCard[]> {
  const result = await db.execute(sql`
    select best.id from unnest(${sql.raw(`array['${productTypes.join("','")}']`)}::text[]) as t(type)
    cross join lateral (
      select p.id from products p where p.status = 'ativo' and p.type = t.type
      order by p.weekly_audience desc nulls last, p.id limit 1) best
    order by t.type`);
  const firstIds = rowsOf(result).map((r) => String(r.id));
  const idList = sql.join(
    firstIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const firsts = firstIds.length ? await cards(db, sql`p.id in (${idList})`, 5) : [];
  const rest = await cards(
    db,
    firstIds.length ? sql`p.status = 'ativo' and p.id not in (${idList})` : sql`p.status = 'ativo'`,
    8 - firsts.length,
    sql`p.weekly_audience desc nulls last, p.id`,
  );
  return [...firsts, ...rest];
}

export async function productsByIds(db: Db, ids: string[]): Promise<ProductCard[]> {
  const valid = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (valid.length === 0) return [];
  const found = await cards(
    db,
    sql`p.id in (${sql.join(
      valid.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
    valid.length,
  );
  return valid.map((id) => found.find((c) => c.id === id)).filter((c): c is ProductCard => Boolean(c));
}

/**
 * The network in numbers, read from the figures the database keeps as the catalogue changes
 * (network_type_stats and network_city_stats, migration 0012): a few rows, whatever the size of the
 * catalogue (issue #21).
 */
export async function networkStats(db: Db) {
  const [totals] = rowsOf(
    await db.execute(sql`
      select coalesce(sum(locations), 0)::int as locations, coalesce(sum(weekly_audience), 0)::bigint as weekly_audience,
        coalesce(sum(screens), 0)::int as screens,
        (select count(*) from network_city_stats where locations > 0)::int as cities,
        (select count(distinct state) from network_city_stats where locations > 0)::int as states
      from network_type_stats`),
  );
  const byType = rowsOf(
    await db.execute(
      sql`select type, locations as n, weekly_audience as audience from network_type_stats where locations > 0 order by type`,
    ),
  );
  return {
    locations: Number(totals?.locations ?? 0),
    cities: Number(totals?.cities ?? 0),
    states: Number(totals?.states ?? 0),
    screens: Number(totals?.screens ?? 0),
    weekly_audience: Number(totals?.weekly_audience ?? 0),
    by_type: byType.map((r) => ({
      type: r.type as ProductCard['type'],
      locations: Number(r.n),
      weekly_audience: Number(r.audience),
    })),
  };
}
