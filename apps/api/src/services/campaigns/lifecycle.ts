// A campaign's steps: the ad reviewed, the run started and finished (docs/decisions/025-staff-safety.md).
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import {
  adMessages,
  campaignMessages,
  campaignFinishRefusal,
  campaignStartRefusal,
  canTransitionAd,
  insertionOrderMessages,
  isEarlyFinish,
  todayInBrasilia,
  type AdStatus,
  buildPath,
  paths,
} from '@urbana/shared';
import type { Tx } from '../../db/client.ts';
import { adItems, ads, campaignRuns, orderItems, orders, profiles } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ActorContext } from '../admin.ts';
import { audit } from '../audit.ts';
import { pendingInsertionOrderOf } from '../agencies/insertion-orders.ts';
import { emailTemplates } from '../messaging/email-templates.ts';
import { unsubscribeUrl } from '../messaging/email-unsubscribe.ts';
import { CAMPAIGN_ORDERS } from './queries.ts';
import { notify } from '../messaging/notifications.ts';
import { transitionOrder, type OrderDeps } from '../orders/transition.ts';
import type { Storage } from '../storage.ts';

export interface CampaignDeps extends OrderDeps {
  storage: Storage;
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
    const link = buildPath(paths.usuario.editarAnuncio, { id: ad.id });
    await notify(tx, {
      userId: ad.user_id,
      kind: decision.approve ? 'anuncio_aprovado' : 'anuncio_reprovado',
      title: decision.approve
        ? `O anúncio “${ad.name}” foi aprovado`
        : `O anúncio “${ad.name}” foi reprovado`,
      body: decision.approve ? 'Ele entra no ar no início do período reservado.' : reason,
      link: decision.approve ? paths.usuario.meusAnuncios : link,
    });
    await deps.outbox.enqueue(tx, {
      to: owner!.email,
      userId: ad.user_id,
      ...emailTemplates.adReviewed({
        name: owner!.nome_completo,
        ad: ad.name,
        approved: decision.approve,
        reason: decision.approve ? null : reason,
        url: `${deps.config.publicUrl}${decision.approve ? paths.usuario.meusAnuncios : link}`,
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

type Locked = Awaited<ReturnType<typeof lockCampaign>>;

async function tellCustomer(
  deps: CampaignDeps,
  tx: Tx,
  c: Locked,
  started: boolean,
  earlyReason: string | null = null,
  email = true,
) {
  const owner = await tx.query.profiles.findFirst({ where: eq(profiles.id, c.order.user_id) });
  await notify(tx, {
    userId: c.order.user_id,
    kind: started ? 'campanha_iniciada' : 'campanha_finalizada',
    title: started
      ? `Sua campanha em ${c.item.product_name} está no ar`
      : `Sua campanha em ${c.item.product_name} terminou`,
    ...(earlyReason ? { body: `Encerrada antes do fim do período. Motivo: ${earlyReason}` } : {}),
    link: buildPath(paths.pedido, { orderId: c.order.id }),
  });
  // Campaign alerts can be turned off in Minha conta (issue #24); the notification stays.
  if (!email || !owner || !owner.email_alerts || owner.deleted_at) return;
  await deps.outbox.enqueue(tx, {
    to: owner.email,
    userId: c.order.user_id,
    unsubscribeUrl: unsubscribeUrl(deps.config.publicUrl, owner.email_token, 'alertas'),
    ...emailTemplates.campaignUpdate({
      name: owner.nome_completo,
      item: c.item.product_name,
      started,
      url: `${deps.config.publicUrl}${buildPath(paths.pedido, { orderId: c.order.id })}`,
    }),
  });
}

/** Who put a campaign on air: staff (the button), or its screen's first reported play (issue #43). */
type StartedBy =
  { actor: 'equipe'; actorId: string; ip: string } | { actor: 'sistema'; playerId: string; at: Date };

/** The run begins, the ad and the order go on air, the customer is told: one step, whoever starts it. */
async function putOnAir(deps: CampaignDeps, tx: Tx, c: Locked, by: StartedBy) {
  const now = by.actor === 'sistema' ? by.at : new Date();
  const staffId = by.actor === 'equipe' ? by.actorId : null;
  await tx.insert(campaignRuns).values({ order_item_id: c.item.id, started_at: now, started_by: staffId });
  if (c.ad!.status === 'aprovado') {
    await tx.update(ads).set({ status: 'em_veiculacao', updated_at: new Date() }).where(eq(ads.id, c.ad!.id));
  }
  if (c.order.status === 'pago') {
    const note = by.actor === 'equipe' ? 'Campanha iniciada.' : 'Campanha no ar: primeira exibição na tela.';
    await transitionOrder(
      deps,
      { orderId: c.order.id, to: 'em_veiculacao', actor: by.actor, actorId: staffId, note },
      tx,
    );
  }
  await audit(tx, {
    actorId: staffId,
    action: 'campanha.iniciada',
    entity: 'order_items',
    entityId: c.item.id,
    before: { status: 'aprovada', ad_status: c.ad!.status },
    after: {
      status: 'em_veiculacao',
      started_at: now.toISOString(),
      ...(by.actor === 'sistema' ? { primeira_exibicao_da_tela: by.playerId } : {}),
    },
    ip: by.actor === 'equipe' ? by.ip : null,
  });
  await tellCustomer(deps, tx, c, true);
}

/**
 * Staff start a campaign: its ad must be approved, the booked period must have begun (a booking for
 * 09/12 cannot go on air on 23/11, issue #17 item 1) and, for an agency's order, its PI approved; the
 * ad and the order go on air.
 */
export async function startCampaign(deps: CampaignDeps, actor: ActorContext, itemId: string) {
  await deps.db.transaction(async (tx) => {
    const c = await lockCampaign(tx, itemId);
    if (c.run) throw new AppError(409, campaignMessages.alreadyStarted);
    if (!c.ad || (c.ad.status !== 'aprovado' && c.ad.status !== 'em_veiculacao'))
      throw new AppError(409, campaignMessages.needsApprovedAd);
    const refusal = campaignStartRefusal({ start: c.item.starts_on, weeks: c.item.weeks }, todayInBrasilia());
    if (refusal) throw new AppError(409, refusal);
    // An agency's order: its PI must be approved first (issue #44 item 3, decision 103).
    const pendingPi = await pendingInsertionOrderOf(tx, c.order.id);
    if (pendingPi) throw new AppError(409, insertionOrderMessages.notApproved(pendingPi));
    await putOnAir(deps, tx, c, { actor: 'equipe', actorId: actor.actorId, ip: actor.ip });
  });
  void deps.outbox.kick();
}

/**
 * A booking's first play reported by its screen puts its campaign on air (issue #43 item 3), by the
 * same step as staff's button, at the play's start; nothing happens to a campaign already started or
 * finished, whose ad is not approved, whose order is not paid, whose PI (an agency's order) is not
 * approved, or whose period has not begun. In the
 * caller's transaction (the report's); the caller kicks the outbox after the commit.
 */
export async function startCampaignOnPlay(
  deps: CampaignDeps,
  tx: Tx,
  itemId: string,
  play: { playerId: string; at: Date },
): Promise<boolean> {
  const c = await lockCampaign(tx, itemId).catch((err: unknown) => {
    if (err instanceof AppError && err.statusCode === 404) return null;
    throw err;
  });
  if (!c || c.run || !['pago', 'em_veiculacao'].includes(c.order.status)) return false;
  if (!c.ad || (c.ad.status !== 'aprovado' && c.ad.status !== 'em_veiculacao')) return false;
  const period = { start: c.item.starts_on, weeks: c.item.weeks };
  if (campaignStartRefusal(period, todayInBrasilia(play.at))) return false;
  // Nor before the agency approved the order's PI: the screen's plays are kept, the run waits.
  if (await pendingInsertionOrderOf(tx, c.order.id)) return false;
  await putOnAir(deps, tx, c, { actor: 'sistema', ...play });
  return true;
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
    // The order's last campaign: the order concludes and its campaign report is written; the report's
    // e-mail is the one the customer gets (three e-mails said the same end, issue #40 item 7).
    const concludes = (pending?.n ?? 0) === 0 && c.order.status === 'em_veiculacao';
    if (concludes) {
      await transitionOrder(
        deps,
        {
          orderId: c.order.id,
          to: 'concluido',
          actor: 'equipe',
          actorId: staffId,
          note: 'Campanhas finalizadas.',
          noEmail: true,
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
    await tellCustomer(deps, tx, c, false, earlyReason, !concludes);
  });
  void deps.outbox.kick();
}
