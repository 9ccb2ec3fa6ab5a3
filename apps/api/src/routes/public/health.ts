import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthDownSchema, healthLiveSchema, healthSchema } from '@urbana/shared';
import type { Database } from '../../db/client.ts';

export const healthRoutes =
  (database: Database): FastifyPluginAsyncZod =>
  async (app) => {
    // Liveness: the process answers, without touching the database (readiness is /api/health).
    app.get(
      '/api/health/live',
      {
        schema: {
          tags: ['sistema'],
          summary: 'O processo está vivo (sem consultar o banco)',
          response: { 200: healthLiveSchema },
        },
      },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/api/health',
      {
        schema: {
          tags: ['sistema'],
          summary: 'Estado do serviço e do banco de dados',
          response: {
            200: healthSchema,
            503: healthDownSchema,
          },
        },
      },
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
    );
  };
