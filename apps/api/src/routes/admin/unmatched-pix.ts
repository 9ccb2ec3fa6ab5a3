import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, unmatchedPixMessages } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { listUnmatchedPix, refundUnmatchedPix } from '../../services/payments/unmatched.ts';
import { actorOf } from './common.ts';

/**
 * /api/admin/pix-sem-pedido: Pix the PSP received that named no order (issue #41), in the orders
 * section, each with a button that sends it back (decision 102).
 */
export const unmatchedPixAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { unmatchedPix } = endpoints.admin;
    route(app, unmatchedPix.list, async () => ({
      items: deps.payments ? await listUnmatchedPix(deps.db, deps.payments.name) : [],
    }));
    route(app, unmatchedPix.refund, async (request) => {
      await refundUnmatchedPix(deps, actorOf(request), request.params.id);
      return { message: unmatchedPixMessages.queued };
    });
  };
