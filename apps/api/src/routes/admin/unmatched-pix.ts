import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageSchema, unmatchedPixListSchema, unmatchedPixMessages } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { requireSection } from '../../plugins/app/auth.ts';
import { listUnmatchedPix, refundUnmatchedPix } from '../../services/payments/unmatched.ts';
import { actorOf, errors, idParams } from './common.ts';

/**
 * /api/admin/pix-sem-pedido: Pix the PSP received that named no order (issue #41), in the orders
 * section, each with a button that sends it back (decision 102).
 */
export const unmatchedPixAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = requireSection('pedidos', deps.config.adminEmails);
    const tags = ['admin'];

    app.get(
      '/pix-sem-pedido',
      {
        preValidation: guard,
        schema: {
          tags,
          summary: 'Pix recebidos que não correspondem a nenhum pedido, com a devolução de cada um',
          response: { 200: unmatchedPixListSchema, ...errors },
        },
      },
      async () => ({ items: deps.payments ? await listUnmatchedPix(deps.db, deps.payments.name) : [] }),
    );

    app.post(
      '/pix-sem-pedido/:id/devolver',
      {
        preValidation: guard,
        schema: {
          tags,
          summary: 'Devolve por Pix, inteiro, um Pix que não corresponde a nenhum pedido',
          params: idParams(unmatchedPixMessages.notFound),
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        await refundUnmatchedPix(deps, actorOf(request), request.params.id);
        return { message: unmatchedPixMessages.queued };
      },
    );
  };
