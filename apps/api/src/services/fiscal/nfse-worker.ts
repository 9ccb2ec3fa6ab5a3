/**
 * The fiscal worker (issue #42, decisions 083 and 085): builds, signs and sends the DPS of each
 * pending NFS-e, and the cancellation event of each NFS-e whose order was cancelled. Several
 * instances may run it: a document is leased to one of them (SKIP LOCKED) while it talks to the Sefin.
 *
 * A DPS is never sent twice: its attempt is counted and committed before it is sent, and any later
 * attempt first asks the Sefin (HEAD /dps/{idDps}) whether the earlier one arrived; if it did, the
 * NFS-e is fetched instead of sending again. That is also what reconciles an answer lost to a timeout
 * or a crash. A refusal (`erros[]`) stops the document until staff try again; an unreachable Sefin is
 * tried again later, waiting longer each time.
 */
import { and, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import { paths, buildPath } from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { fiscalDocuments, orders, profiles } from '../../db/schema/index.ts';
import { notify } from '../messaging/notifications.ts';
import type { OrderDeps } from '../orders/transition.ts';
import { buildCancelEvent } from './cancel-event.ts';
import { checkDps } from './dps-check.ts';
import { buildDps } from './dps.ts';
import type { NfseConfig } from './nfse-config.ts';
import { nfseIssuedEmail } from './nfse-email.ts';
import { loadOrderDpsData, orderDpsInput } from './order-dps.ts';
import { SefinRefusedError, type EmissionResult, type SefinMessage } from './sefin-client.ts';
import { sefinProvider, type SefinProvider } from './sefin-provider.ts';
import { signDps, signXml } from './sign.ts';

type Doc = typeof fiscalDocuments.$inferSelect;

export interface FiscalWorkOptions {
  now?: Date;
  /** How long one call to the Sefin may take (the client's default is 30 s). */
  timeoutMs?: number;
  limit?: number;
}

const LEASE_MS = 5 * 60_000;

/** Documents due now and not leased, leased to this run. */
async function claim(db: Db, now: Date, limit: number): Promise<Doc[]> {
  const due = db
    .select({ id: fiscalDocuments.id })
    .from(fiscalDocuments)
    .where(
      and(
        or(eq(fiscalDocuments.status, 'pendente'), eq(fiscalDocuments.cancel_state, 'pendente')),
        lte(fiscalDocuments.next_attempt_at, now),
        or(isNull(fiscalDocuments.lease_until), lt(fiscalDocuments.lease_until, now)),
      ),
    )
    .orderBy(fiscalDocuments.next_attempt_at)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(fiscalDocuments)
    .set({ lease_until: new Date(now.getTime() + LEASE_MS) })
    .where(inArray(fiscalDocuments.id, due))
    .returning();
}

const update = (db: Db, doc: Doc, values: Partial<typeof fiscalDocuments.$inferInsert>, now: Date) =>
  db
    .update(fiscalDocuments)
    .set({ lease_until: null, updated_at: now, ...values })
    .where(eq(fiscalDocuments.id, doc.id));

/** No answer: the next attempt waits 1, 2, 4 … minutes, at most an hour. */
function postpone(db: Db, doc: Doc, now: Date, error: unknown) {
  const wait = Math.min(60, 2 ** Math.min(doc.attempts, 6)) * 60_000;
  const message = error instanceof Error ? error.message : String(error);
  return update(db, doc, { last_error: message, next_attempt_at: new Date(now.getTime() + wait) }, now);
}

/** The Sefin answered with the NFS-e: stored, and the customer told (unless the order was cancelled). */
async function recordIssued(deps: OrderDeps, doc: Doc, result: EmissionResult, now: Date) {
  await deps.db.transaction(async (tx) => {
    await tx
      .update(fiscalDocuments)
      .set({
        status: 'emitida',
        chave_acesso: result.chaveAcesso,
        nfse_xml: result.nfseXml,
        issued_at: now,
        messages: result.alertas,
        last_error: null,
        lease_until: null,
        next_attempt_at: now,
        updated_at: now,
      })
      .where(eq(fiscalDocuments.id, doc.id));
    if (doc.cancel_state === 'pendente') return;
    const [row] = await tx
      .select({ order: orders, email: profiles.email, name: profiles.nome_completo })
      .from(orders)
      .innerJoin(profiles, eq(profiles.id, orders.user_id))
      .where(eq(orders.id, doc.order_id));
    if (!row) return;
    const link = buildPath(paths.pedido, { orderId: row.order.id });
    await notify(tx, {
      userId: row.order.user_id,
      kind: 'nfse_emitida',
      title: `NFS-e do pedido ${row.order.code} emitida`,
      body: 'A nota fiscal de serviço está disponível em PDF e XML no pedido e no faturamento.',
      link,
    });
    await deps.outbox.enqueue(tx, {
      to: row.email,
      userId: row.order.user_id,
      ...nfseIssuedEmail({
        name: row.name,
        code: row.order.code,
        chaveAcesso: result.chaveAcesso,
        url: `${deps.config.publicUrl}${link}`,
      }),
    });
  });
}

const refused = (db: Db, doc: Doc, messages: SefinMessage[], now: Date) =>
  update(db, doc, { status: 'recusada', messages, last_error: null }, now);

async function issue(deps: OrderDeps, nfse: NfseConfig, provider: SefinProvider, doc: Doc, now: Date) {
  const { client } = provider;
  const idDps = doc.id_dps!;
  if (doc.attempts > 0 && (await client.dpsExists(idDps)))
    return recordIssued(deps, doc, await client.issuedFromDps(idDps), now);
  // The order was cancelled and this DPS never became an NFS-e: nothing to send, nothing to cancel.
  if (doc.cancel_state === 'pendente')
    return update(deps.db, doc, { status: 'cancelada', cancel_state: null, cancelled_at: now }, now);
  const { xml } = buildDps(
    orderDpsInput(nfse, await loadOrderDpsData(deps.db, doc.order_id), doc.number!, now),
  );
  const problems = checkDps(xml);
  if (problems.length > 0)
    return refused(
      deps.db,
      doc,
      problems.map((complemento) => ({
        codigo: 'URBANA',
        descricao: 'A DPS não passou na verificação da Urbana; nada foi enviado à Sefin.',
        complemento,
      })),
      now,
    );
  const signed = signDps(xml, provider.certificate);
  // Counted and committed before the send: a later attempt will ask before sending again.
  await deps.db
    .update(fiscalDocuments)
    .set({ attempts: doc.attempts + 1, dps_xml: signed, updated_at: now })
    .where(eq(fiscalDocuments.id, doc.id));
  doc = { ...doc, attempts: doc.attempts + 1 };
  try {
    return await recordIssued(deps, doc, await client.emit(signed), now);
  } catch (error) {
    if (!(error instanceof SefinRefusedError)) throw error;
    // "Already an NFS-e": an earlier send arrived after all; take what it became.
    if (error.erros.some((e) => e.codigo === 'E0014'))
      return recordIssued(deps, doc, await client.issuedFromDps(idDps), now);
    return refused(deps.db, doc, error.erros, now);
  }
}

/** xMotivo takes 15 to 255 characters. */
const cancelMotive = (reason: string | null) =>
  `Pedido cancelado: ${reason ?? 'cancelamento do pedido'}`.slice(0, 255);

async function sendCancellation(nfse: NfseConfig, provider: SefinProvider, db: Db, doc: Doc, now: Date) {
  const event = buildCancelEvent({
    environment: nfse.environment,
    author: nfse.issuer.cnpj,
    chaveAcesso: doc.chave_acesso!,
    // 2: serviço não prestado — the campaign was cancelled.
    reason: '2',
    description: cancelMotive(doc.cancel_reason),
    at: now,
  });
  const signed = signXml(event.xml, 'infPedReg', provider.certificate);
  const done = (eventXml: string, messages: SefinMessage[]) =>
    update(
      db,
      doc,
      { status: 'cancelada', cancel_state: null, cancel_xml: eventXml, cancelled_at: now, messages },
      now,
    );
  try {
    const answer = await provider.client.cancel(doc.chave_acesso!, signed);
    return await done(answer.eventoXml ?? signed, answer.alertas);
  } catch (error) {
    if (!(error instanceof SefinRefusedError)) throw error;
    // "Already cancelled": an earlier request arrived after all.
    if (error.erros.some((e) => e.codigo === 'E0840')) return done(signed, error.erros);
    return update(db, doc, { cancel_state: 'recusado', messages: error.erros, last_error: null }, now);
  }
}

/** One run of the worker: how many documents it handled. With no NFSE_URL there is nothing to do. */
export async function processFiscalQueue(deps: OrderDeps, options: FiscalWorkOptions = {}): Promise<number> {
  const nfse = deps.config.nfse;
  if (!nfse) return 0;
  const now = options.now ?? new Date();
  const claimed = await claim(deps.db, now, options.limit ?? 10);
  if (claimed.length === 0) return 0;
  for (const doc of claimed) {
    try {
      const provider = sefinProvider(nfse, options.timeoutMs);
      if (doc.status === 'pendente') await issue(deps, nfse, provider, doc, now);
      else await sendCancellation(nfse, provider, deps.db, doc, now);
    } catch (error) {
      await postpone(deps.db, doc, now, error);
    }
  }
  void deps.outbox.kick();
  return claimed.length;
}
