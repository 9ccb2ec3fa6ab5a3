/**
 * Webhooks of the payment providers, one route per provider (issue #41). The API Pix provider's: the
 * PSP calls `POST {webhookUrl}/pix` — `/api/webhooks/pix/pix`, the query string kept — with
 * `{ "pix": [...] }`. It is authenticated by the PSP's client certificate, verified by nginx
 * (`ssl_verify_client`, forwarded as `X-SSL-Client-Verify: SUCCESS` and believed only behind
 * TRUST_PROXY), or by the secret the registered URL carries (`?segredo=`, PIX_WEBHOOK_SECRET);
 * anything else gets 401 and changes nothing. Each Pix is applied on its own (applyReceivedPayment).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { endpoints } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { AppError } from '../../lib/errors.ts';
import { peerIsTrustedProxy } from '../../lib/trusted-proxy.ts';
import { webhookPixBodySchema } from '../../services/payments/api-pix/schemas.ts';
import { toPayment } from '../../services/payments/api-pix/translate.ts';
import { applyReceivedPayment } from '../../services/payments/apply-payment.ts';
import { applyRefundStates } from '../../services/payments/refunds.ts';
import { countedWebhook } from '../../services/webhook-metrics.ts';

export const PIX_WEBHOOK_UNAUTHENTICATED = 'Notificação não autenticada.';

function sameSecret(given: unknown, secret: string | undefined): boolean {
  if (!secret || typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

function authenticated(deps: AppDeps, request: FastifyRequest): boolean {
  const query = request.query as Record<string, unknown>;
  if (sameSecret(query.segredo, deps.config.pixWebhookSecret)) return true;
  // The header means something only when nginx, a trusted proxy, set it after verifying the certificate:
  // the connection must come from a proxy TRUST_PROXY names, not from any caller.
  return (
    peerIsTrustedProxy(deps.config.trustProxy, request.socket.remoteAddress) &&
    request.headers['x-ssl-client-verify'] === 'SUCCESS'
  );
}

export function paymentWebhookRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const handler = (request: FastifyRequest) => countedWebhook('pix', () => receive(request));
    const receive = async (request: FastifyRequest) => {
      if (!authenticated(deps, request)) throw new AppError(401, PIX_WEBHOOK_UNAUTHENTICATED);
      if (!deps.config.pixPsp) throw new AppError(503, 'Provedor de pagamentos não configurado.');
      const body = webhookPixBodySchema.safeParse(request.body);
      if (!body.success) throw new AppError(400, 'Notificação inválida.');
      const outcomes: string[] = [];
      for (const pix of body.data.pix) {
        const payment = toPayment(pix);
        outcomes.push(await applyReceivedPayment(deps, 'pix', payment));
        // The standard posts a Pix again with its devoluções when one ends (decision 102).
        await applyRefundStates(deps, 'pix', payment.refunds);
      }
      return { message: `Recebido: ${outcomes.join(', ')}.` };
    };
    const options = { config: { rateLimit: deps.rateLimits.paymentWebhooks } };
    route(app, endpoints.webhooks.pix, handler, options);
    route(app, endpoints.webhooks.pixFromPsp, handler, options);
  };
}
