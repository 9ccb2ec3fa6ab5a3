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
} from '@urbana/shared';
import type { Tx } from '../../db/client.ts';
import { billingProfiles, orders, orderStatusHistory, products, proposals } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { audit } from '../audit.ts';
import { emailTemplates } from '../messaging/email-templates.ts';
import { notify, notifyStaff } from '../messaging/notifications.ts';
import { assertTotalWithinLimit } from '../orders/quote.ts';
import { BILLING_REQUIRED, orderCode } from '../orders/place-order.ts';
import { confirmFreeOrder, type OrderDeps } from '../orders/transition.ts';
import { issueInvoice, paymentTerms, type PaymentTerms } from '../orders/issue-invoice.ts';
import { writeOrderItems, type PricedLine } from '../orders/take-slots.ts';
import { isPgError, pgErrors } from '../../db/errors.ts';
import { newTxid, pixPayload } from '../pix.ts';
import { getProposal, proposalState } from './read.ts';

type Proposal = Awaited<ReturnType<typeof getProposal>>;

/** What must hold before anything is written: periods not started, billing profile, payment method. */
async function preconditions(tx: Tx, id: string, userId: string, method: 'pix' | 'faturado') {
  const proposal = await getProposal(tx, id);
  const today = todayInBrasilia();
  for (const item of proposal.items)
    if (item.start < today) throw new AppError(409, proposalMessages.started(item.product_name));
  const billing = await tx.query.billingProfiles.findFirst({ where: eq(billingProfiles.user_id, userId) });
  if (!billing) throw new AppError(409, BILLING_REQUIRED);
  if (method === 'faturado' && billing.person_type !== 'pj')
    throw new AppError(400, 'Boleto/transferência faturada é só para empresas (CNPJ).');
  assertTotalWithinLimit(proposal.total);
  return { proposal, billing };
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
      throw new AppError(
        409,
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

/** Refuses what cannot be accepted: 404 (not theirs or not sent), 409 (done), 410 (expired). */
function assertAcceptable(row: typeof proposals.$inferSelect, userId: string) {
  if (row.customer_id !== userId || row.status === 'rascunho')
    throw new AppError(404, proposalMessages.notFound);
  const state = proposalState(row);
  if (state === 'aceita') throw new AppError(409, proposalMessages.accepted);
  if (state === 'cancelada') throw new AppError(409, proposalMessages.cancelled);
  if (state === 'vencida') throw new AppError(410, proposalMessages.expired(formatDate(row.valid_until)));
}

/**
 * The customer accepts: the order is placed in the same transaction and through the same slot guard
 * as a checkout (services/orders/take-slot.ts), at the proposal's prices, holding the slots from now
 * for the payment window; the proposal is marked accepted and linked to the order.
 */
export async function acceptProposal(
  deps: OrderDeps,
  id: string,
  userId: string,
  method: 'pix' | 'faturado',
) {
  const { config } = deps;
  try {
    const orderId = await deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(proposals).where(eq(proposals.id, id)).for('update');
      if (!row) throw new AppError(404, proposalMessages.notFound);
      assertAcceptable(row, userId);
      const { proposal, billing } = await preconditions(tx, id, userId, method);
      const now = new Date();
      const terms = paymentTerms(
        method,
        now,
        proposal.items.map((i) => i.start),
        config.paymentWindowMs,
      );
      const expiresAt = terms.expiresAt;
      const lines = await linesOf(tx, proposal);
      const txid = newTxid();
      const [order] = await tx
        .insert(orders)
        .values({
          code: orderCode(),
          user_id: userId,
          payment_method: method,
          subtotal: proposal.subtotal,
          discount: proposal.subtotal - proposal.total,
          total: proposal.total,
          request_hash: `${PROPOSAL_REQUEST_PREFIX}${proposal.id}`,
          pix_txid: txid,
          billing,
          expires_at: expiresAt,
        })
        .returning();
      await writeOrderItems(tx, order!.id, lines, expiresAt);
      await issueInvoice(tx, {
        orderId: order!.id,
        userId,
        amount: proposal.subtotal,
        discount: proposal.subtotal - proposal.total,
        total: proposal.total,
        method,
        dueDate: terms.dueDate,
      });
      await tx.insert(orderStatusHistory).values({
        order_id: order!.id,
        from_status: null,
        to_status: 'aguardando_pagamento',
        actor: 'cliente',
        actor_id: userId,
        note: `Proposta ${proposal.code} aceita.`,
      });
      const free = proposal.total === 0;
      const payload = free
        ? null
        : await pixPayload({ ...config.pix, amount: proposal.total, txid, info: order!.code });
      if (payload) await tx.update(orders).set({ pix_payload: payload }).where(eq(orders.id, order!.id));
      await tx
        .update(proposals)
        .set({ status: 'aceita', accepted_at: now, order_id: order!.id, updated_at: now })
        .where(eq(proposals.id, id));
      await announce(deps, tx, { proposal, order: order!, method, payload, free, terms });
      if (free) await confirmFreeOrder(deps, order!.id, tx);
      return order!.id;
    });
    deps.catalogCache?.clear();
    void deps.outbox.kick();
    return { order_id: orderId };
  } catch (error) {
    if (isPgError(error, pgErrors.exclusionViolation))
      throw new AppError(
        409,
        'Um dos locais acabou de ser reservado por outra pessoa para o mesmo período. Fale com a equipe Urbana para uma nova proposta.',
      );
    throw error;
  }
}

async function announce(
  deps: OrderDeps,
  tx: Tx,
  o: {
    proposal: Proposal;
    order: typeof orders.$inferSelect;
    method: 'pix' | 'faturado';
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
      total: formatMoney(proposal.total),
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
    body: `${proposal.customer.nome_completo || proposal.customer.email} aceitou: pedido ${order.code}, ${formatMoney(proposal.total)}.`,
    link: buildPath(paths.admin.pedido, { id: order.id }),
  });
}
