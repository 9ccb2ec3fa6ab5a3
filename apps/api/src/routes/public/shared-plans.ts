import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildPath, endpoints, paths, planMessages } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { planMapPng } from '../../services/plans/plan-map.ts';
import { sharedPlanPdf } from '../../services/plans/plan-pdf.ts';
import { readSharedPlan } from '../../services/plans/read.ts';

/**
 * A shared plan, by its link: no session (issue #23 item 3). The token is the only key; once revoked
 * both answers are 404. Never cached: a revoked link must stop working at once.
 */
export const sharedPlanRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { sharedPlans } = endpoints;

    route(app, sharedPlans.read, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex');
      return readSharedPlan(deps.db, request.params.token, deps.config);
    });

    route(app, sharedPlans.map, async (request, reply) => {
      const plan = await readSharedPlan(deps.db, request.params.token, deps.config);
      const png = await planMapPng(
        plan.lines.map((l, i) => ({ latitude: l.latitude, longitude: l.longitude, label: String(i + 1) })),
      );
      if (!png) return reply.code(404).send({ message: planMessages.sharedNotFound });
      return reply.header('cache-control', 'no-store').type('image/png').send(png);
    });

    route(app, sharedPlans.pdf, async (request, reply) => {
      const plan = await readSharedPlan(deps.db, request.params.token, deps.config);
      const url = `${deps.config.publicUrl}${buildPath(paths.planoCompartilhado, { token: request.params.token })}`;
      const pdf = await sharedPlanPdf(plan, deps.storage, url);
      return reply
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="plano-de-midia.pdf"')
        .send(pdf);
    });
  };
