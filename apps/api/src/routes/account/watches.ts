import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { listWatches, unwatchPlace, watchPlace } from '../../services/watches/place-watches.ts';

/** "Avise-me" on the signed-in user's favourites (issue #23 item 4); acts on request.user only. */
export const watchRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    app.addHook('preValidation', requireUser);

    route(app, endpoints.watches.list, async (request) => ({
      product_ids: await listWatches(db, request.user!.id),
    }));
    route(app, endpoints.watches.on, async (request) => {
      await watchPlace(db, request.user!.id, request.params.productId);
    });
    route(app, endpoints.watches.off, async (request) => {
      await unwatchPlace(db, request.user!.id, request.params.productId);
    });
  };
