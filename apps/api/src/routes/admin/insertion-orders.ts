import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminPendingInsertionOrdersResponse,
  insertionOrderMessages,
  insertionOrderSchema,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { requireSection } from '../../plugins/app/auth.ts';
import { insertionOrderForStaff, pendingInsertionOrders } from '../../services/agencies/insertion-orders.ts';
import { insertionOrderPdf } from '../../services/pdf/insertion-order.ts';
import { errors, idParams } from './common.ts';

/** Staff see the PIs of agencies' orders (issue #44 item 3): the pending ones, each PI and its PDF. */
export const insertionOrderAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = requireSection('pedidos', deps.config.adminEmails);
    const params = idParams(insertionOrderMessages.notFound);
    const tags = ['admin'];

    app.get(
      '/pis',
      {
        preValidation: guard,
        schema: {
          tags,
          summary: 'PIs que esperam a aprovação da agência, de pedidos em aberto, os mais antigos primeiro',
          response: { 200: adminPendingInsertionOrdersResponse, ...errors },
        },
      },
      async () => pendingInsertionOrders(deps.db),
    );

    app.get(
      '/pedidos/:id/pi',
      {
        preValidation: guard,
        schema: {
          tags,
          summary: 'O PI do pedido de uma agência e a sua aprovação',
          params,
          response: { 200: insertionOrderSchema, ...errors },
        },
      },
      async (request) => insertionOrderForStaff(deps.db, request.params.id),
    );

    app.get(
      '/pedidos/:id/pi.pdf',
      { preValidation: guard, schema: { tags, summary: 'O PI do pedido de uma agência em PDF', params } },
      async (request, reply) => {
        const { number, pdf } = await insertionOrderPdf(
          await insertionOrderForStaff(deps.db, request.params.id),
        );
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="${number}.pdf"`)
          .send(pdf);
      },
    );
  };
