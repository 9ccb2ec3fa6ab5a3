import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountSettingsMessages,
  dataExportsSchema,
  messageSchema,
  passwordBodySchema,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { clearSessionCookie, guessContext } from '../../plugins/app/auth.ts';
import { deleteAccount } from '../../services/account/delete-account.ts';
import { listExports, openExport, requestExport } from '../../services/account/data-export.ts';

const errors = {
  400: messageSchema,
  401: messageSchema,
  404: messageSchema,
  409: messageSchema,
  410: messageSchema,
};

/** "Baixar meus dados" and "Excluir minha conta" (LGPD art. 18; issue #24 item 3). */
export const accountDataRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['conta'];

    app.post(
      '/exports',
      {
        config: { rateLimit: deps.rateLimits.emails },
        schema: {
          tags,
          summary: 'Pede a cópia dos dados (ZIP preparado em segundo plano)',
          response: { 202: messageSchema, ...errors },
        },
      },
      async (request, reply) => {
        await requestExport(deps, request.user!.id, { actorId: request.user!.id, ip: request.ip });
        deps.kickExports();
        return reply.code(202).send({ message: accountSettingsMessages.exportRequested });
      },
    );

    app.get(
      '/exports',
      {
        schema: {
          tags,
          summary: 'Os pedidos de cópia dos dados e seus links (que expiram)',
          response: { 200: dataExportsSchema, ...errors },
        },
      },
      async (request) => ({ items: await listExports(deps.db, request.user!.id) }),
    );

    app.get(
      '/exports/:id/download',
      {
        schema: {
          tags,
          summary: 'Baixa o ZIP enquanto o link vale',
          params: z.object({ id: z.string().max(40) }),
        },
      },
      async (request, reply) => {
        const { stored, filename } = await openExport(deps, request.user!.id, request.params.id);
        return reply
          .header('content-type', 'application/zip')
          .header('content-length', String(stored.size))
          .header('content-disposition', `attachment; filename="${filename}"`)
          .send(stored.body);
      },
    );

    app.post(
      '/delete',
      {
        config: { rateLimit: deps.rateLimits.signIn },
        schema: {
          tags,
          summary: 'Exclui a própria conta (pede a senha); encerra todas as sessões',
          body: passwordBodySchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request, reply) => {
        await deleteAccount(deps, request.user!.id, {
          ...guessContext(request, deps.config),
          actorId: request.user!.id,
          password: request.body.password,
        });
        clearSessionCookie(reply, deps.config);
        return { message: accountSettingsMessages.accountDeleted };
      },
    );
  };
