import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingProfileDataSchema,
  billingProfileResponseSchema,
  billingProfileSavedSchema,
  billingProfileSchema,
  checkoutBodySchema,
  messageSchema,
  notificationListSchema,
  orderLimitMessages,
  orderDetailSchema,
  orderListQuerySchema,
  orderListSchema,
  orderPixSchema,
  quoteSchema,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { readBilling, saveBilling } from '../../services/billing.ts';
import { campaignsForOrder } from '../../services/campaigns/queries.ts';
import { listOrders, orderDetail, orderFromDetail } from '../../services/orders/queries.ts';
import { readableOrderOwner } from '../../services/agencies/order-scope.ts';
import { quote } from '../../services/orders/quote.ts';
import { placeOrder } from '../../services/orders/place-order.ts';
import { transitionOrder } from '../../services/orders/transition.ts';
import { listNotifications } from '../../services/messaging/notifications.ts';
import { pixQrDataUrl } from '../../services/pix.ts';
import { proposalPdf } from '../../services/pdf/cart-proposal.ts';
import { nfseOfOrders } from '../../services/fiscal/fiscal-documents.ts';

const errors = {
  400: messageSchema,
  401: messageSchema,
  403: messageSchema,
  404: messageSchema,
  409: messageSchema,
  422: messageSchema,
};
const idParams = z.object({ id: z.string().uuid({ error: 'Pedido não encontrado.' }) });

/** Billing profile, quotes, orders and payments of the signed-in user (only their own). */
export const orderRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = deps;

    // Public: a quote and the PDF proposal need no account (visitors plan before signing in).
    app.post(
      '/checkout/quote',
      {
        config: { rateLimit: deps.rateLimits.quotes },
        schema: {
          tags: ['pedidos'],
          summary: 'Preços recalculados do banco, descontos e cupom',
          body: checkoutBodySchema,
          response: { 200: quoteSchema, 400: messageSchema, 409: messageSchema },
        },
      },
      async (request) => quote(db, request.user?.id ?? null, request.body, config),
    );

    app.post(
      '/proposta',
      {
        config: { rateLimit: deps.rateLimits.proposalPdfs },
        schema: {
          tags: ['pedidos'],
          summary: 'Proposta de mídia do carrinho em PDF',
          body: checkoutBodySchema,
        },
      },
      async (request, reply) => {
        const q = await quote(db, request.user?.id ?? null, request.body, config);
        const pdf = await proposalPdf(q);
        return reply
          .type('application/pdf')
          .header('content-disposition', 'attachment; filename="proposta-urbana.pdf"')
          .send(pdf);
      },
    );

    app.register(async (inner) => {
      const user = inner.withTypeProvider<ZodTypeProvider>();
      user.addHook('preValidation', requireUser);

      user.get(
        '/billing-profile',
        {
          schema: {
            tags: ['pedidos'],
            summary: 'O cadastro de faturamento',
            response: { 200: billingProfileResponseSchema, ...errors },
          },
        },
        async (request) => {
          const row = await readBilling(db, request.user!.id);
          return { profile: row ? billingProfileDataSchema.parse(row) : null };
        },
      );

      user.put(
        '/billing-profile',
        {
          schema: {
            tags: ['pedidos'],
            summary: 'Grava o cadastro de faturamento (CPF/CNPJ validados)',
            body: billingProfileSchema,
            response: { 200: billingProfileSavedSchema, ...errors },
          },
        },
        async (request) => ({
          profile: billingProfileDataSchema.parse(await saveBilling(db, request.user!.id, request.body)),
        }),
      );

      user.post(
        '/orders',
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
          schema: {
            tags: ['pedidos'],
            summary:
              'Finaliza o pedido (uma transação); repetir com a mesma Idempotency-Key devolve o mesmo pedido',
            headers: z.object({
              'idempotency-key': z
                .string({ error: 'Envie o cabeçalho Idempotency-Key.' })
                .min(8, { error: 'Idempotency-Key inválida.' })
                .max(100, { error: 'Idempotency-Key inválida.' }),
            }),
            body: checkoutBodySchema,
            response: { 200: orderDetailSchema, 201: orderDetailSchema, ...errors },
          },
        },
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
      );

      user.get(
        '/orders',
        {
          schema: {
            tags: ['pedidos'],
            summary: 'Meus pedidos',
            querystring: orderListQuerySchema,
            response: { 200: orderListSchema, ...errors },
          },
        },
        async (request) => ({ items: await listOrders(db, request.user!.id, request.query) }),
      );

      user.get(
        '/orders/:id',
        {
          schema: {
            tags: ['pedidos'],
            summary: 'Um pedido: itens, torres, períodos, histórico e fatura',
            params: idParams,
            response: { 200: orderDetailSchema, ...errors },
          },
        },
        async (request) => {
          // Any person of the order's agency reads it (decision 116).
          const owner = await readableOrderOwner(db, request.user!.id, request.params.id);
          const order = await orderDetail(db, request.params.id, owner);
          const campaigns = await campaignsForOrder(db, order.id);
          const nfse = await nfseOfOrders(db, [order.id], owner);
          return {
            ...order,
            nfse: nfse.get(order.id) ?? null,
            items: order.items.map((i) => ({ ...i, campaign: campaigns.get(i.id) ?? null })),
          };
        },
      );

      user.get(
        '/orders/:id/pix',
        {
          schema: {
            tags: ['pedidos'],
            summary: 'Pix copia e cola e QR Code do pedido',
            params: idParams,
            response: { 200: orderPixSchema, ...errors },
          },
        },
        async (request) => {
          const owner = await readableOrderOwner(db, request.user!.id, request.params.id);
          const order = await orderDetail(db, request.params.id, owner);
          if (!order.pix_payload) throw new AppError(409, 'Este pedido não aguarda pagamento por Pix.');
          return {
            payload: order.pix_payload,
            qr: await pixQrDataUrl(order.pix_payload),
            expires_at: order.expires_at,
            total: order.total,
          };
        },
      );

      user.get(
        '/notifications',
        {
          schema: {
            tags: ['notificações'],
            summary: 'Minhas notificações (as 50 mais recentes) e quantas não li',
            response: { 200: notificationListSchema, ...errors },
          },
        },
        async (request) => listNotifications(db, request.user!.id),
      );

      user.post(
        '/orders/:id/cancel',
        {
          schema: {
            tags: ['pedidos'],
            summary: 'Cancela um pedido que ainda aguarda pagamento',
            params: idParams,
            response: { 200: orderDetailSchema, ...errors },
          },
        },
        async (request) => {
          await transitionOrder(deps, {
            orderId: request.params.id,
            to: 'cancelado',
            actor: 'cliente',
            actorId: request.user!.id,
            ownerId: request.user!.id,
          });
          return orderDetail(db, request.params.id, request.user!.id);
        },
      );
    });
  };
