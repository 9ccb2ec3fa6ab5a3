import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import {
  buildPath,
  paths,
  adMessages,
  artworkDeadline,
  canTransitionAd,
  creativeProblems,
  isAdEditable,
  todayInBrasilia,
  type AdInput,
  type CreativeFormat,
  type ProductType,
  formatDate,
} from '@urbana/shared';
import type { Db, Tx } from '../db/client.ts';
import {
  adItems,
  adMedia,
  ads,
  campaignRuns,
  media,
  orderItems,
  orders,
  productPhotos,
} from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { audit } from './audit.ts';
import { notifyStaff } from './messaging/notifications.ts';
import { fileUrl } from './catalog/rows.ts';
import { billedName } from './orders/head.ts';

/** Items an ad may run on: the user's, of a paid (or running) order, not finished. */
const CAMPAIGN_ORDER_STATUSES = ['pago', 'em_veiculacao'] as const;

/** An order item as the ad pages show it (the items an ad may take, and those it has). */
const itemColumns = {
  id: orderItems.id,
  order_id: orders.id,
  order_code: orders.code,
  product_id: orderItems.product_id,
  name: orderItems.product_name,
  type: orderItems.product_type,
  city: orderItems.city,
  state: orderItems.state,
  start: orderItems.starts_on,
  end: orderItems.ends_on,
  tower_count: orderItems.tower_count,
  advertiser_id: orders.advertiser_id,
  billing: orders.billing,
};

/** The booked items of this user that an ad may use (with the ones this ad already has). */
async function eligibleItems(executor: Db | Tx, userId: string, adId: string | null) {
  const taken = executor
    .select({ id: adItems.order_item_id })
    .from(adItems)
    .where(adId ? sql`${adItems.ad_id} <> ${adId}` : sql`true`);
  const rows = await executor
    .select(itemColumns)
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .leftJoin(campaignRuns, eq(campaignRuns.order_item_id, orderItems.id))
    .where(
      and(
        eq(orders.user_id, userId),
        inArray(orders.status, [...CAMPAIGN_ORDER_STATUSES]),
        isNull(campaignRuns.finished_at),
        notInArray(orderItems.id, taken),
      ),
    )
    .orderBy(asc(orderItems.starts_on), asc(orderItems.product_name));
  return rows;
}

async function coverPhotos(executor: Db | Tx, productIds: string[]) {
  if (productIds.length === 0) return new Map<string, string>();
  const rows = await executor
    .select({ product_id: productPhotos.product_id, key: productPhotos.storage_key })
    .from(productPhotos)
    .where(and(inArray(productPhotos.product_id, productIds), eq(productPhotos.position, 0)));
  return new Map(rows.map((r) => [r.product_id, fileUrl(r.key)]));
}

function itemOut(
  i: Awaited<ReturnType<typeof eligibleItems>>[number],
  photos: Map<string, string>,
  today: string,
) {
  const deadline = artworkDeadline(i.start);
  return {
    id: i.id,
    order_id: i.order_id,
    order_code: i.order_code,
    name: i.name,
    type: i.type as ProductType,
    city: i.city,
    state: i.state,
    start: i.start,
    end: i.end,
    tower_count: i.tower_count,
    photo: photos.get(i.product_id) ?? null,
    artwork_deadline: deadline,
    deadline_passed: today > deadline,
    advertiser: i.advertiser_id ? { id: i.advertiser_id, ...billedName(i.billing) } : null,
  };
}

/** What the ad form offers: the items the user may still book an ad on. */
export async function adOptions(db: Db, userId: string, adId: string | null = null) {
  const items = await eligibleItems(db, userId, adId);
  const photos = await coverPhotos(
    db,
    items.map((i) => i.product_id),
  );
  const today = todayInBrasilia();
  return { items: items.map((i) => itemOut(i, photos, today)) };
}

/** Checks an ad's content and answers the rows it will hold; refuses with the first problem found. */
async function validateContent(tx: Tx, userId: string, adId: string | null, input: AdInput) {
  const name = input.name.trim();
  if (!name || name.length > 120) throw new AppError(400, adMessages.name);
  const itemIds = [...new Set(input.item_ids)];
  const mediaIds = [...new Set(input.media_ids)];
  if (itemIds.length === 0) throw new AppError(400, adMessages.noItems);
  if (mediaIds.length === 0) throw new AppError(400, adMessages.noMedia);
  const eligible = await eligibleItems(tx, userId, adId);
  const items = itemIds.map((id) => eligible.find((i) => i.id === id));
  if (items.some((i) => !i)) throw new AppError(422, adMessages.itemUnavailable);
  // An agency's ad is of one advertiser (decision 116): its items' orders bill the same one.
  if (new Set(items.map((i) => i!.advertiser_id)).size > 1)
    throw new AppError(422, adMessages.mixedAdvertisers);
  const files = await tx
    .select()
    .from(media)
    .where(and(eq(media.user_id, userId), inArray(media.id, mediaIds)));
  if (files.length !== mediaIds.length) throw new AppError(422, adMessages.mediaUnavailable);
  for (const file of files) {
    for (const item of items) {
      const [problem] = creativeProblems(
        {
          format: file.format as CreativeFormat,
          width: file.width,
          height: file.height,
          sizeBytes: file.size_bytes,
          durationMs: file.duration_ms,
        },
        item!.type as ProductType,
      );
      if (problem) throw new AppError(422, adMessages.misfit(file.name, item!.name, problem));
    }
  }
  return { name, items: items.map((i) => i!), mediaIds };
}

async function writeContent(tx: Tx, adId: string, itemIds: string[], mediaIds: string[]) {
  await tx.delete(adItems).where(eq(adItems.ad_id, adId));
  await tx.delete(adMedia).where(eq(adMedia.ad_id, adId));
  await tx.insert(adItems).values(itemIds.map((order_item_id) => ({ ad_id: adId, order_item_id })));
  await tx
    .insert(adMedia)
    .values(mediaIds.map((media_id, position) => ({ ad_id: adId, media_id, position })));
}

/** Serialises work on one user's ads (two tabs saving the same items cannot both win). */
const lockUser = (tx: Tx, userId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ads:${userId}`}))`);

export async function createAd(db: Db, userId: string, input: AdInput) {
  const id = await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const content = await validateContent(tx, userId, null, input);
    const [ad] = await tx
      .insert(ads)
      .values({ user_id: userId, name: content.name })
      .returning({ id: ads.id });
    await writeContent(
      tx,
      ad!.id,
      content.items.map((i) => i.id),
      content.mediaIds,
    );
    return ad!.id;
  });
  return adDetail(db, id, userId);
}

async function lockAd(tx: Tx, adId: string, userId?: string) {
  const [ad] = await tx.select().from(ads).where(eq(ads.id, adId)).for('update');
  if (!ad || (userId && ad.user_id !== userId)) throw new AppError(404, adMessages.notFound);
  return ad;
}

export async function updateAd(db: Db, userId: string, adId: string, input: AdInput) {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const ad = await lockAd(tx, adId, userId);
    if (!isAdEditable(ad.status)) throw new AppError(409, adMessages.notEditable);
    const content = await validateContent(tx, userId, adId, input);
    await tx.update(ads).set({ name: content.name, updated_at: new Date() }).where(eq(ads.id, adId));
    await writeContent(
      tx,
      adId,
      content.items.map((i) => i.id),
      content.mediaIds,
    );
  });
  return adDetail(db, adId, userId);
}

/** Sends a draft (or a rejected ad, after changes) to review: content checked again, deadline enforced. */
export async function submitAd(db: Db, userId: string, adId: string, ip: string | null = null) {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const ad = await lockAd(tx, adId, userId);
    if (!canTransitionAd(ad.status, 'em_analise', 'cliente'))
      throw new AppError(409, adMessages.transition(ad.status, 'em_analise'));
    const itemIds = (
      await tx.select({ id: adItems.order_item_id }).from(adItems).where(eq(adItems.ad_id, adId))
    ).map((r) => r.id);
    const mediaIds = (
      await tx
        .select({ id: adMedia.media_id })
        .from(adMedia)
        .where(eq(adMedia.ad_id, adId))
        .orderBy(asc(adMedia.position))
    ).map((r) => r.id);
    const content = await validateContent(tx, userId, adId, {
      name: ad.name,
      item_ids: itemIds,
      media_ids: mediaIds,
    });
    const today = todayInBrasilia();
    for (const item of content.items) {
      const deadline = artworkDeadline(item.start);
      if (today > deadline)
        throw new AppError(422, adMessages.deadlinePassed(item.name, formatDate(deadline)));
    }
    const now = new Date();
    await tx
      .update(ads)
      .set({ status: 'em_analise', submitted_at: now, updated_at: now })
      .where(eq(ads.id, adId));
    await audit(tx, {
      actorId: userId,
      action: 'anuncio.enviado',
      entity: 'ads',
      entityId: adId,
      before: { status: ad.status },
      after: { status: 'em_analise' },
      ip,
    });
    await notifyStaff(tx, {
      kind: 'anuncio_em_analise',
      title: `Anúncio para revisar: ${ad.name}`,
      body: `Enviado para análise; veicula em ${content.items.map((i) => i.name).join(', ')}.`,
      link: buildPath(paths.admin.campanha, { id: itemIds[0]! }),
    });
  });
  return adDetail(db, adId, userId);
}

export async function deleteAd(db: Db, userId: string, adId: string) {
  await db.transaction(async (tx) => {
    const ad = await lockAd(tx, adId, userId);
    if (ad.status !== 'rascunho') throw new AppError(409, 'Só rascunhos podem ser excluídos.');
    await tx.delete(ads).where(eq(ads.id, adId));
  });
}

/** One ad with its items (and their deadlines), its files and their fit, for its owner or staff. */
export async function adDetail(db: Db, adId: string, userId?: string) {
  const ad = await db.query.ads.findFirst({ where: eq(ads.id, adId) });
  if (!ad || (userId && ad.user_id !== userId)) throw new AppError(404, adMessages.notFound);
  const items = await db
    .select(itemColumns)
    .from(adItems)
    .innerJoin(orderItems, eq(orderItems.id, adItems.order_item_id))
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(eq(adItems.ad_id, adId))
    .orderBy(asc(orderItems.starts_on));
  const files = await db
    .select({ m: media })
    .from(adMedia)
    .innerJoin(media, eq(media.id, adMedia.media_id))
    .where(eq(adMedia.ad_id, adId))
    .orderBy(asc(adMedia.position));
  const photos = await coverPhotos(
    db,
    items.map((i) => i.product_id),
  );
  const today = todayInBrasilia();
  const out = items.map((i) => itemOut(i, photos, today));
  return {
    id: ad.id,
    name: ad.name,
    status: ad.status,
    review_reason: ad.review_reason,
    reviewed_at: ad.reviewed_at?.toISOString() ?? null,
    submitted_at: ad.submitted_at?.toISOString() ?? null,
    created_at: ad.created_at.toISOString(),
    updated_at: ad.updated_at.toISOString(),
    editable: isAdEditable(ad.status),
    advertiser: out[0]?.advertiser ?? null,
    items: out,
    media: files.map(({ m }) => ({
      id: m.id,
      name: m.name,
      kind: m.kind,
      format: m.format,
      width: m.width,
      height: m.height,
      size_bytes: m.size_bytes,
      duration_ms: m.duration_ms,
      url: `/api/media/${m.id}/arquivo`,
      thumb_url: m.thumb_key ? `/api/media/${m.id}/miniatura` : null,
    })),
  };
}
export type AdDetail = Awaited<ReturnType<typeof adDetail>>;

/** Ads an order's items run on (for the order page), keyed by item. */
export async function adsForOrder(db: Db, orderId: string) {
  const rows = await db
    .select({
      item_id: adItems.order_item_id,
      id: ads.id,
      name: ads.name,
      status: ads.status,
      reason: ads.review_reason,
    })
    .from(adItems)
    .innerJoin(ads, eq(ads.id, adItems.ad_id))
    .innerJoin(orderItems, eq(orderItems.id, adItems.order_item_id))
    .where(eq(orderItems.order_id, orderId));
  return new Map(
    rows.map((r) => [r.item_id, { id: r.id, name: r.name, status: r.status, review_reason: r.reason }]),
  );
}
