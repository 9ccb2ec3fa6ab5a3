// Campaigns as staff and customers read them: the list with its filters, one campaign, its proofs.
import { and, asc, count, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import {
  campaignMessages,
  campaignStatusOf,
  proofPlaceLine,
  proofWarnings,
  type AdStatus,
  type CampaignStatus,
} from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import {
  adItems,
  ads,
  campaignRuns,
  orderItems,
  orderItemTowers,
  orders,
  profiles,
  proofPhotos,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { adDetail } from '../ads.ts';
import { textSearch } from '../../db/search.ts';

export const CAMPAIGN_ORDERS = ['pago', 'em_veiculacao', 'concluido'] as const;

/** The campaign state in SQL, the same rule as campaignStatusOf. */
const statusSql = sql<CampaignStatus>`case
  when ${campaignRuns.finished_at} is not null then 'finalizada'
  when ${campaignRuns.started_at} is not null then 'em_veiculacao'
  when ${ads.status} = 'em_analise' then 'em_analise'
  when ${ads.status} = 'reprovado' then 'reprovada'
  when ${ads.status} in ('aprovado', 'em_veiculacao', 'finalizado') then 'aprovada'
  else 'aguardando_arte' end`;

export interface CampaignFilters {
  status?: CampaignStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
  page: number;
  page_size: number;
}

/** Staff list: every paid order item, filtered by state, period overlap and a search. */
export async function listCampaigns(db: Db, f: CampaignFilters) {
  const where: SQL[] = [inArray(orders.status, [...CAMPAIGN_ORDERS])];
  if (f.status) where.push(sql`${statusSql} = ${f.status}`);
  if (f.from) where.push(sql`${orderItems.ends_on} > ${f.from}`);
  if (f.to) where.push(sql`${orderItems.starts_on} <= ${f.to}`);
  const search = textSearch(f.q, [
    orders.code,
    orderItems.product_name,
    orderItems.city,
    profiles.nome_completo,
    profiles.email,
    ads.name,
  ]);
  if (search) where.push(search);
  const base = db
    .select({
      id: orderItems.id,
      order_id: orders.id,
      order_code: orders.code,
      product: orderItems.product_name,
      type: orderItems.product_type,
      city: orderItems.city,
      state: orderItems.state,
      start: orderItems.starts_on,
      end: orderItems.ends_on,
      customer: profiles.nome_completo,
      email: profiles.email,
      ad_id: ads.id,
      ad_name: ads.name,
      ad_status: ads.status,
      status: statusSql,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .innerJoin(profiles, eq(profiles.id, orders.user_id))
    .leftJoin(adItems, eq(adItems.order_item_id, orderItems.id))
    .leftJoin(ads, eq(ads.id, adItems.ad_id))
    .leftJoin(campaignRuns, eq(campaignRuns.order_item_id, orderItems.id))
    .where(and(...where));
  const [total] = await db.select({ n: count() }).from(base.as('c'));
  const items = await base
    .orderBy(asc(orderItems.starts_on), asc(orderItems.id))
    .limit(f.page_size)
    .offset((f.page - 1) * f.page_size);
  const counts = await db
    .select({ status: statusSql, n: count() })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .leftJoin(adItems, eq(adItems.order_item_id, orderItems.id))
    .leftJoin(ads, eq(ads.id, adItems.ad_id))
    .leftJoin(campaignRuns, eq(campaignRuns.order_item_id, orderItems.id))
    .where(inArray(orders.status, [...CAMPAIGN_ORDERS]))
    .groupBy(statusSql);
  return {
    total: total?.n ?? 0,
    page: f.page,
    page_size: f.page_size,
    counts: Object.fromEntries(counts.map((c) => [c.status, c.n])) as Partial<Record<CampaignStatus, number>>,
    items,
  };
}

/** The photo's EXIF place and time, as the customer and staff read them (decision 107). */
function proofPlaceOf(p: typeof proofPhotos.$inferSelect) {
  const place = {
    taken_at: p.exif_taken_at?.toISOString() ?? null,
    distance_m: p.distance_m,
    outside_period: p.outside_period,
  };
  return {
    taken_at: place.taken_at,
    distance_m: place.distance_m,
    place_line: proofPlaceLine(place),
    warnings: proofWarnings(place),
  };
}

export function proofOut(p: typeof proofPhotos.$inferSelect) {
  return {
    id: p.id,
    taken_on: p.taken_on,
    caption: p.caption,
    width: p.width,
    height: p.height,
    url: `/api/comprovacoes/${p.id}/arquivo`,
    thumb_url: `/api/comprovacoes/${p.id}/miniatura`,
    created_at: p.created_at.toISOString(),
    ...proofPlaceOf(p),
    original_sha256: p.original_sha256,
  };
}

export async function proofsFor(db: Db, itemIds: string[]) {
  if (itemIds.length === 0) return [];
  return db
    .select()
    .from(proofPhotos)
    .where(inArray(proofPhotos.order_item_id, itemIds))
    .orderBy(asc(proofPhotos.taken_on), asc(proofPhotos.created_at));
}

/** One campaign for staff: customer, period, towers, the ad with its files, the run and proof photos. */
export async function campaignDetail(db: Db, itemId: string) {
  const [row] = await db
    .select({ item: orderItems, order: orders, customer: profiles })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .innerJoin(profiles, eq(profiles.id, orders.user_id))
    .where(and(eq(orderItems.id, itemId), inArray(orders.status, [...CAMPAIGN_ORDERS])));
  if (!row) throw new AppError(404, campaignMessages.notFound);
  const towers = await db
    .select({ id: orderItemTowers.tower_id, name: orderItemTowers.tower_name })
    .from(orderItemTowers)
    .where(eq(orderItemTowers.order_item_id, itemId));
  const link = await db.query.adItems.findFirst({ where: eq(adItems.order_item_id, itemId) });
  const ad = link ? await adDetail(db, link.ad_id) : null;
  const run = await db.query.campaignRuns.findFirst({ where: eq(campaignRuns.order_item_id, itemId) });
  const proofs = await proofsFor(db, [itemId]);
  const { item, order, customer } = row;
  return {
    id: item.id,
    status: campaignStatusOf({
      startedAt: run?.started_at ?? null,
      finishedAt: run?.finished_at ?? null,
      adStatus: (ad?.status ?? null) as AdStatus | null,
    }),
    product: item.product_name,
    type: item.product_type,
    city: item.city,
    state: item.state,
    start: item.starts_on,
    end: item.ends_on,
    weeks: item.weeks,
    towers,
    order: { id: order.id, code: order.code, status: order.status, total: order.total },
    customer: {
      id: customer.id,
      name: customer.nome_completo,
      email: customer.email,
      company: customer.empresa,
      phone: customer.telefone,
    },
    ad,
    started_at: run?.started_at.toISOString() ?? null,
    finished_at: run?.finished_at?.toISOString() ?? null,
    early_end_reason: run?.early_end_reason ?? null,
    proofs: proofs.map(proofOut),
  };
}

/** Per item of one order: its ad, campaign state and proof photos (the order page shows them). */
export async function campaignsForOrder(db: Db, orderId: string) {
  const items = await db
    .select({
      id: orderItems.id,
      run: campaignRuns,
      ad_id: ads.id,
      ad_name: ads.name,
      ad_status: ads.status,
      reason: ads.review_reason,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .leftJoin(campaignRuns, eq(campaignRuns.order_item_id, orderItems.id))
    .leftJoin(adItems, eq(adItems.order_item_id, orderItems.id))
    .leftJoin(ads, eq(ads.id, adItems.ad_id))
    // An unpaid, expired or cancelled order has no campaign to wait for art; a run that took place
    // before a cancellation stays in the record.
    .where(
      and(
        eq(orderItems.order_id, orderId),
        or(inArray(orders.status, [...CAMPAIGN_ORDERS]), isNotNull(campaignRuns.order_item_id)),
      ),
    );
  const proofs = await proofsFor(
    db,
    items.map((i) => i.id),
  );
  return new Map(
    items.map((i) => [
      i.id,
      {
        status: campaignStatusOf({
          startedAt: i.run?.started_at ?? null,
          finishedAt: i.run?.finished_at ?? null,
          adStatus: i.ad_status,
        }),
        started_at: i.run?.started_at.toISOString() ?? null,
        finished_at: i.run?.finished_at?.toISOString() ?? null,
        early_end_reason: i.run?.early_end_reason ?? null,
        ad: i.ad_id ? { id: i.ad_id, name: i.ad_name!, status: i.ad_status!, review_reason: i.reason } : null,
        proofs: proofs.filter((p) => p.order_item_id === i.id).map(proofOut),
      },
    ]),
  );
}
