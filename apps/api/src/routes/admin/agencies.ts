import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAgencyListResponse, agencyMessages, agencySchema } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { requireSection } from '../../plugins/app/auth.ts';
import { confirmAgency, listAgencies } from '../../services/agencies/agency.ts';
import { errors, idParams } from './common.ts';

/** Staff check agencies' CENP certificates (issue #44 item 1): accounts are the admin's section. */
export const agencyAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = requireSection('usuarios', deps.config.adminEmails);

    app.get(
      '/agencias',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Agências, as que esperam confirmação primeiro (somente admin)',
          response: { 200: adminAgencyListResponse, ...errors },
        },
      },
      async () => ({ items: await listAgencies(deps.db) }),
    );

    app.post(
      '/agencias/:id/confirmar',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Confirma o certificado do CENP da agência (somente admin)',
          params: idParams(agencyMessages.notFound),
          response: { 200: agencySchema, ...errors },
        },
      },
      async (request) => confirmAgency(deps.db, request.user!.id, request.params.id, request.ip),
    );
  };
