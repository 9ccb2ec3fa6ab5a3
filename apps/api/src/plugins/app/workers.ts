import type { FastifyInstance } from 'fastify';
import { todayInBrasilia } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { processDataExports } from '../../services/account/data-export.ts';
import { purgeExpiredFiscalData } from '../../services/account/fiscal-retention.ts';
import { processFiscalQueue } from '../../services/fiscal/nfse-worker.ts';
import { processFileDeletions } from '../../services/files/file-deletions.ts';
import { startPaymentWork } from '../../services/payments/payment-work.ts';
import { expireHolds } from '../../services/inventory/holds.ts';
import { markOverdueInvoices } from '../../services/invoices.ts';
import { expireOrders } from '../../services/orders/expire.ts';
import { alertExpiringInvoicedOrders } from '../../services/orders/expiry-alerts.ts';
import { remindMissingArt } from '../../services/campaigns/queue.ts';
import { watchDeliveries } from '../../services/players/make-goods.ts';
import { watchSilentPlayers } from '../../services/players/silence.ts';

/**
 * The background work of an instance: the outbox's sender, unpaid orders and holds past their time,
 * overdue invoices, data exports. Tests leave it off (`start` false) and call the services directly.
 * Closing the app stops it, and the outbox, the live-notification hub and the session cache.
 * It starts once the server listens: its first queries do not delay the first answer (issue #21).
 */
export function registerWorkers(app: FastifyInstance, deps: AppDeps, start: boolean): void {
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, work: () => void) => {
    const timer = setInterval(work, ms);
    timer.unref();
    timers.push(timer);
  };
  if (start) app.addHook('onListen', async () => startWork(app, deps, every));
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
    await deps.outbox.stop();
    await deps.hub.stop();
    await deps.sessionCache.stop();
    deps.payments?.close();
  });
}

function startWork(app: FastifyInstance, deps: AppDeps, every: (ms: number, work: () => void) => void): void {
  deps.outbox.start();
  // Unpaid orders past their window give their slots back.
  every(30_000, () => {
    expireOrders(deps).catch((err: unknown) => app.log.error({ err }, 'falha ao expirar pedidos'));
    // Reservas técnicas past their time too (issue #19 item 3).
    expireHolds(deps).catch((err: unknown) => app.log.error({ err }, 'falha ao expirar reservas técnicas'));
  });
  // Pending invoices past their due date become overdue (the customer is told); staff hear, once, of
  // an invoiced order that expires within a day (issue #40 item 1).
  const overdue = () => {
    markOverdueInvoices(deps).catch((err: unknown) =>
      app.log.error({ err }, 'falha ao marcar faturas vencidas'),
    );
    alertExpiringInvoicedOrders(deps).catch((err: unknown) =>
      app.log.error({ err }, 'falha ao avisar a equipe de pedidos faturados a expirar'),
    );
    // A campaign still without art two business days before its start: the customer is told once.
    remindMissingArt(deps).catch((err: unknown) =>
      app.log.error({ err }, 'falha ao avisar de arte em falta'),
    );
  };
  overdue();
  every(15 * 60_000, overdue);
  // Files left by a deletion that did not finish (a kill, a store that failed), and fiscal data past
  // its retention (issue #39 item 2, issue #42 item 6).
  const cleanUp = () => {
    processFileDeletions(deps).catch((err: unknown) => app.log.error({ err }, 'falha ao remover arquivos'));
    purgeExpiredFiscalData(deps.db, todayInBrasilia()).catch((err: unknown) =>
      app.log.error({ err }, 'falha ao expurgar dados fiscais vencidos'),
    );
  };
  cleanUp();
  every(5 * 60_000, cleanUp);
  // "Baixar meus dados": prepared in the background, at once when asked and every minute; and at start,
  // so a build this instance was doing when it stopped resumes as soon as its lease runs out.
  let exporting: Promise<unknown> | undefined;
  deps.kickExports = () => {
    exporting ??= processDataExports(deps)
      .catch((err: unknown) => app.log.error({ err }, 'falha ao preparar cópia de dados'))
      .finally(() => (exporting = undefined));
  };
  every(60_000, deps.kickExports);
  deps.kickExports();
  // NFS-e: the DPS of paid orders and the cancellations, every 15 s and when staff try again (issue #42).
  let issuing: Promise<unknown> | undefined;
  deps.kickFiscal = () => {
    issuing ??= processFiscalQueue(deps)
      .catch((err: unknown) => app.log.error({ err }, 'falha na fila fiscal'))
      .finally(() => (issuing = undefined));
  };
  every(15_000, deps.kickFiscal);
  deps.kickFiscal();
  // The PSP: webhook registration, unpaid orders asked about, received Pix swept (issue #41).
  startPaymentWork(deps, every, app.log);
  // Screens silent in their operating hours (issue #43 item 3).
  watchSilentPlayers(deps, every, app.log);
  // Screen bookings that ended under MAKEGOOD_THRESHOLD_PERCENT: staff asked once for a make-good.
  watchDeliveries(deps, every, app.log);
}
