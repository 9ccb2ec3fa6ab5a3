import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageSchema, profileSchema, profileUpdateSchema } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { updateAccount } from '../../services/account/settings.ts';
import { toProfile } from '../../services/auth/index.ts';

export const profileRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireUser);
    const errors = { 400: messageSchema, 401: messageSchema };

    app.get(
      '/',
      {
        schema: {
          tags: ['perfil'],
          summary: 'O próprio perfil',
          response: { 200: profileSchema, ...errors },
        },
      },
      async (request) =>
        toProfile(request.user!, deps.config.adminEmails, deps.config.adminTwoFactorRequired),
    );

    app.patch(
      '/',
      {
        schema: {
          tags: ['perfil'],
          summary: 'Atualiza nome, empresa e telefone (email e tipo não mudam por aqui)',
          body: profileUpdateSchema,
          response: { 200: profileSchema, ...errors },
        },
      },
      async (request) => {
        // The same use case as PATCH /api/account/profile, so this change is audited too.
        const row = await updateAccount(deps.db, request.user!, request.body, request.ip);
        return toProfile(row, deps.config.adminEmails, deps.config.adminTwoFactorRequired);
      },
    );
  };
