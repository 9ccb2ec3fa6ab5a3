import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { proposalInputSchema } from '@urbana/shared';
import {
  addDays,
  formatMoney,
  PROPOSAL_MAX_DAYS,
  PROPOSAL_MIN_PRICE,
  proposalMessages,
  todayInBrasilia,
  type ProposalInput,
} from '@urbana/shared';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { profiles, proposalItems, proposals } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ActorContext } from '../admin.ts';
import { audit } from '../audit.ts';
import { priceItems } from '../orders/quote.ts';
import { assertTotalWithinLimit } from '../orders/quote.ts';
import { assertFacesFree, assertPaymentMethodFits } from './offer-checks.ts';
import { getProposal, lockProposal } from './read.ts';

type Input = z.output<typeof proposalInputSchema>;
export type { ProposalInput };

export function proposalCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `PRP-${Array.from(randomBytes(6), (b) => alphabet[b % alphabet.length]).join('')}`;
}

/**
 * A proposal, priced from the catalogue like a checkout (same faces, periods and overlap rules), each
 * line at its negotiated price (never above the catalogue's), less an optional discount.
 */
export async function createProposal(deps: { db: Db; config: Config }, input: Input, actor: ActorContext) {
  const today = todayInBrasilia();
  if (input.valid_until < today) throw new AppError(400, 'A validade não pode estar no passado.');
  if (input.valid_until > addDays(today, PROPOSAL_MAX_DAYS))
    throw new AppError(400, `A proposta vale no máximo ${PROPOSAL_MAX_DAYS} dias.`);
  const customer = await deps.db.query.profiles.findFirst({
    where: and(eq(profiles.id, input.customer_id), eq(profiles.tipo_usuario, 'cliente')),
  });
  if (!customer) throw new AppError(400, 'Cliente não encontrado.');
  const priced = await priceItems(
    deps.db,
    input.items.map((i) => ({
      product_id: i.product_id,
      start_date: i.start_date,
      weeks: i.weeks,
      tower_ids: i.tower_ids,
    })),
    deps.config,
  );
  const lines = priced.map((p, index) => {
    const asked = input.items[index]!.price;
    const price = asked ?? p.total;
    if (price > p.subtotal) throw new AppError(400, proposalMessages.priceAboveList(p.name));
    return { p, price };
  });
  const subtotal = lines.reduce((s, l) => s + l.p.subtotal, 0);
  const linesTotal = lines.reduce((s, l) => s + l.price, 0);
  if (linesTotal - input.discount < PROPOSAL_MIN_PRICE)
    throw new AppError(400, proposalMessages.discountAboveTotal);
  const total = linesTotal - input.discount;
  assertTotalWithinLimit(total);
  await assertPaymentMethodFits(deps.db, customer.id, input.payment_method);
  await assertFacesFree(deps.db, priced);
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(proposals)
      .values({
        code: proposalCode(),
        customer_id: customer.id,
        created_by: actor.actorId,
        valid_until: input.valid_until,
        subtotal,
        discount: input.discount,
        total,
        note: input.note,
        payment_method: input.payment_method,
      })
      .returning();
    await tx.insert(proposalItems).values(
      lines.map((l, position) => ({
        proposal_id: row!.id,
        position,
        product_id: l.p.product_id,
        towers: l.p.towers,
        starts_on: l.p.start,
        weeks: l.p.weeks,
        list_price: l.p.subtotal,
        price: l.price,
      })),
    );
    await audit(tx, {
      actorId: actor.actorId,
      ip: actor.ip,
      action: 'proposta.criada',
      entity: 'proposal',
      entityId: row!.id,
      after: {
        codigo: row!.code,
        cliente: customer.email,
        total: formatMoney(total),
        pagamento: input.payment_method,
      },
    });
    return row!.id;
  });
  return getProposal(deps.db, id);
}

/** Staff withdraw a proposal that was not accepted, or whose order lapsed unpaid (decision 077). */
export async function cancelProposal(db: Db, id: string, actor: ActorContext) {
  await db.transaction(async (tx) => {
    const { row, state } = await lockProposal(tx, id);
    if (state === 'aceita')
      throw new AppError(409, 'Uma proposta aceita não pode ser cancelada: cancele o pedido.');
    if (state === 'cancelada') throw new AppError(409, 'Esta proposta já foi cancelada.');
    await tx
      .update(proposals)
      .set({ status: 'cancelada', updated_at: new Date() })
      .where(eq(proposals.id, id));
    await audit(tx, {
      actorId: actor.actorId,
      ip: actor.ip,
      action: 'proposta.cancelada',
      entity: 'proposal',
      entityId: id,
      before: { status: row.status },
      after: { status: 'cancelada' },
    });
  });
  return getProposal(db, id);
}
