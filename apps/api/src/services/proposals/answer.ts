import { and, eq } from 'drizzle-orm';
import {
  addDays,
  awaitingStaffProposalStates,
  PROPOSAL_MAX_DAYS,
  PROPOSAL_MIN_PRICE,
  proposalMessages,
  todayInBrasilia,
  type proposalAnswerSchema,
} from '@urbana/shared';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { proposalItems, proposals } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Outbox } from '../messaging/outbox.ts';
import type { ActorContext } from '../admin.ts';
import { assertTotalWithinLimit } from '../orders/quote.ts';
import { getProposal, lockProposal } from './read.ts';
import { deliverProposal } from './send.ts';

type Answer = z.output<typeof proposalAnswerSchema>;

/**
 * Staff answer a request or a counter-offer with an offer (issue #44 item 4): each line's price (null:
 * its table price; never above it), a discount, the last day and the payment method. The offer is sent
 * to the customer in the same transaction and becomes a round of the negotiation.
 */
export async function answerProposal(
  deps: { db: Db; config: Config; outbox: Outbox },
  id: string,
  body: Answer,
  actor: ActorContext,
) {
  const today = todayInBrasilia();
  if (body.valid_until < today) throw new AppError(400, 'A validade não pode estar no passado.');
  if (body.valid_until > addDays(today, PROPOSAL_MAX_DAYS))
    throw new AppError(400, `A proposta vale no máximo ${PROPOSAL_MAX_DAYS} dias.`);
  await deps.db.transaction(async (tx) => {
    const { row, state } = await lockProposal(tx, id);
    if (!awaitingStaffProposalStates.includes(state)) throw new AppError(409, proposalMessages.notWaiting);
    const proposal = await getProposal(tx, id);
    if (body.prices.length !== proposal.items.length)
      throw new AppError(400, 'Informe o preço de cada local da proposta.');
    const prices = proposal.items.map((item, i) => {
      const price = body.prices[i] ?? item.list_price;
      if (price > item.list_price)
        throw new AppError(400, proposalMessages.priceAboveList(item.product_name));
      return price;
    });
    const linesTotal = prices.reduce((s, p) => s + p, 0);
    if (linesTotal - body.discount < PROPOSAL_MIN_PRICE)
      throw new AppError(400, proposalMessages.discountAboveTotal);
    const total = linesTotal - body.discount;
    assertTotalWithinLimit(total);
    for (const [position, price] of prices.entries())
      await tx
        .update(proposalItems)
        .set({ price })
        .where(and(eq(proposalItems.proposal_id, id), eq(proposalItems.position, position)));
    const [updated] = await tx
      .update(proposals)
      .set({
        discount: body.discount,
        total,
        valid_until: body.valid_until,
        note: body.note,
        payment_method: body.payment_method,
        updated_at: new Date(),
      })
      .where(eq(proposals.id, row.id))
      .returning();
    await deliverProposal(deps, tx, updated!, actor, true);
  });
  void deps.outbox.kick();
  return getProposal(deps.db, id);
}
