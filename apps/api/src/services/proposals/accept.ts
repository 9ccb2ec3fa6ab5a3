import { eq, inArray } from 'drizzle-orm';
import {
  buildPath,
  paths,
  formatBookingPeriod,
  formatMoney,
  formatDate,
  periodEnd,
  proposalMessages,
  todayInBrasilia,
  PROPOSAL_REQUEST_PREFIX,
  pathWithQuery,
  type ProposalState,
  paymentMethodRefusal,
  type PaymentMethod,
} from '@urbana/shared';
import type { Tx } from '../../db/client.ts';
import {
  billingProfiles,
  orders,
  orderStatusHistory,
  products,
  profiles,
  proposals,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { audit } from '../audit.ts';
import { emailTemplates } from '../messaging/email-templates.ts';
import { notify, notifyStaff } from '../messaging/notifications.ts';
import { assertTotalWithinLimit } from '../orders/quote.ts';
import { orderCode } from '../orders/order-document.ts';
import { BILLING_REQUIRED } from '../orders/place-order.ts';
import { confirmFreeOrder, type OrderDeps } from '../orders/transition.ts';
import { issueInvoice, paymentTerms, type PaymentTerms } from '../orders/issue-invoice.ts';
import { writeOrderItems, type PricedLine } from '../orders/take-slots.ts';
import { isPgError, pgErrors } from '../../db/errors.ts';
import { chargeColumns, orderCharge } from '../payments/order-charge.ts';
import { agencyColumns, agencyOrderOf, type AgencyOrder } from '../agencies/checkout.ts';
import { assertFacesFree, ProposalUnfulfillable } from './offer-checks.ts';
import { recordRound } from './negotiate.ts';
import { getProposal, lockProposal } from './read.ts';

type Proposal = Awaited<ReturnType<typeof getProposal>>;
type Billing = typeof billingProfiles.$inferSelect;

/**
 * What must hold before anything is written: periods not started, billing profile, payment method.
 * An agency's proposal bills its advertiser, with the desconto-padrão of the day it is accepted.
 */
async function preconditions(
  deps: OrderDeps,
  tx: Tx,
  o: { id: string; userId: string; method: PaymentMethod; advertiserId: string | null },
) {
  const { id, userId, method } = o;
  const proposal = await getProposal(tx, id);
  // Only what the proposal offers: invoicing when staff offered it (decision 077).
  if (method === 'faturado' && proposal.payment_method !== 'faturado')
    throw new AppError(400, proposalMessages.pixOnly);
  const agency = o.advertiserId
    ? await agencyOrderOf(tx, userId, o.advertiserId, deps.config.agencyCommissionPercent)
    : null;
  const billing =
    agency?.billing ??
    (await tx.query.billingProfiles.findFirst({ where: eq(billingProfiles.user_id, userId) }));
  if (!billing) throw new AppError(409, BILLING_REQUIRED);
  const refusal = paymentMethodRefusal(method, billing.person_type);
  if (refusal) throw new AppError(400, refusal);
  assertTotalWithinLimit(proposal.total);
  const today = todayInBrasilia();
  for (const item of proposal.items)
    if (item.start < today) throw new ProposalUnfulfillable(proposalMessages.started(item.product_name));
  await assertFacesFree(
    tx,
    proposal.items.map((i) => ({ ...i, name: i.product_name })),
  );
  return { proposal, billing, agency };
}

/** The proposal's lines as order lines, at the negotiated prices (item discount = list − price). */
async function linesOf(tx: Tx, proposal: Proposal): Promise<PricedLine[]> {
  const rows = await tx
    .select()
    .from(products)
    .where(
      inArray(
        products.id,
        proposal.items.map((i) => i.product_id),
      ),
    );
  return proposal.items.map((item) => {
    const product = rows.find((p) => p.id === item.product_id)!;
    if (product.status !== 'ativo')
      throw new ProposalUnfulfillable(
        `${product.name} não está mais disponível. Peça uma nova proposta à equipe Urbana.`,
      );
    return {
      product_id: product.id,
      name: product.name,
      type: product.type,
      city: product.city,
      state: product.state,
      is_tower_based: product.is_tower_based,
      start: item.start,
      end: periodEnd(item.start, item.weeks),
      weeks: item.weeks,
      daily_price: product.daily_price,
      towers: item.towers,
      subtotal: item.list_price,
      discount: item.list_price - item.price,
      total: item.price,
    };
  });
}

/**
 * Refuses what cannot be accepted: 404 (not theirs or not sent), 409 (done), 410 (expired). An
 * accepted proposal whose order lapsed unpaid ("reaberta") is accepted again (decision 077).
 */
function assertAcceptable(row: typeof proposals.$inferSelect, state: ProposalState, userId: string) {
  if (row.customer_id !== userId || row.status === 'rascunho')
    throw new AppError(404, proposalMessages.notFound);
  if (state === 'aceita') throw new AppError(409, proposalMessages.accepted);
  if (state === 'cancelada') throw new AppError(409, proposalMessages.cancelled);
  if (state === 'vencida') throw new AppError(410, proposalMessages.expired(formatDate(row.valid_until)));
  if (state === 'recusada') throw new AppError(409, proposalMessages.declined);
  if (state === 'solicitada' || state === 'contraproposta')
    throw new AppError(409, proposalMessages.waitingStaff);
}

/** The order of an accepted proposal, its lines holding their slots until `expiresAt`. */
async function placeOrder(
  deps: OrderDeps,
  tx: Tx,
  o: {
    proposal: Proposal;
    billing: Billing;
    agency: AgencyOrder | null;
    userId: string;
    method: PaymentMethod;
    now: Date;
  },
) {
  const { proposal, method, now } = o;
  // The agreed total is the gross; a certified agency's desconto-padrão comes off it (decision 098).
  const { total, columns } = agencyColumns(o.agency, proposal.total, 0);
  // The same terms as a checkout: an invoiced order is held until its due date (decision 075).
  const terms = paymentTerms(
    method,
    now,
    proposal.items.map((i) => i.start),
    deps.config.paymentWindowMs,
  );
  const expiresAt = terms.expiresAt;
  const lines = await linesOf(tx, proposal);
  const [order] = await tx
    .insert(orders)
    .values({
      code: orderCode(),
      user_id: o.userId,
      payment_method: method,
      subtotal: proposal.subtotal,
      discount: proposal.subtotal - proposal.total,
      total,
      request_hash: `${PROPOSAL_REQUEST_PREFIX}${proposal.id}`,
      billing: o.billing,
      expires_at: expiresAt,
      ...columns,
    })
    .returning();
  try {
    await writeOrderItems(tx, order!.id, lines, expiresAt);
  } catch (error) {
    // A slot taken between the look and the write: the same refusal as a face found full.
    if (error instanceof AppError && error.statusCode === 409) throw new ProposalUnfulfillable(error.message);
    throw error;
  }
  await issueInvoice(tx, {
    orderId: order!.id,
    userId: o.userId,
    amount: proposal.subtotal,
    discount: proposal.subtotal - proposal.total,
    total,
    method,
    dueDate: terms.dueDate,
    agencyCommission: columns.agency_commission ?? 0,
  });
  await tx.insert(orderStatusHistory).values({
    order_id: order!.id,
    from_status: null,
    to_status: 'aguardando_pagamento',
    actor: 'cliente',
    actor_id: o.userId,
    note: `Proposta ${proposal.code} aceita.`,
  });
  return { order: order!, terms };
}

/**
 * The customer accepts: the order is placed in the same transaction and through the same slot guard
 * as a checkout (services/orders/take-slot.ts), at the proposal's prices, holding the slots from now
 * for the payment window; the proposal is marked accepted and linked to the order. A refusal that
 * the proposal itself causes (a face sold out …) is recorded on it and told to staff (decision 077).
 */
export async function acceptProposal(deps: OrderDeps, id: string, userId: string, method: PaymentMethod) {
  try {
    const orderId = await deps.db.transaction(async (tx) => {
      const { row, state } = await lockProposal(tx, id);
      assertAcceptable(row, state, userId);
      const advertiserId = row.advertiser_id;
      const { proposal, billing, agency } = await preconditions(deps, tx, {
        id,
        userId,
        method,
        advertiserId,
      });
      const now = new Date();
      const placed = await placeOrder(deps, tx, { proposal, billing, agency, userId, method, now });
      const { order, terms } = placed;
      const free = order.total === 0;
      // The order's Pix charge (at the PSP when there is one, issue #41): a PSP that fails rolls it all back.
      const charge = free
        ? null
        : await orderCharge(deps, {
            method,
            ...(method === 'faturado' ? { dueDate: terms.dueDate } : {}),
            code: order.code,
            amount: order.total,
            payer: { document: billing.document, name: billing.name },
          });
      const payload = charge?.payload ?? null;
      if (charge) await tx.update(orders).set(chargeColumns(charge)).where(eq(orders.id, order.id));
      await tx
        .update(proposals)
        .set({
          status: 'aceita',
          accepted_at: now,
          order_id: order.id,
          updated_at: now,
          acceptance_error: null,
          acceptance_failed_at: null,
        })
        .where(eq(proposals.id, id));
      await recordRound(tx, id, { kind: 'aceite', side: 'cliente', actorId: userId, total: proposal.total });
      await announce(deps, tx, { proposal, order, method, payload, free, terms });
      if (free) await confirmFreeOrder(deps, order.id, tx);
      return order.id;
    });
    deps.catalogCache?.clear();
    void deps.outbox.kick();
    return { order_id: orderId };
  } catch (error) {
    const refused =
      error instanceof ProposalUnfulfillable
        ? error
        : isPgError(error, pgErrors.exclusionViolation)
          ? new ProposalUnfulfillable(
              'Um dos locais acabou de ser reservado por outra pessoa para o mesmo período. Fale com a equipe Urbana para uma nova proposta.',
            )
          : null;
    if (!refused) throw error;
    await recordRefusal(deps, id, refused.message);
    throw refused;
  }
}

/**
 * A refused acceptance does not leave the proposal silently "Enviada": the reason stays on it (the
 * customer's page and staff's show it) and staff hear of it on the bell (issue #40 item 5).
 */
async function recordRefusal(deps: OrderDeps, id: string, reason: string) {
  await deps.db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(proposals)
      .set({ acceptance_error: reason, acceptance_failed_at: now, updated_at: now })
      .where(eq(proposals.id, id))
      .returning();
    const customer = await tx.query.profiles.findFirst({ where: eq(profiles.id, row!.customer_id) });
    await notifyStaff(tx, {
      kind: 'proposta_impedida',
      title: `Proposta ${row!.code} não pôde ser aceita`,
      body: `${customer?.nome_completo || customer?.email || 'O cliente'} tentou aceitar: ${reason}`,
      link: buildPath(paths.admin.proposta, { id }),
    });
    await audit(tx, {
      actorId: row!.customer_id,
      action: 'proposta.aceite_impedido',
      entity: 'proposal',
      entityId: id,
      after: { codigo: row!.code, motivo: reason },
    });
  });
}

async function announce(
  deps: OrderDeps,
  tx: Tx,
  o: {
    proposal: Proposal;
    order: typeof orders.$inferSelect;
    method: PaymentMethod;
    payload: string | null;
    free: boolean;
    terms: PaymentTerms;
  },
) {
  const { proposal, order } = o;
  await deps.outbox.enqueue(tx, {
    to: proposal.customer.email,
    userId: proposal.customer.id,
    ...emailTemplates.orderPlaced({
      name: proposal.customer.nome_completo,
      code: order.code,
      total: formatMoney(order.total),
      method: o.method,
      pix: o.method === 'pix' ? o.payload : null,
      items: proposal.items.map((i) => `${i.product_name}: ${formatBookingPeriod(i.start, i.weeks)}`),
      free: o.free,
      terms: o.terms,
      url: `${deps.config.publicUrl}${pathWithQuery(paths.confirmacaoPedido, {}, { orderId: order.id })}`,
    }),
  });
  await notify(tx, {
    userId: proposal.customer.id,
    kind: 'pedido_recebido',
    title: `Recebemos o pedido ${order.code}`,
    body: `Criado a partir da proposta ${proposal.code}.`,
    link: buildPath(paths.pedido, { orderId: order.id }),
  });
  await audit(tx, {
    actorId: proposal.customer.id,
    action: 'proposta.aceita',
    entity: 'proposal',
    entityId: proposal.id,
    after: { codigo: proposal.code, pedido: order.code },
  });
  // Staff hear of it on the bell and the live stream (issue #19 item 5).
  await notifyStaff(tx, {
    kind: 'proposta_aceita',
    title: `Proposta ${proposal.code} aceita`,
    body: `${proposal.customer.nome_completo || proposal.customer.email} aceitou: pedido ${order.code}, ${formatMoney(order.total)}.`,
    link: buildPath(paths.admin.pedido, { id: order.id }),
  });
}
