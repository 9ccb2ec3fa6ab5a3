import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { confirmAgency, listAgencies } from '../../services/agencies/agency.ts';

/** Staff check agencies' CENP certificates (issue #44 item 1): accounts are the admin's section. */
export const agencyAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { agencies } = endpoints.admin;
    route(app, agencies.list, async () => ({ items: await listAgencies(deps.db) }));
    route(app, agencies.confirm, async (request) =>
      confirmAgency(deps.db, request.user!.id, request.params.id, request.ip),
    );
  };
