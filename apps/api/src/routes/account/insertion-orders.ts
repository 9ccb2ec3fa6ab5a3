import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { insertionOrderMessages, insertionOrderSchema, messageSchema } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { approveInsertionOrder, insertionOrderForAgency } from '../../services/agencies/insertion-orders.ts';
import { insertionOrderPdf } from '../../services/pdf/insertion-order.ts';

const errors = { 400: messageSchema, 401: messageSchema, 404: messageSchema, 409: messageSchema };
const params = z.object({ id: z.uuid({ error: insertionOrderMessages.notFound }) });

/**
 * /api/agencia/pedidos/:id/pi: the PI of an agency's order, its PDF and its approval (issue #44 item 3),
 * for any person of the order's agency; another agency's person gets 404, as for an order without PI.
 */
export const insertionOrderRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    app.addHook('preValidation', requireUser);
    const tags = ['agência'];

    app.get(
      '/agencia/pedidos/:id/pi',
      {
        schema: {
          tags,
          summary: 'O PI (pedido de inserção) de um pedido da agência',
          params,
          response: { 200: insertionOrderSchema, ...errors },
        },
      },
      async (request) => insertionOrderForAgency(db, request.user!.id, request.params.id),
    );

    app.get(
      '/agencia/pedidos/:id/pi.pdf',
      { schema: { tags, summary: 'O PI de um pedido da agência, em PDF', params } },
      async (request, reply) => {
        const pi = await insertionOrderForAgency(db, request.user!.id, request.params.id);
        const { number, pdf } = await insertionOrderPdf(pi);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${number}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );

    app.post(
      '/agencia/pedidos/:id/pi/aprovar',
      {
        schema: {
          tags,
          summary: 'A agência aprova o PI: registra quem, quando e de onde; as campanhas podem começar',
          params,
          response: { 200: insertionOrderSchema, ...errors },
        },
      },
      async (request) => approveInsertionOrder(db, request.user!.id, request.params.id, request.ip),
    );
  };
