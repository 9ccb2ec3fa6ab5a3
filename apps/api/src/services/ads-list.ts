import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { artworkDeadline, isAdEditable, type AdStatus } from '@urbana/shared';
import type { Db } from '../db/client.ts';
import { adItems, adMedia, ads, media, orderItems, orders } from '../db/schema/index.ts';
import { billedName } from './orders/head.ts';

/** The person's ads, newest first, optionally of one status and (an agency's) one advertiser. */
export async function listAds(
  db: Db,
  userId: string,
  filters: { status?: AdStatus | undefined; advertiser_id?: string | undefined } = {},
) {
  const ofAdvertiser = filters.advertiser_id
    ? sql`exists (select 1 from ${adItems} join ${orderItems} on ${orderItems.id} = ${adItems.order_item_id}
        join ${orders} on ${orders.id} = ${orderItems.order_id}
        where ${adItems.ad_id} = ${ads.id} and ${orders.advertiser_id} = ${filters.advertiser_id})`
    : undefined;
  const rows = await db
    .select()
    .from(ads)
    .where(
      and(eq(ads.user_id, userId), filters.status ? eq(ads.status, filters.status) : undefined, ofAdvertiser),
    )
    .orderBy(desc(ads.updated_at), desc(ads.id))
    .limit(200);
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? await db
        .select({
          ad_id: adItems.ad_id,
          items: sql<number>`count(*)::int`,
          first_start: sql<string>`min(${orderItems.starts_on})::text`,
          names: sql<string>`string_agg(${orderItems.product_name}, ', ' order by ${orderItems.starts_on})`,
          // One advertiser an ad (decision 116): any of its items names it.
          advertiser_id: sql<string | null>`min(${orders.advertiser_id}::text)`,
          billing: sql<unknown>`(array_agg(${orders.billing}) filter (where ${orders.advertiser_id} is not null))[1]`,
        })
        .from(adItems)
        .innerJoin(orderItems, eq(orderItems.id, adItems.order_item_id))
        .innerJoin(orders, eq(orders.id, orderItems.order_id))
        .where(inArray(adItems.ad_id, ids))
        .groupBy(adItems.ad_id)
    : [];
  const thumbs = ids.length
    ? await db
        .select({ ad_id: adMedia.ad_id, id: media.id, thumb: media.thumb_key, kind: media.kind })
        .from(adMedia)
        .innerJoin(media, eq(media.id, adMedia.media_id))
        .where(and(inArray(adMedia.ad_id, ids), eq(adMedia.position, 0)))
    : [];
  return rows.map((r) => {
    const c = counts.find((x) => x.ad_id === r.id);
    const t = thumbs.find((x) => x.ad_id === r.id);
    return {
      id: r.id,
      name: r.name,
      status: r.status,
      review_reason: r.review_reason,
      updated_at: r.updated_at.toISOString(),
      items: c?.items ?? 0,
      summary: c?.names ?? '',
      first_start: c?.first_start ?? null,
      artwork_deadline: c?.first_start ? artworkDeadline(c.first_start) : null,
      thumb_url: t?.thumb ? `/api/media/${t.id}/miniatura` : null,
      editable: isAdEditable(r.status),
      advertiser: c?.advertiser_id ? { id: c.advertiser_id, ...billedName(c.billing) } : null,
    };
  });
}
