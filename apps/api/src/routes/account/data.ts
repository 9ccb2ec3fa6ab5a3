import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountSettingsMessages, endpoints } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { clearSessionCookie, guessContext } from '../../plugins/app/auth.ts';
import { deleteAccount } from '../../services/account/delete-account.ts';
import { listExports, openExport, requestExport } from '../../services/account/data-export.ts';

/** "Baixar meus dados" and "Excluir minha conta" (LGPD art. 18; issue #24 item 3). */
export const accountDataRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { account } = endpoints;

    route(
      app,
      account.requestExport,
      async (request) => {
        await requestExport(deps, request.user!.id, { actorId: request.user!.id, ip: request.ip });
        deps.kickExports();
        return { message: accountSettingsMessages.exportRequested };
      },
      { config: { rateLimit: deps.rateLimits.emails } },
    );

    route(app, account.exports, async (request) => ({ items: await listExports(deps.db, request.user!.id) }));

    route(app, account.downloadExport, async (request, reply) => {
      const { stored, filename } = await openExport(deps, request.user!.id, request.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(stored.size))
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(stored.body);
    });

    route(
      app,
      account.delete,
      async (request, reply) => {
        await deleteAccount(deps, request.user!.id, {
          ...guessContext(request, deps.config),
          actorId: request.user!.id,
          password: request.body.password,
        });
        clearSessionCookie(reply, deps.config);
        return { message: accountSettingsMessages.accountDeleted };
      },
      { config: { rateLimit: deps.rateLimits.signIn } },
    );
  };
