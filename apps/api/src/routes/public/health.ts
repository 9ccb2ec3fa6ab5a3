import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, healthDownSchema } from '@urbana/shared';
import type { Database } from '../../db/client.ts';
import { route } from '../../lib/endpoint-route.ts';

export const healthRoutes =
  (database: Database): FastifyPluginAsyncZod =>
  async (app) => {
    // Liveness: the process answers, without touching the database (readiness is /api/health).
    route(app, endpoints.health.live, async () => ({ status: 'ok' as const }));

    route(
      app,
      endpoints.health.check,
      async (_request, reply) => {
        try {
          await database.ping();
          return { status: 'ok' as const, database: 'ok' as const, driver: database.driver };
        } catch {
          return reply.code(503).send({
            status: 'erro' as const,
            database: 'indisponível' as const,
            message: 'O banco de dados está indisponível no momento.',
          });
        }
      },
      { errors: { 503: healthDownSchema } },
    );
  };
