import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPageQuery,
  adminUserDetailSchema,
  adminUserPageSchema,
  messageSchema,
  orderLimitStatusSchema,
  roleChangeSchema,
  userStatuses,
  userTypes,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { requireSection } from '../../plugins/app/auth.ts';
import {
  changeRole,
  listUsers,
  refuseDeletedAccount,
  resendConfirmationFor,
  setBlocked,
  userDetail,
  userSorts,
} from '../../services/admin.ts';
import { orderLimitStatus, setOrderLimitsLifted } from '../../services/orders/quote.ts';
import { actorOf, errors, idParams } from './common.ts';

export const userAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = requireSection('usuarios', deps.config.adminEmails);
    const params = idParams('Usuário não encontrado.');
    // Every change here is to one account (`:id`): none to one deleted at its holder's request.
    app.addHook('preHandler', async (request) => {
      const { id } = request.params as { id?: string };
      if (request.method !== 'GET' && id) await refuseDeletedAccount(deps.db, id);
    });

    app.get(
      '/usuarios',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Usuários com busca, filtros, ordenação e paginação (somente admin)',
          querystring: z.object({
            ...adminPageQuery,
            tipo: z.enum(userTypes, { error: 'Papel inválido.' }).optional(),
            status: z.enum(userStatuses, { error: 'Situação inválida.' }).optional(),
            sort: z.enum(userSorts, { error: 'Ordenação inválida.' }).default('created_at'),
          }),
          response: { 200: adminUserPageSchema, ...errors },
        },
      },
      async (request) => {
        const { q, page, page_size, tipo, status, sort, dir } = request.query;
        const result = await listUsers(deps.db, { q, tipo, status, sort, dir, page, pageSize: page_size });
        return {
          total: result.total,
          page,
          page_size,
          items: result.rows.map((row) => ({
            ...row,
            created_at: row.created_at.toISOString(),
            last_access: row.last_access ? new Date(row.last_access).toISOString() : null,
          })),
        };
      },
    );

    app.get(
      '/usuarios/:id',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Detalhes: pedidos, chamados, último acesso',
          params,
          response: { 200: adminUserDetailSchema, ...errors },
        },
      },
      async (request) => userDetail(deps.db, request.params.id),
    );

    app.put(
      '/usuarios/:id/papel',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Muda o papel (cliente, operador, admin)',
          params,
          body: roleChangeSchema,
          response: { 200: adminUserDetailSchema, ...errors },
        },
      },
      async (request) => {
        await changeRole(
          deps.db,
          request.params.id,
          request.body.tipo_usuario,
          actorOf(request),
          deps.config.adminEmails,
        );
        return userDetail(deps.db, request.params.id);
      },
    );

    for (const [path, blocked] of [
      ['/usuarios/:id/bloquear', true],
      ['/usuarios/:id/desbloquear', false],
    ] as const) {
      app.post(
        path,
        {
          preValidation: guard,
          schema: {
            tags: ['admin'],
            summary: blocked ? 'Bloqueia (encerra as sessões na hora)' : 'Desbloqueia',
            params,
            response: { 200: adminUserDetailSchema, ...errors },
          },
        },
        async (request) => {
          await setBlocked(deps.db, request.params.id, blocked, actorOf(request));
          return userDetail(deps.db, request.params.id);
        },
      );
    }

    app.post(
      '/usuarios/:id/reenviar-confirmacao',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Reenvia o email de confirmação',
          params,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        await resendConfirmationFor(deps, request.params.id, actorOf(request));
        return { message: 'Email de confirmação reenviado.' };
      },
    );

    // Staff lift the limits on unpaid orders for one customer (issue 22, item 1; decision 026).
    app.get(
      '/usuarios/:id/limites-pedido',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Limites de pedidos sem pagamento de um cliente e se foram liberados',
          params,
          response: { 200: orderLimitStatusSchema, ...errors },
        },
      },
      async (request) => orderLimitStatus(deps.db, deps.config, request.params.id),
    );
    app.put(
      '/usuarios/:id/limites-pedido',
      {
        preValidation: guard,
        schema: {
          tags: ['admin'],
          summary: 'Libera (ou volta a aplicar) os limites de pedidos sem pagamento de um cliente',
          params,
          body: z.object({ liberado: z.boolean({ error: 'Informe se os limites ficam liberados.' }) }),
          response: { 200: orderLimitStatusSchema, ...errors },
        },
      },
      async (request) => {
        await setOrderLimitsLifted(deps.db, request.params.id, request.body.liberado, actorOf(request));
        return orderLimitStatus(deps.db, deps.config, request.params.id);
      },
    );
  };
