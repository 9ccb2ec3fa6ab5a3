import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import {
  changeRole,
  listUsers,
  refuseDeletedAccount,
  resendConfirmationFor,
  setBlocked,
  userDetail,
} from '../../services/admin.ts';
import { orderLimitStatus, setOrderLimitsLifted } from '../../services/orders/quote.ts';
import { actorOf } from './common.ts';

export const userAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { users } = endpoints.admin;
    // Every change here is to one account (`:id`): none to one deleted at its holder's request.
    app.addHook('preHandler', async (request) => {
      const { id } = request.params as { id?: string };
      if (request.method !== 'GET' && id) await refuseDeletedAccount(deps.db, id);
    });

    route(app, users.list, async (request) => {
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
    });

    route(app, users.one, async (request) => userDetail(deps.db, request.params.id));

    route(app, users.changeRole, async (request) => {
      await changeRole(
        deps.db,
        request.params.id,
        request.body.tipo_usuario,
        actorOf(request),
        deps.config.adminEmails,
      );
      return userDetail(deps.db, request.params.id);
    });

    for (const [entry, blocked] of [
      [users.block, true],
      [users.unblock, false],
    ] as const) {
      route(app, entry, async (request) => {
        await setBlocked(deps.db, request.params.id, blocked, actorOf(request));
        return userDetail(deps.db, request.params.id);
      });
    }

    route(app, users.resendConfirmation, async (request) => {
      await resendConfirmationFor(deps, request.params.id, actorOf(request));
      return { message: 'Email de confirmação reenviado.' };
    });

    // Staff lift the limits on unpaid orders for one customer (issue 22, item 1; decision 026).
    route(app, users.orderLimits, async (request) =>
      orderLimitStatus(deps.db, deps.config, request.params.id),
    );
    route(app, users.setOrderLimits, async (request) => {
      await setOrderLimitsLifted(deps.db, request.params.id, request.body.liberado, actorOf(request));
      return orderLimitStatus(deps.db, deps.config, request.params.id);
    });
  };
