import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { insertionOrderForStaff, pendingInsertionOrders } from '../../services/agencies/insertion-orders.ts';
import { insertionOrderPdf } from '../../services/pdf/insertion-order.ts';

/** Staff see the PIs of agencies' orders (issue #44 item 3): the pending ones, each PI and its PDF. */
export const insertionOrderAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { insertionOrders } = endpoints.admin;
    route(app, insertionOrders.pending, async () => pendingInsertionOrders(deps.db));
    route(app, insertionOrders.one, async (request) => insertionOrderForStaff(deps.db, request.params.id));
    route(app, insertionOrders.pdf, async (request, reply) => {
      const { number, pdf } = await insertionOrderPdf(
        await insertionOrderForStaff(deps.db, request.params.id),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${number}.pdf"`)
        .send(pdf);
    });
  };
