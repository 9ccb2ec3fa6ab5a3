// Product cards (featured, favourites) and the network's figures on the home page.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { productTypes } from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { cardRowSchema, networkRowSchema } from './rows.ts';
import { rowsOf } from './search.ts';

export type ProductCard = z.output<typeof cardRowSchema>;

const cardColumns = sql`p.id, p.slug, p.name, p.type, p.city, p.state, p.neighborhood, p.daily_price, p.weekly_audience,
      p.is_tower_based, p.status,
      (select count(*) from towers t where t.product_id = p.id)::int as tower_count,
      (select ph.thumb_key from product_photos ph where ph.product_id = p.id order by ph.position limit 1) as photo`;

/** Each row read through its schema (rows.ts, docs/decisions/037-one-contract-per-endpoint.md). */
const toCard = (row: unknown): ProductCard => cardRowSchema.parse(row);

async function cards(db: Db, where: ReturnType<typeof sql>, limit: number): Promise<ProductCard[]> {
  const result = await db.execute(sql`
    select ${cardColumns} from products p where ${where} order by p.weekly_audience desc limit ${limit}`);
  return rowsOf(result).map(toCard);
}

/**
 * The best-audience product of each type, then the next best overall: 8 cards for the home page, in
 * one statement. One index probe per type and one walk of the audience index (products_featured_idx,
 * products_audience_idx), never a sort of the catalogue.
 */
export async function featuredProducts(db: Db): Promise<ProductCard[]> {
  const result = await db.execute(sql`
    with firsts as materialized (
      select best.id from unnest(${sql.raw(`array['${productTypes.join("','")}']`)}::text[]) as t(type)
      cross join lateral (
        select p.id from products p where p.status = 'ativo' and p.type = t.type
        order by p.weekly_audience desc nulls last, p.id limit 1) best
    ),
    picked as (
      select f.id, 0 as part from firsts f
      union all
      (select p.id, 1 from products p where p.status = 'ativo' and p.id not in (select id from firsts)
        order by p.weekly_audience desc nulls last, p.id limit 8)
    )
    -- A constant limit, so that the planner walks the audience index (a computed one reads as 10 %).
    select ${cardColumns} from picked k join products p on p.id = k.id
    order by k.part, p.weekly_audience desc, p.id limit 8`);
  return rowsOf(result).map(toCard);
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
 * The network in numbers (one statement), read from the figures the database keeps as the catalogue changes
 * (network_type_stats and network_city_stats, migration 0012): a few rows, whatever the size of the
 * catalogue (issue #21).
 */
export async function networkStats(db: Db) {
  const [totals] = rowsOf(
    await db.execute(sql`
      select coalesce(sum(locations), 0)::int as locations, coalesce(sum(weekly_audience), 0)::bigint as weekly_audience,
        coalesce(sum(screens), 0)::int as screens,
        (select count(*) from network_city_stats where locations > 0)::int as cities,
        (select count(distinct state) from network_city_stats where locations > 0)::int as states,
        (select coalesce(json_agg(json_build_object('type', type, 'locations', locations,
          'weekly_audience', weekly_audience) order by type), '[]') from network_type_stats where locations > 0) as by_type
      from network_type_stats`),
  );
  // An aggregate without `group by`: always one row.
  return networkRowSchema.parse(totals);
}
