/**
 * The PSP's background work of an instance (issue #41, docs/decisions/099-pix-charge-at-checkout.md):
 * the webhook registered at start (`PUT /webhook/{PIX_KEY}`, tried again every 5 minutes until the PSP
 * takes it), refunds sent and followed, unpaid orders asked about every 30 s (each at its own backed-off
 * time), and the received Pix swept every PIX_RECONCILE_MINUTES.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { reconcileUnpaid, sweepReceived } from './reconcile.ts';
import { processRefunds } from './refunds.ts';

/** Where the PSP posts received Pix: `<PUBLIC_URL>/api/webhooks/pix`, with `?segredo=` when set. */
export function pixWebhookUrl(publicUrl: string, secret: string | undefined): string {
  const base = `${publicUrl.replace(/\/+$/, '')}/api/webhooks/pix`;
  return secret ? `${base}?segredo=${encodeURIComponent(secret)}` : base;
}

export function startPaymentWork(
  deps: AppDeps,
  every: (ms: number, work: () => void) => void,
  log: FastifyBaseLogger,
): void {
  const provider = deps.payments;
  const psp = deps.config.pixPsp;
  if (!provider || !psp) return;
  let registered = false;
  const register = () => {
    if (registered) return;
    provider
      .registerWebhook(pixWebhookUrl(deps.config.publicUrl, deps.config.pixWebhookSecret))
      .then(() => {
        registered = true;
        log.info('webhook Pix registrado no PSP');
      })
      .catch((err: unknown) => log.error({ err }, 'falha ao registrar o webhook Pix no PSP'));
  };
  register();
  every(5 * 60_000, register);
  // Refunds queued by a cancellation or a late Pix: sent, then followed (decision 102).
  let refunding: Promise<unknown> | undefined;
  deps.kickRefunds = () => {
    refunding ??= processRefunds(deps)
      .catch((err: unknown) => log.error({ err }, 'falha ao enviar devoluções Pix'))
      .finally(() => (refunding = undefined));
  };
  every(30_000, deps.kickRefunds);
  deps.kickRefunds();
  let looking: Promise<unknown> | undefined;
  every(30_000, () => {
    looking ??= reconcileUnpaid(deps)
      .catch((err: unknown) => log.error({ err }, 'falha ao consultar cobranças Pix'))
      .finally(() => (looking = undefined));
  });
  const sweep = () =>
    sweepReceived(deps)
      .then((counts) => log.info({ counts }, 'Pix recebidos conciliados'))
      .catch((err: unknown) => log.error({ err }, 'falha ao conciliar os Pix recebidos'));
  sweep();
  every(psp.reconcileMinutes * 60_000, sweep);
}
