import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageSchema, watchListResponseSchema, watchParamsSchema, noContentSchema } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { listWatches, unwatchPlace, watchPlace } from '../../services/watches/place-watches.ts';

const errors = { 400: messageSchema, 401: messageSchema, 404: messageSchema, 409: messageSchema };

/** "Avise-me" on the signed-in user's favourites (issue #23 item 4); acts on request.user only. */
export const watchRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    app.addHook('preValidation', requireUser);

    app.get(
      '/watches',
      {
        schema: {
          tags: ['favoritos'],
          summary: 'Ids dos locais com "Avise-me" ligado',
          response: { 200: watchListResponseSchema, ...errors },
        },
      },
      async (request) => ({ product_ids: await listWatches(db, request.user!.id) }),
    );

    app.put(
      '/favorites/:productId/watch',
      {
        schema: {
          tags: ['favoritos'],
          summary: 'Liga o "Avise-me" de um favorito (semana liberada, preço menor)',
          params: watchParamsSchema,
          response: { 204: noContentSchema, ...errors },
        },
      },
      async (request, reply) => {
        await watchPlace(db, request.user!.id, request.params.productId);
        return reply.code(204).send(null);
      },
    );

    app.delete(
      '/favorites/:productId/watch',
      {
        schema: {
          tags: ['favoritos'],
          summary: 'Desliga o "Avise-me" de um favorito',
          params: watchParamsSchema,
          response: { 204: noContentSchema, ...errors },
        },
      },
      async (request, reply) => {
        await unwatchPlace(db, request.user!.id, request.params.productId);
        return reply.code(204).send(null);
      },
    );
  };
