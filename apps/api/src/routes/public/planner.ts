import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { planMedia } from '../../services/planner/plan-media.ts';

/** The planner of /planejar (issue #23 item 2): public, read only; saving a plan needs a session elsewhere. */
export const plannerRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.planner.plan, async (request) =>
      planMedia(deps.db, request.query, {
        leadBusinessDays: deps.config.leadBusinessDays,
        pricing: deps.config.pricing,
      }),
    );
  };
