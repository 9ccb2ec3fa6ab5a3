import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema, userTypes } from '@urbana/shared';
import type { AppDeps } from '../../app.ts';
import { requireSection } from '../../plugins/auth.ts';
import { listUsers, overview } from '../../services/admin.ts';

/** /api/admin/*: every route names its section; the guard applies PRODUCT.md §1's matrix. */
export const adminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { adminEmails } = deps.config;
    const errors = { 400: messageSchema, 401: messageSchema, 403: messageSchema };

    app.get(
      '/resumo',
      {
        preValidation: requireSection('dashboard', adminEmails),
        schema: {
          tags: ['admin'],
          summary: 'Números gerais para o painel (admin e operador)',
          response: {
            200: z.object({
              users: z.object({ cliente: z.number(), operador: z.number(), admin: z.number() }),
              active_products: z.number(),
            }),
            ...errors,
          },
        },
      },
      async () => overview(deps.db),
    );

    app.get(
      '/usuarios',
      {
        preValidation: requireSection('usuarios', adminEmails),
        schema: {
          tags: ['admin'],
          summary: 'Lista de usuários com busca e paginação (somente admin)',
          querystring: z.object({
            q: z.string().max(200, { error: 'Busca longa demais.' }).optional(),
            page: z.coerce
              .number({ error: 'Página inválida.' })
              .int({ error: 'Página inválida.' })
              .min(1, { error: 'Página inválida.' })
              .default(1),
            page_size: z.coerce
              .number({ error: 'Tamanho de página inválido.' })
              .int()
              .min(1, { error: 'Tamanho de página inválido.' })
              .max(100, { error: 'Tamanho de página inválido.' })
              .default(20),
          }),
          response: {
            200: z.object({
              total: z.number(),
              page: z.number(),
              page_size: z.number(),
              items: z.array(
                z.object({
                  id: z.string(),
                  email: z.string(),
                  nome_completo: z.string(),
                  tipo_usuario: z.enum(userTypes),
                  email_confirmed: z.boolean(),
                  blocked: z.boolean(),
                  created_at: z.string(),
                  updated_at: z.string(),
                }),
              ),
            }),
            ...errors,
          },
        },
      },
      async (request) => {
        const { q, page, page_size } = request.query;
        const result = await listUsers(deps.db, { q, page, pageSize: page_size });
        return {
          total: result.total,
          page,
          page_size,
          items: result.rows.map((row) => ({
            ...row,
            created_at: row.created_at.toISOString(),
            updated_at: row.updated_at.toISOString(),
          })),
        };
      },
    );
  };
