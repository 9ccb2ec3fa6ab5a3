// What the public pages' heads and the sitemap read of the catalogue (plugins/app/page-head.ts,
// routes/public/content.ts).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import type { ProductRow } from './product-detail.ts';

/** What a product page's head shows of the product: its card's facts and up to four photos. */
export type ProductHeadRow = Pick<
  ProductRow,
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
  | 'weekly_audience'
  | 'operating_hours'
> & { photo_keys: string[] };

/**
 * The product on sale at `slug` for its page's head, null when there is none; kept with the
 * catalogue's answers (cleared by every product or booking change, decision 013). One prepared
 * statement: a page's head is read beside the page itself on every miss
 * (docs/decisions/064-pages-drawn-as-strings.md).
 */
export async function productHead(db: Db, cache: ReadCache, slug: string): Promise<ProductHeadRow | null> {
  const key = `cabecalho|${slug}`;
  const cached = cache.get(key)?.body;
  if (cached !== undefined) return JSON.parse(cached) as ProductHeadRow | null;
  const { rows } = await executePrepared<
    Omit<ProductHeadRow, 'photo_keys'> & { photo_keys: string[] | string }
  >(
    db,
    'produto_cabecalho',
    sql`select p.id, p.slug, p.name, p.description, p.type, p.address, p.neighborhood, p.city, p.state,
        p.latitude, p.longitude, p.daily_price, p.weekly_audience, p.operating_hours,
        coalesce((select json_agg(f.storage_key order by f.position)
          from (select storage_key, position from product_photos where product_id = p.id
                order by position limit 4) f), '[]') as photo_keys
      from products p where p.slug = ${slug} and p.status = 'ativo'`,
  );
  const row = rows[0];
  const product: ProductHeadRow | null = row
    ? {
        ...row,
        photo_keys:
          typeof row.photo_keys === 'string' ? (JSON.parse(row.photo_keys) as string[]) : row.photo_keys,
      }
    : null;
  cache.set(key, JSON.stringify(product));
  return product;
}

/** Every product on sale, by slug, with the day it last changed (Brasília), for sitemap.xml. */
export async function sitemapProducts(db: Db): Promise<Array<{ slug: string; lastmod: string }>> {
  const { rows } = await db.execute(
    sql`select slug, to_char(updated_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as lastmod
        from products where status = 'ativo' order by slug`,
  );
  return rows as Array<{ slug: string; lastmod: string }>;
}
