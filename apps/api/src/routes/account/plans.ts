import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, planMessages } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import * as manage from '../../services/plans/manage.ts';
import { planMapPng } from '../../services/plans/plan-map.ts';
import { readPlan, revokeShare, sharePlan } from '../../services/plans/read.ts';

/** /api/planos: the signed-in user's named media plans (issue #23 item 3); only their own. */
export const planRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = deps;
    const { plans } = endpoints;
    app.addHook('preValidation', requireUser);

    route(app, plans.list, async (request) => ({ plans: await manage.listPlans(db, request.user!.id) }));

    route(
      app,
      plans.create,
      async (request, reply) =>
        reply.code(201).send(await manage.createPlan(db, request.user!.id, request.body, config)),
      { bodyLimit: 512 * 1024 },
    );

    route(app, plans.detail, async (request) => readPlan(db, request.user!.id, request.params.id, config));

    route(app, plans.map, async (request, reply) => {
      const plan = await readPlan(db, request.user!.id, request.params.id, config);
      const png = await planMapPng(
        plan.lines.map((l, i) => ({ latitude: l.latitude, longitude: l.longitude, label: String(i + 1) })),
      );
      if (!png) return reply.code(404).send({ message: planMessages.notFound });
      return reply.header('cache-control', 'private, no-store').type('image/png').send(png);
    });

    route(app, plans.rename, async (request) =>
      manage.renamePlan(db, request.user!.id, request.params.id, request.body.name),
    );

    route(app, plans.duplicate, async (request, reply) =>
      reply.code(201).send(await manage.duplicatePlan(db, request.user!.id, request.params.id)),
    );

    route(app, plans.remove, async (request, reply) => {
      await manage.deletePlan(db, request.user!.id, request.params.id);
      return reply.code(204).send(null);
    });

    route(app, plans.share, async (request) => ({
      share_token: await sharePlan(db, request.user!.id, request.params.id),
    }));

    route(app, plans.unshare, async (request) => {
      await revokeShare(db, request.user!.id, request.params.id);
      return { share_token: null };
    });
  };
