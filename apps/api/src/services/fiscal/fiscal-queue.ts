/**
 * The fiscal queue's writes that happen inside an order's transaction (issue #42,
 * docs/decisions/083-nfse-when-paid.md and 085-nfse-cancellation.md): the NFS-e of an order that
 * became paid, numbered gap-free in its series while the payment's transaction holds the counter, and
 * the cancellation of that NFS-e when the order is cancelled. Nothing here talks to the Sefin: the
 * fiscal worker (nfse-worker.ts) does, after the commit.
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { fiscalDocuments } from '../../db/schema/index.ts';
import { dpsId } from './dps.ts';
import type { NfseConfig } from './nfse-config.ts';

/** The next number of the series: the counter row stays locked until the transaction commits. */
export async function nextDpsNumber(tx: Tx, series: string): Promise<number> {
  const result = await tx.execute<{ last: string | number }>(sql`
    insert into dps_counters (series, last) values (${series}, 1)
    on conflict (series) do update set last = dps_counters.last + 1
    returning last`);
  return Number(result.rows[0]!.last);
}

/** Series, number and `idDps` of a new DPS under the current settings. */
export async function numberDps(tx: Tx, nfse: NfseConfig) {
  const number = await nextDpsNumber(tx, nfse.series);
  return {
    series: nfse.series,
    number,
    id_dps: dpsId({ issuer: nfse.issuer, series: nfse.series, number }),
  };
}

/**
 * An order became paid: its NFS-e joins the queue, once. With no certificate configured (NFSE_URL
 * empty) it is recorded as not issued, unnumbered, so that staff see what would be issued. An order
 * with nothing to pay (a 100 % coupon) has no service value to declare and gets none. Run last in the
 * payment's transaction, like the invoice's number, so the series' counter is held only until commit.
 */
export async function enqueueNfse(tx: Tx, nfse: NfseConfig | undefined, orderId: string, total: number) {
  if (total <= 0) return;
  const [existing] = await tx
    .select({ id: fiscalDocuments.id })
    .from(fiscalDocuments)
    .where(eq(fiscalDocuments.order_id, orderId));
  if (existing) return;
  if (!nfse) {
    await tx.insert(fiscalDocuments).values({ order_id: orderId, status: 'nao_emitida' });
    return;
  }
  await tx
    .insert(fiscalDocuments)
    .values({ order_id: orderId, status: 'pendente', ...(await numberDps(tx, nfse)) });
}

/** 30 days in ms, to compare an issue date with the window. */
const DAY_MS = 86_400_000;

/**
 * A paid order was cancelled (by staff, with or without a refund): its NFS-e follows. What was never
 * sent is dropped; an NFS-e issued within the window gets the cancellation event (sent by the worker);
 * past the window staff are told to substitute it; a DPS whose answer was lost is first asked about
 * by the worker (it may have become an NFS-e).
 */
export async function cancelNfse(
  tx: Tx,
  nfse: NfseConfig | undefined,
  orderId: string,
  reason: string,
  now: Date,
) {
  const [doc] = await tx
    .select()
    .from(fiscalDocuments)
    .where(eq(fiscalDocuments.order_id, orderId))
    .for('update');
  if (!doc || doc.status === 'cancelada') return;
  const set = (values: Partial<typeof fiscalDocuments.$inferInsert>) =>
    tx
      .update(fiscalDocuments)
      .set({ ...values, cancel_reason: reason, updated_at: now })
      .where(eq(fiscalDocuments.id, doc.id));
  const neverSent =
    doc.status === 'nao_emitida' ||
    doc.status === 'recusada' ||
    (doc.status === 'pendente' && doc.attempts === 0);
  if (neverSent) return set({ status: 'cancelada', cancelled_at: now, cancel_state: null });
  if (doc.status === 'pendente') return set({ cancel_state: 'pendente', next_attempt_at: now });
  const windowDays = nfse?.cancelWindowDays ?? 30;
  const late = doc.issued_at !== null && now.getTime() - doc.issued_at.getTime() > windowDays * DAY_MS;
  return set(late ? { cancel_state: 'substituir' } : { cancel_state: 'pendente', next_attempt_at: now });
}
