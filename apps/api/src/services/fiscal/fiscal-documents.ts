/**
 * Reading the NFS-e of orders (the customer's order page and billing, the staff's fiscal queue) and
 * the staff's "Tentar de novo" (issue #42, decision 083).
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  nfseCancelStateLabels,
  nfseMessages,
  nfseStatusLabels,
  type AdminOrderNfse,
  type FiscalDocument,
  type NfseStatus,
  type OrderNfse,
} from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { fiscalDocuments, orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ActorContext } from '../admin.ts';
import { audit } from '../audit.ts';
import type { OrderDeps } from '../orders/transition.ts';
import { numberDps } from './fiscal-queue.ts';
import { nfseVerificationUrl } from './sefin-provider.ts';
import { ordersReadableBy } from '../agencies/order-scope.ts';

type Doc = typeof fiscalDocuments.$inferSelect;

export function toOrderNfse(doc: Doc): OrderNfse {
  return {
    status: doc.status,
    status_label: nfseStatusLabels[doc.status],
    cancel_state: doc.cancel_state,
    chave_acesso: doc.chave_acesso,
    verification_url: doc.chave_acesso ? nfseVerificationUrl(doc.chave_acesso) : null,
    issued_at: doc.issued_at?.toISOString() ?? null,
  };
}

/** The NFS-e of these orders, by order id (only orders of `userId` when given). */
export async function nfseOfOrders(db: Db, orderIds: string[], userId?: string) {
  if (orderIds.length === 0) return new Map<string, OrderNfse>();
  const rows = await db
    .select({ doc: fiscalDocuments })
    .from(fiscalDocuments)
    .innerJoin(orders, eq(orders.id, fiscalDocuments.order_id))
    .where(
      and(
        inArray(fiscalDocuments.order_id, orderIds),
        userId === undefined ? undefined : eq(orders.user_id, userId),
      ),
    );
  return new Map(rows.map((r) => [r.doc.order_id, toOrderNfse(r.doc)]));
}

/** The issued NFS-e of an order (one the person reads, decision 116; any for staff: null), or 404. */
export async function issuedNfse(db: Db, orderId: string, userId: string | null) {
  const [row] = await db
    .select({ doc: fiscalDocuments, code: orders.code })
    .from(fiscalDocuments)
    .innerJoin(orders, eq(orders.id, fiscalDocuments.order_id))
    .where(
      and(eq(fiscalDocuments.order_id, orderId), userId === null ? undefined : ordersReadableBy(userId)),
    );
  if (!row?.doc.nfse_xml || !row.doc.chave_acesso) throw new AppError(404, nfseMessages.noNfse);
  return { doc: row.doc, code: row.code, xml: row.doc.nfse_xml, chave: row.doc.chave_acesso };
}

const canRetry = (doc: Doc) =>
  doc.status === 'recusada' || doc.status === 'nao_emitida' || doc.cancel_state === 'recusado';

/** The fiscal queue: newest first, optionally of one state. */
export async function listFiscalDocuments(db: Db, status?: NfseStatus): Promise<FiscalDocument[]> {
  const rows = await db
    .select({ doc: fiscalDocuments, code: orders.code, billing: orders.billing, total: orders.total })
    .from(fiscalDocuments)
    .innerJoin(orders, eq(orders.id, fiscalDocuments.order_id))
    .where(status ? eq(fiscalDocuments.status, status) : undefined)
    .orderBy(desc(fiscalDocuments.created_at))
    .limit(200);
  return rows.map(({ doc, code, billing, total }) => {
    const buyer = billing as { name?: string; document?: string };
    return {
      order_id: doc.order_id,
      order_code: code,
      buyer_name: buyer.name ?? '',
      buyer_document: buyer.document ?? '',
      total,
      ...queueFields(doc),
    };
  });
}

/** What the queue and the staff's order page show of a fiscal document, whatever the order. */
function queueFields(doc: Doc) {
  return {
    id: doc.id,
    status: doc.status,
    status_label: nfseStatusLabels[doc.status],
    series: doc.series,
    number: doc.number,
    id_dps: doc.id_dps,
    attempts: doc.attempts,
    chave_acesso: doc.chave_acesso,
    messages: (doc.messages ?? []) as FiscalDocument['messages'],
    last_error: doc.last_error,
    cancel_state: doc.cancel_state,
    cancel_state_label: doc.cancel_state ? nfseCancelStateLabels[doc.cancel_state] : null,
    can_retry: canRetry(doc),
    created_at: doc.created_at.toISOString(),
    issued_at: doc.issued_at?.toISOString() ?? null,
  };
}

/** The NFS-e of one order for the staff's order page, or null when none was queued. */
export async function staffOrderNfse(db: Db, orderId: string): Promise<AdminOrderNfse | null> {
  const [doc] = await db.select().from(fiscalDocuments).where(eq(fiscalDocuments.order_id, orderId));
  if (!doc) return null;
  return {
    ...queueFields(doc),
    // The Sefin's own number of the NFS-e, as its XML carries it (TCInfNFSe/nNFSe).
    nfse_number: doc.nfse_xml ? (/<(?:\w+:)?nNFSe>([^<]+)</.exec(doc.nfse_xml)?.[1] ?? null) : null,
    verification_url: doc.chave_acesso ? nfseVerificationUrl(doc.chave_acesso) : null,
    cancel_reason: doc.cancel_reason,
  };
}

/**
 * "Tentar de novo", once the data is fixed: a refused DPS goes back to the queue under the same
 * number (a refused DPS never became an NFS-e, so its number is still free at the Sefin); one recorded
 * while no certificate was configured takes its number now; a refused cancellation is asked again.
 */
export async function retryFiscalDocument(deps: OrderDeps, actor: ActorContext, id: string) {
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    const [doc] = await tx.select().from(fiscalDocuments).where(eq(fiscalDocuments.id, id)).for('update');
    if (!doc) throw new AppError(404, nfseMessages.notFound);
    if (!canRetry(doc)) throw new AppError(409, nfseMessages.notRetryable);
    const again = { next_attempt_at: now, lease_until: null, last_error: null, updated_at: now };
    if (doc.cancel_state === 'recusado') {
      await tx
        .update(fiscalDocuments)
        .set({ ...again, cancel_state: 'pendente' })
        .where(eq(fiscalDocuments.id, id));
    } else if (doc.status === 'recusada') {
      await tx
        .update(fiscalDocuments)
        .set({ ...again, status: 'pendente' })
        .where(eq(fiscalDocuments.id, id));
    } else {
      if (!deps.config.nfse) throw new AppError(409, nfseMessages.noCertificate);
      const numbered = await numberDps(tx, deps.config.nfse);
      await tx
        .update(fiscalDocuments)
        .set({ ...again, ...numbered, status: 'pendente' })
        .where(eq(fiscalDocuments.id, id));
    }
    await audit(tx, {
      actorId: actor.actorId,
      action: 'pedido.nfse_reenviada',
      entity: 'order',
      entityId: doc.order_id,
      before: { nfse: doc.status, cancelamento: doc.cancel_state },
      after: { nfse: doc.cancel_state === 'recusado' ? doc.status : 'pendente' },
      ip: actor.ip,
    });
  });
}
