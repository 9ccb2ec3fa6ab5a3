import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { approveInsertionOrder, insertionOrderForAgency } from '../../services/agencies/insertion-orders.ts';
import { insertionOrderPdf } from '../../services/pdf/insertion-order.ts';

/**
 * /api/agencia/pedidos/:id/pi: the PI of an agency's order, its PDF and its approval (issue #44 item 3),
 * for any person of the order's agency; another agency's person gets 404, as for an order without PI.
 */
export const insertionOrderRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    const { agency } = endpoints;
    app.addHook('preValidation', requireUser);

    route(app, agency.insertionOrder, async (request) =>
      insertionOrderForAgency(db, request.user!.id, request.params.id),
    );

    route(app, agency.insertionOrderPdf, async (request, reply) => {
      const pi = await insertionOrderForAgency(db, request.user!.id, request.params.id);
      const { number, pdf } = await insertionOrderPdf(pi);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    });

    route(app, agency.approveInsertionOrder, async (request) =>
      approveInsertionOrder(db, request.user!.id, request.params.id, request.ip),
    );
  };
