import { eq } from 'drizzle-orm';
import {
  formatBookingPeriod,
  formatMoney,
  formatDate,
  proposalMessages,
  buildPath,
  paths,
  awaitingStaffProposalStates,
} from '@urbana/shared';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { proposals } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ActorContext } from '../admin.ts';
import { audit } from '../audit.ts';
import { emailTemplates } from '../messaging/email-templates.ts';
import { notify } from '../messaging/notifications.ts';
import type { Outbox } from '../messaging/outbox.ts';
import { assertFacesFree, assertPaymentMethodFits } from './offer-checks.ts';
import { recordRound } from './negotiate.ts';
import { getProposal, lockProposal } from './read.ts';

/**
 * E-mails the proposal's link to its customer (again, if asked) and tells them in the bell; its faces
 * and its payment method are checked again first (issue #40 item 5). Sending again a proposal whose
 * order lapsed unpaid keeps it accepted (decision 077); any refused acceptance is forgotten.
 */
export async function sendProposal(
  deps: { db: Db; config: Config; outbox: Outbox },
  id: string,
  actor: ActorContext,
) {
  await deps.db.transaction(async (tx) => {
    const { row, state } = await lockProposal(tx, id);
    if (state === 'aceita') throw new AppError(409, proposalMessages.accepted);
    if (state === 'cancelada') throw new AppError(409, proposalMessages.cancelled);
    if (state === 'recusada') throw new AppError(409, proposalMessages.declined);
    if (state === 'vencida')
      throw new AppError(409, 'Esta proposta venceu: crie uma nova com outra validade.');
    // A request or a counter-offer is answered with prices (POST …/responder), not sent as it is.
    if (awaitingStaffProposalStates.includes(state))
      throw new AppError(409, 'Responda ao cliente com os preços da proposta antes de enviá-la.');
    await deliverProposal(deps, tx, row, actor, row.status === 'rascunho');
  });
  void deps.outbox.kick();
  return getProposal(deps.db, id);
}

/**
 * Checks the offer again, marks it sent and tells the customer (e-mail and bell); `round`: the offer is
 * a new round of the negotiation (a draft sent the first time, an answer), not a reminder.
 */
export async function deliverProposal(
  deps: { config: Config; outbox: Outbox },
  tx: Tx,
  row: typeof proposals.$inferSelect,
  actor: ActorContext,
  round: boolean,
) {
  const id = row.id;
  const proposal = await getProposal(tx, id);
  await assertPaymentMethodFits(tx, row.customer_id, row.payment_method, row.advertiser_id);
  await assertFacesFree(
    tx,
    proposal.items.map((i) => ({ ...i, name: i.product_name })),
  );
  await tx
    .update(proposals)
    .set({
      status: row.status === 'aceita' ? 'aceita' : 'enviada',
      sent_at: new Date(),
      updated_at: new Date(),
      acceptance_error: null,
      acceptance_failed_at: null,
    })
    .where(eq(proposals.id, id));
  if (round)
    await recordRound(tx, id, {
      kind: 'proposta',
      side: 'equipe',
      actorId: actor.actorId,
      message: proposal.note,
      prices: proposal.items.map((i) => i.price),
      total: proposal.total,
      validUntil: proposal.valid_until,
    });
  const link = buildPath(paths.proposta, { id });
  await deps.outbox.enqueue(tx, {
    to: proposal.customer.email,
    userId: proposal.customer.id,
    ...emailTemplates.proposalSent({
      name: proposal.customer.nome_completo,
      code: proposal.code,
      total: formatMoney(proposal.total),
      validUntil: formatDate(proposal.valid_until),
      url: `${deps.config.publicUrl}${link}`,
      items: proposal.items.map((i) => `${i.product_name}: ${formatBookingPeriod(i.start, i.weeks)}`),
    }),
  });
  await notify(tx, {
    userId: proposal.customer.id,
    kind: 'proposta_enviada',
    title: `Você recebeu a proposta ${proposal.code}`,
    body: `${formatMoney(proposal.total)}, válida até ${formatDate(proposal.valid_until)}. Abra para ver, aceitar ou contrapropor.`,
    link,
  });
  await audit(tx, {
    actorId: actor.actorId,
    ip: actor.ip,
    action: 'proposta.enviada',
    entity: 'proposal',
    entityId: id,
    after: { codigo: proposal.code, para: proposal.customer.email, total: formatMoney(proposal.total) },
  });
}
