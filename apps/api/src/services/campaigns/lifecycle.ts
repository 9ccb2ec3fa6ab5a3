import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { loadSharp } from '../../lib/heavy-modules.ts';
import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  adMessages,
  campaignMessages,
  campaignFinishRefusal,
  campaignStartRefusal,
  campaignStatusOf,
  canTransitionAd,
  isEarlyFinish,
  proofDateRefusal,
  todayInBrasilia,
  type AdStatus,
  type CampaignStatus,
} from '@urbana/shared';
import type { Db, Tx } from '../../db/client.ts';
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
import type { ActorContext } from '../admin.ts';
import { adDetail } from '../ads.ts';
import { audit } from '../audit.ts';
import { emailTemplates } from '../messaging/email-templates.ts';
import { unsubscribeUrl } from '../messaging/email-unsubscribe.ts';
import { processImage, receiveUpload } from '../media.ts';
import { notify } from '../messaging/notifications.ts';
import { transitionOrder, type OrderDeps } from '../orders/transition.ts';
import type { Storage } from '../storage.ts';
import { textSearch } from '../../db/search.ts';

export interface CampaignDeps extends OrderDeps {
  storage: Storage;
}

const CAMPAIGN_ORDERS = ['pago', 'em_veiculacao', 'concluido'] as const;
const PROOF_MAX_BYTES = 20 * 1024 * 1024;

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

/** Staff approve or reject an ad under review; the customer gets a notification and an e-mail. */
export async function reviewAd(
  deps: CampaignDeps,
  actor: ActorContext,
  adId: string,
  decision: { approve: boolean; reason?: string | undefined },
) {
  const staffId = actor.actorId;
  const reason = decision.reason?.trim() ?? '';
  if (!decision.approve && (reason.length < 5 || reason.length > 1000))
    throw new AppError(400, adMessages.reasonRequired);
  const to: AdStatus = decision.approve ? 'aprovado' : 'reprovado';
  await deps.db.transaction(async (tx) => {
    const [ad] = await tx.select().from(ads).where(eq(ads.id, adId)).for('update');
    if (!ad) throw new AppError(404, adMessages.notFound);
    if (!canTransitionAd(ad.status, to, 'equipe'))
      throw new AppError(409, adMessages.transition(ad.status, to));
    const now = new Date();
    await tx
      .update(ads)
      .set({
        status: to,
        review_reason: decision.approve ? null : reason,
        reviewed_by: staffId,
        reviewed_at: now,
        updated_at: now,
      })
      .where(eq(ads.id, adId));
    await audit(tx, {
      actorId: staffId,
      action: decision.approve ? 'anuncio.aprovado' : 'anuncio.reprovado',
      entity: 'ads',
      entityId: adId,
      before: { status: ad.status, review_reason: ad.review_reason },
      after: { status: to, review_reason: decision.approve ? null : reason },
      ip: actor.ip,
    });
    const owner = await tx.query.profiles.findFirst({ where: eq(profiles.id, ad.user_id) });
    const link = `/usuario/editar-anuncio/${ad.id}`;
    await notify(tx, {
      userId: ad.user_id,
      kind: decision.approve ? 'anuncio_aprovado' : 'anuncio_reprovado',
      title: decision.approve
        ? `O anúncio “${ad.name}” foi aprovado`
        : `O anúncio “${ad.name}” foi reprovado`,
      body: decision.approve ? 'Ele entra no ar no início do período reservado.' : reason,
      link: decision.approve ? '/usuario/meus-anuncios' : link,
    });
    await deps.outbox.enqueue(tx, {
      to: owner!.email,
      userId: ad.user_id,
      ...emailTemplates.adReviewed({
        name: owner!.nome_completo,
        ad: ad.name,
        approved: decision.approve,
        reason: decision.approve ? null : reason,
        url: `${deps.config.publicUrl}${decision.approve ? '/usuario/meus-anuncios' : link}`,
      }),
    });
  });
  void deps.outbox.kick();
}

async function lockCampaign(tx: Tx, itemId: string) {
  const [row] = await tx
    .select({ item: orderItems, order: orders })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(and(eq(orderItems.id, itemId), inArray(orders.status, [...CAMPAIGN_ORDERS])))
    .for('update', { of: orderItems });
  if (!row) throw new AppError(404, campaignMessages.notFound);
  const link = await tx.query.adItems.findFirst({ where: eq(adItems.order_item_id, itemId) });
  const [ad] = link ? await tx.select().from(ads).where(eq(ads.id, link.ad_id)).for('update') : [];
  const run = await tx.query.campaignRuns.findFirst({ where: eq(campaignRuns.order_item_id, itemId) });
  return { ...row, ad: ad ?? null, run: run ?? null };
}

async function tellCustomer(
  deps: CampaignDeps,
  tx: Tx,
  c: Awaited<ReturnType<typeof lockCampaign>>,
  started: boolean,
  earlyReason: string | null = null,
) {
  const owner = await tx.query.profiles.findFirst({ where: eq(profiles.id, c.order.user_id) });
  await notify(tx, {
    userId: c.order.user_id,
    kind: started ? 'campanha_iniciada' : 'campanha_finalizada',
    title: started
      ? `Sua campanha em ${c.item.product_name} está no ar`
      : `Sua campanha em ${c.item.product_name} terminou`,
    ...(earlyReason ? { body: `Encerrada antes do fim do período. Motivo: ${earlyReason}` } : {}),
    link: `/pedido/${c.order.id}`,
  });
  // Campaign alerts can be turned off in Minha conta (issue #24); the notification stays.
  if (!owner || !owner.email_alerts || owner.deleted_at) return;
  await deps.outbox.enqueue(tx, {
    to: owner.email,
    userId: c.order.user_id,
    unsubscribeUrl: unsubscribeUrl(deps.config.publicUrl, owner.email_token, 'alertas'),
    ...emailTemplates.campaignUpdate({
      name: owner.nome_completo,
      item: c.item.product_name,
      started,
      url: `${deps.config.publicUrl}/pedido/${c.order.id}`,
    }),
  });
}

/**
 * Staff start a campaign: its ad must be approved and the booked period must have begun (a booking for
 * 09/12 cannot go on air on 23/11, issue #17 item 1); the ad and the order go on air.
 */
export async function startCampaign(deps: CampaignDeps, actor: ActorContext, itemId: string) {
  const staffId = actor.actorId;
  await deps.db.transaction(async (tx) => {
    const c = await lockCampaign(tx, itemId);
    if (c.run) throw new AppError(409, campaignMessages.alreadyStarted);
    if (!c.ad || (c.ad.status !== 'aprovado' && c.ad.status !== 'em_veiculacao'))
      throw new AppError(409, campaignMessages.needsApprovedAd);
    const refusal = campaignStartRefusal({ start: c.item.starts_on, weeks: c.item.weeks }, todayInBrasilia());
    if (refusal) throw new AppError(409, refusal);
    const now = new Date();
    await tx.insert(campaignRuns).values({ order_item_id: itemId, started_at: now, started_by: staffId });
    if (c.ad.status === 'aprovado') {
      await tx.update(ads).set({ status: 'em_veiculacao', updated_at: now }).where(eq(ads.id, c.ad.id));
    }
    if (c.order.status === 'pago') {
      await transitionOrder(
        deps,
        {
          orderId: c.order.id,
          to: 'em_veiculacao',
          actor: 'equipe',
          actorId: staffId,
          note: 'Campanha iniciada.',
        },
        tx,
      );
    }
    await audit(tx, {
      actorId: staffId,
      action: 'campanha.iniciada',
      entity: 'order_items',
      entityId: itemId,
      before: { status: 'aprovada', ad_status: c.ad.status },
      after: { status: 'em_veiculacao', started_at: now.toISOString() },
      ip: actor.ip,
    });
    await tellCustomer(deps, tx, c, true);
  });
  void deps.outbox.kick();
}

/**
 * Staff finish a campaign; the ad finishes with its last item, the order with its last campaign.
 * Before the booked last day it takes a reason, kept on the run and shown to the customer.
 */
export async function finishCampaign(
  deps: CampaignDeps,
  actor: ActorContext,
  itemId: string,
  reason?: string | null,
) {
  const staffId = actor.actorId;
  await deps.db.transaction(async (tx) => {
    const c = await lockCampaign(tx, itemId);
    if (!c.run) throw new AppError(409, campaignMessages.notStarted);
    if (c.run.finished_at) throw new AppError(409, campaignMessages.alreadyFinished);
    const period = { start: c.item.starts_on, weeks: c.item.weeks };
    const today = todayInBrasilia();
    const refusal = campaignFinishRefusal(period, today, reason);
    if (refusal) throw new AppError(400, refusal);
    const earlyReason = isEarlyFinish(period, today) ? reason!.trim() : null;
    const now = new Date();
    await tx
      .update(campaignRuns)
      .set({ finished_at: now, finished_by: staffId, early_end_reason: earlyReason })
      .where(eq(campaignRuns.order_item_id, itemId));
    if (c.ad) {
      const [open] = await tx
        .select({ n: count() })
        .from(adItems)
        .leftJoin(campaignRuns, eq(campaignRuns.order_item_id, adItems.order_item_id))
        .where(and(eq(adItems.ad_id, c.ad.id), isNull(campaignRuns.finished_at)));
      if ((open?.n ?? 0) === 0 && canTransitionAd(c.ad.status, 'finalizado', 'equipe')) {
        await tx.update(ads).set({ status: 'finalizado', updated_at: now }).where(eq(ads.id, c.ad.id));
      }
    }
    const [pending] = await tx
      .select({ n: count() })
      .from(orderItems)
      .leftJoin(campaignRuns, eq(campaignRuns.order_item_id, orderItems.id))
      .where(and(eq(orderItems.order_id, c.order.id), isNull(campaignRuns.finished_at)));
    if ((pending?.n ?? 0) === 0 && c.order.status === 'em_veiculacao') {
      await transitionOrder(
        deps,
        {
          orderId: c.order.id,
          to: 'concluido',
          actor: 'equipe',
          actorId: staffId,
          note: 'Campanhas finalizadas.',
        },
        tx,
      );
    }
    await audit(tx, {
      actorId: staffId,
      action: 'campanha.finalizada',
      entity: 'order_items',
      entityId: itemId,
      before: { status: 'em_veiculacao' },
      after: {
        status: 'finalizada',
        finished_at: now.toISOString(),
        ...(earlyReason ? { motivo_encerramento_antecipado: earlyReason } : {}),
      },
      ip: actor.ip,
    });
    await tellCustomer(deps, tx, c, false, earlyReason);
  });
  void deps.outbox.kick();
}

/** Staff attach a proof-of-play photo (re-encoded, metadata stripped) dated within the period. */
export async function addProof(
  deps: CampaignDeps & { config: OrderDeps['config'] },
  actor: ActorContext,
  itemId: string,
  body: Readable,
  input: { taken_on: string; caption?: string | undefined },
) {
  const staffId = actor.actorId;
  const check = await deps.db
    .select({ start: orderItems.starts_on, weeks: orderItems.weeks, started: campaignRuns.started_at })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .leftJoin(campaignRuns, eq(campaignRuns.order_item_id, orderItems.id))
    .where(and(eq(orderItems.id, itemId), inArray(orders.status, [...CAMPAIGN_ORDERS])));
  const item = check[0];
  if (!item) throw new AppError(404, campaignMessages.notFound);
  if (!item.started) throw new AppError(409, campaignMessages.notStarted);
  const dateRefusal = proofDateRefusal(
    { start: item.start, weeks: item.weeks },
    todayInBrasilia(),
    input.taken_on,
  );
  if (dateRefusal) throw new AppError(400, dateRefusal);
  const caption = (input.caption ?? '').trim().slice(0, 300);
  const received = await receiveUpload(
    { db: deps.db, storage: deps.storage, config: deps.config },
    body,
    {
      image: PROOF_MAX_BYTES,
      video: 0,
      room: PROOF_MAX_BYTES,
      roomMessage: 'A foto passa do limite de 20 MB.',
    },
    ['jpg', 'png', 'webp'],
  );
  const id = randomUUID();
  const keys = {
    file: `comprovacoes/${itemId}/${id}.webp`,
    thumb: `comprovacoes/${itemId}/${id}-miniatura.webp`,
  };
  const stored: string[] = [];
  try {
    const image = await processImage(received.file, received.format);
    const web = await (
      await loadSharp()
    )(image.data)
      .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    await deps.storage.put(keys.file, web.data, 'image/webp');
    stored.push(keys.file);
    await deps.storage.put(keys.thumb, image.thumb, 'image/webp');
    stored.push(keys.thumb);
    const row = await deps.db.transaction(async (tx) => {
      const [proof] = await tx
        .insert(proofPhotos)
        .values({
          id,
          order_item_id: itemId,
          taken_on: input.taken_on,
          caption,
          storage_key: keys.file,
          thumb_key: keys.thumb,
          width: web.info.width,
          height: web.info.height,
          uploaded_by: staffId,
        })
        .returning();
      await audit(tx, {
        actorId: staffId,
        action: 'campanha.comprovacao_enviada',
        entity: 'proof_photos',
        entityId: id,
        after: { order_item_id: itemId, taken_on: input.taken_on, caption },
        ip: actor.ip,
      });
      const [owner] = await tx
        .select({ user_id: orders.user_id, order_id: orders.id, product: orderItems.product_name })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.order_id))
        .where(eq(orderItems.id, itemId));
      await notify(tx, {
        userId: owner!.user_id,
        kind: 'comprovacao',
        title: `Chegou uma nova foto de comprovação de ${owner!.product}`,
        link: `/pedido/${owner!.order_id}`,
      });
      return proof!;
    });
    return proofOut(row);
  } catch (error) {
    await Promise.all(stored.map((key) => deps.storage.delete(key).catch(() => undefined)));
    throw error;
  } finally {
    await rm(received.file, { force: true });
  }
}

/** A proof photo's file, for the order's owner or staff. */
export async function proofFile(
  deps: CampaignDeps,
  viewer: { id: string; staff: boolean },
  proofId: string,
  variant: 'arquivo' | 'miniatura',
) {
  const [row] = await deps.db
    .select({ proof: proofPhotos, owner: orders.user_id })
    .from(proofPhotos)
    .innerJoin(orderItems, eq(orderItems.id, proofPhotos.order_item_id))
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(eq(proofPhotos.id, proofId));
  if (!row || (row.owner !== viewer.id && !viewer.staff))
    throw new AppError(404, campaignMessages.proofNotFound);
  const object = await deps.storage.get(variant === 'arquivo' ? row.proof.storage_key : row.proof.thumb_key);
  if (!object) throw new AppError(404, campaignMessages.proofNotFound);
  return {
    object,
    filename: `comprovacao-${row.proof.taken_on}${variant === 'miniatura' ? '-miniatura' : ''}.webp`,
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
    .leftJoin(campaignRuns, eq(campaignRuns.order_item_id, orderItems.id))
    .leftJoin(adItems, eq(adItems.order_item_id, orderItems.id))
    .leftJoin(ads, eq(ads.id, adItems.ad_id))
    .where(eq(orderItems.order_id, orderId));
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
