import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOverviewSchema } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { requireSection } from '../../plugins/app/auth.ts';
import { overview } from '../../services/admin.ts';
import { errors } from './common.ts';

export const dashboardAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/resumo',
      {
        preValidation: requireSection('dashboard', deps.config.adminEmails),
        schema: {
          tags: ['admin'],
          summary: 'Painel: receita, pedidos, ticket médio, novos usuários, ocupação, 30 dias, pendências',
          response: { 200: adminOverviewSchema, ...errors },
        },
      },
      async () => overview(deps.db),
    );
  };
