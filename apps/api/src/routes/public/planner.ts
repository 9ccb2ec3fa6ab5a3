import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageSchema, plannerQuerySchema, plannerResponseSchema } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { planMedia } from '../../services/planner/plan-media.ts';

/** The planner of /planejar (issue #23 item 2): public, read only; saving a plan needs a session elsewhere. */
export const plannerRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/planner',
      {
        schema: {
          tags: ['catálogo'],
          summary: 'Plano de mídia a partir de um orçamento, área, período, tipos e objetivo',
          querystring: plannerQuerySchema,
          response: { 200: plannerResponseSchema, 400: messageSchema },
        },
      },
      async (request) =>
        planMedia(deps.db, request.query, {
          leadBusinessDays: deps.config.leadBusinessDays,
          pricing: deps.config.pricing,
        }),
    );
  };
