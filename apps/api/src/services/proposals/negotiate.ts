import { desc, eq } from 'drizzle-orm';
import {
  addDays,
  answerableProposalStates,
  buildPath,
  formatDate,
  formatMoney,
  paths,
  PROPOSAL_MAX_DAYS,
  proposalMessages,
  spreadTotal,
  todayInBrasilia,
  type proposalCounterSchema,
  type proposalRequestSchema,
  type ProposalRoundKind,
  type ProposalState,
} from '@urbana/shared';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { profiles, proposalItems, proposalRounds, proposals } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { agencyOrderOf } from '../agencies/checkout.ts';
import { readCartAdvertiser } from '../cart.ts';
import { audit } from '../audit.ts';
import { notifyStaff } from '../messaging/notifications.ts';
import { assertTotalWithinLimit, priceItems } from '../orders/quote.ts';
import { proposalCode } from './create.ts';
import { getProposal, lockProposal } from './read.ts';

type Request = z.output<typeof proposalRequestSchema>;
type Counter = z.output<typeof proposalCounterSchema>;

/** One round of the negotiation, numbered after the last (issue #44 item 4, decision 108). */
export async function recordRound(
  tx: Tx,
  proposalId: string,
  round: {
    kind: ProposalRoundKind;
    side: 'cliente' | 'equipe';
    actorId: string;
    message?: string;
    prices?: number[] | null;
    total?: number | null;
    validUntil?: string | null;
  },
) {
  const [last] = await tx
    .select({ position: proposalRounds.position })
    .from(proposalRounds)
    .where(eq(proposalRounds.proposal_id, proposalId))
    .orderBy(desc(proposalRounds.position))
    .limit(1);
  const actor = await tx.query.profiles.findFirst({ where: eq(profiles.id, round.actorId) });
  await tx.insert(proposalRounds).values({
    proposal_id: proposalId,
    position: (last?.position ?? 0) + 1,
    kind: round.kind,
    side: round.side,
    actor_id: round.actorId,
    actor_name:
      actor?.nome_completo || actor?.email || (round.side === 'equipe' ? 'Equipe Urbana' : 'Cliente'),
    message: round.message ?? '',
    prices: round.prices ?? null,
    total: round.total ?? null,
    valid_until: round.validUntil ?? null,
  });
}

/**
 * "Pedir proposta": the customer's cart or plan becomes a proposal waiting for staff, its lines at the
 * catalogue's prices, with the message and the target budget. An agency's person names one of its
 * advertisers (404 for any other), as at checkout.
 */
export async function requestProposal(deps: { db: Db; config: Config }, userId: string, body: Request) {
  // A cart's request is for the cart's advertiser when none is named (decision 116).
  const agency = await agencyOrderOf(
    deps.db,
    userId,
    body.advertiser_id,
    deps.config.agencyCommissionPercent,
    new Date(),
    body.source === 'carrinho'
      ? async () => (await readCartAdvertiser(deps.db, userId))?.id ?? null
      : undefined,
  );
  const priced = await priceItems(
    deps.db,
    body.items.map((i) => ({ ...i, tower_ids: i.tower_ids })),
    deps.config,
  );
  const subtotal = priced.reduce((s, p) => s + p.subtotal, 0);
  const total = priced.reduce((s, p) => s + p.total, 0);
  assertTotalWithinLimit(total);
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(proposals)
      .values({
        code: proposalCode(),
        customer_id: userId,
        created_by: userId,
        status: 'solicitada',
        // Until staff answer with their own last day; a request itself never lapses.
        valid_until: addDays(todayInBrasilia(), PROPOSAL_MAX_DAYS),
        subtotal,
        discount: 0,
        total,
        advertiser_id: agency?.advertiserId ?? null,
        request_message: body.message,
        target_budget: body.target_budget,
      })
      .returning();
    await tx.insert(proposalItems).values(
      priced.map((p, position) => ({
        proposal_id: row!.id,
        position,
        product_id: p.product_id,
        towers: p.towers,
        starts_on: p.start,
        weeks: p.weeks,
        list_price: p.subtotal,
        price: p.total,
      })),
    );
    await recordRound(tx, row!.id, {
      kind: 'pedido',
      side: 'cliente',
      actorId: userId,
      message: body.message,
      total: body.target_budget,
    });
    await notifyStaff(tx, {
      kind: 'proposta_pedida',
      title: `Pedido de proposta ${row!.code}`,
      body: `${body.source === 'plano' ? 'Plano' : 'Carrinho'} de ${formatMoney(total)}${
        body.target_budget === null ? '' : `, orçamento-alvo ${formatMoney(body.target_budget)}`
      }: ${body.message}`,
      link: buildPath(paths.admin.proposta, { id: row!.id }),
    });
    await audit(tx, {
      actorId: userId,
      action: 'proposta.pedida',
      entity: 'proposal',
      entityId: row!.id,
      after: { codigo: row!.code, orcamento: body.target_budget, origem: body.source },
    });
    return row!.id;
  });
  return getProposal(deps.db, id, userId);
}

/** The customer may answer (counter or decline) only a live offer of theirs: 404, 409, 410 otherwise. */
function assertAnswerable(row: typeof proposals.$inferSelect, state: ProposalState, userId: string) {
  if (row.customer_id !== userId || row.status === 'rascunho')
    throw new AppError(404, proposalMessages.notFound);
  if (state === 'vencida') throw new AppError(410, proposalMessages.expired(formatDate(row.valid_until)));
  if (state === 'aceita' || state === 'reaberta') throw new AppError(409, proposalMessages.accepted);
  if (state === 'cancelada') throw new AppError(409, proposalMessages.cancelled);
  if (state === 'recusada') throw new AppError(409, proposalMessages.declined);
  if (!answerableProposalStates.includes(state)) throw new AppError(409, proposalMessages.waitingStaff);
}

/**
 * The customer's counter-offer: a price for each line (never above its table price) or one total. The
 * proposal waits for staff again; its offered prices stay as they were until staff answer.
 */
export async function counterProposal(db: Db, id: string, userId: string, body: Counter) {
  await db.transaction(async (tx) => {
    const { row, state } = await lockProposal(tx, id);
    assertAnswerable(row, state, userId);
    const proposal = await getProposal(tx, id, userId);
    if (body.prices) {
      if (body.prices.length !== proposal.items.length)
        throw new AppError(400, 'Proponha um preço para cada local da proposta.');
      proposal.items.forEach((item, i) => {
        if (body.prices![i]! > item.list_price)
          throw new AppError(400, proposalMessages.priceAboveList(item.product_name));
      });
    }
    const total = body.prices ? body.prices.reduce((s, p) => s + p, 0) : body.total!;
    if (total > proposal.subtotal)
      throw new AppError(400, 'A contraproposta não pode passar do preço de tabela.');
    // A total is spread over the lines in proportion to the offer's prices, each within its table
    // price, so staff answer (and the order ends) with a price per line (decision 116).
    const prices =
      body.prices ??
      spreadTotal(
        total,
        proposal.items.map((i) => i.price),
        proposal.items.map((i) => i.list_price),
      );
    await tx
      .update(proposals)
      .set({ status: 'contraproposta', updated_at: new Date(), acceptance_error: null })
      .where(eq(proposals.id, id));
    await recordRound(tx, id, {
      kind: 'contraproposta',
      side: 'cliente',
      actorId: userId,
      message: body.message,
      prices,
      total,
    });
    await notifyStaff(tx, {
      kind: 'proposta_contraproposta',
      title: `Contraproposta na proposta ${row.code}`,
      body: `${formatMoney(total)} contra ${formatMoney(row.total)}${body.message ? `: ${body.message}` : ''}`,
      link: buildPath(paths.admin.proposta, { id }),
    });
    await audit(tx, {
      actorId: userId,
      action: 'proposta.contraproposta',
      entity: 'proposal',
      entityId: id,
      before: { total: row.total },
      after: { codigo: row.code, total, precos: prices },
    });
  });
  return getProposal(db, id, userId);
}

/** The customer declines the offer, saying why; staff hear of it. The proposal ends there. */
export async function declineProposal(db: Db, id: string, userId: string, reason: string) {
  await db.transaction(async (tx) => {
    const { row, state } = await lockProposal(tx, id);
    assertAnswerable(row, state, userId);
    await tx
      .update(proposals)
      .set({ status: 'recusada', updated_at: new Date() })
      .where(eq(proposals.id, id));
    await recordRound(tx, id, { kind: 'recusa', side: 'cliente', actorId: userId, message: reason });
    await notifyStaff(tx, {
      kind: 'proposta_recusada',
      title: `Proposta ${row.code} recusada`,
      body: reason,
      link: buildPath(paths.admin.proposta, { id }),
    });
    await audit(tx, {
      actorId: userId,
      action: 'proposta.recusada',
      entity: 'proposal',
      entityId: id,
      after: { codigo: row.code, motivo: reason },
    });
  });
  return getProposal(db, id, userId);
}
