import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingProfileDataSchema, endpoints, orderDetailSchema, orderLimitMessages } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { AppError } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { readBilling, saveBilling } from '../../services/billing.ts';
import { campaignsForOrder } from '../../services/campaigns/queries.ts';
import { listOrders, orderDetail, orderFromDetail } from '../../services/orders/queries.ts';
import { quote } from '../../services/orders/quote.ts';
import { placeOrder } from '../../services/orders/place-order.ts';
import { transitionOrder } from '../../services/orders/transition.ts';
import { listNotifications } from '../../services/messaging/notifications.ts';
import { pixQrDataUrl } from '../../services/pix.ts';
import { proposalPdf } from '../../services/pdf/cart-proposal.ts';
import { nfseOfOrders } from '../../services/fiscal/fiscal-documents.ts';

/** Billing profile, quotes, orders and payments of the signed-in user (only their own). */
export const orderRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = deps;

    const { checkout, billingProfile, orders, notifications } = endpoints;

    // Public: a quote and the PDF proposal need no account (visitors plan before signing in).
    route(app, checkout.quote, async (request) => quote(db, request.user?.id ?? null, request.body, config), {
      config: { rateLimit: deps.rateLimits.quotes },
    });

    route(
      app,
      checkout.proposalPdf,
      async (request, reply) => {
        const q = await quote(db, request.user?.id ?? null, request.body, config);
        const pdf = await proposalPdf(q);
        return reply
          .type('application/pdf')
          .header('content-disposition', 'attachment; filename="proposta-urbana.pdf"')
          .send(pdf);
      },
      { config: { rateLimit: deps.rateLimits.proposalPdfs } },
    );

    app.register(async (user) => {
      user.addHook('preValidation', requireUser);

      route(user, billingProfile.read, async (request) => {
        const row = await readBilling(db, request.user!.id);
        return { profile: row ? billingProfileDataSchema.parse(row) : null };
      });

      route(user, billingProfile.save, async (request) => ({
        profile: billingProfileDataSchema.parse(await saveBilling(db, request.user!.id, request.body)),
      }));

      route(
        user,
        orders.place,
        async (request, reply) => {
          const result = await placeOrder(
            deps,
            request.user!.id,
            request.body,
            request.headers['idempotency-key'],
            { ip: request.ip },
          );
          return reply
            .code(result.replayed ? 200 : 201)
            .send(
              result.detail
                ? orderFromDetail(result.detail)
                : await orderDetail(db, result.id, request.user!.id),
            );
        },
        {
          config: {
            // Per account (issue 22, item 1): checked after the session is known; lifted customers pass.
            rateLimit: {
              ...config.orderLimits.rate,
              hook: 'preHandler',
              keyGenerator: (request) => `pedidos:${request.user?.id ?? request.ip}`,
              allowList: (request) => request.user !== null && request.orderLimitsLifted,
              errorResponseBuilder: (_request, context) =>
                new AppError(429, orderLimitMessages.tooFast, {
                  'retry-after': String(Math.ceil(context.ttl / 1000)),
                }),
            },
          },
          // A repeated Idempotency-Key answers 200 with the same order.
          errors: { 200: orderDetailSchema },
        },
      );

      route(user, orders.list, async (request) => ({
        items: await listOrders(db, request.user!.id, request.query.status),
      }));

      route(user, orders.detail, async (request) => {
        const order = await orderDetail(db, request.params.id, request.user!.id);
        const campaigns = await campaignsForOrder(db, order.id);
        const nfse = await nfseOfOrders(db, [order.id], request.user!.id);
        return {
          ...order,
          nfse: nfse.get(order.id) ?? null,
          items: order.items.map((i) => ({ ...i, campaign: campaigns.get(i.id) ?? null })),
        };
      });

      route(user, orders.pix, async (request) => {
        const order = await orderDetail(db, request.params.id, request.user!.id);
        if (!order.pix_payload) throw new AppError(409, 'Este pedido não aguarda pagamento por Pix.');
        return {
          payload: order.pix_payload,
          qr: await pixQrDataUrl(order.pix_payload),
          expires_at: order.expires_at,
          total: order.total,
        };
      });

      route(user, notifications.list, async (request) => listNotifications(db, request.user!.id));

      route(user, orders.cancel, async (request) => {
        await transitionOrder(deps, {
          orderId: request.params.id,
          to: 'cancelado',
          actor: 'cliente',
          actorId: request.user!.id,
          ownerId: request.user!.id,
        });
        return orderDetail(db, request.params.id, request.user!.id);
      });
    });
  };
