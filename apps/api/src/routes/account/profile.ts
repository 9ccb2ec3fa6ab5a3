import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { updateAccount } from '../../services/account/settings.ts';
import { toProfile } from '../../services/auth/index.ts';

export const profileRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireUser);
    const { adminEmails, adminTwoFactorRequired } = deps.config;

    route(app, endpoints.profile.read, async (request) =>
      toProfile(request.user!, adminEmails, adminTwoFactorRequired),
    );

    route(app, endpoints.profile.update, async (request) => {
      // The same use case as PATCH /api/account/profile, so this change is audited too.
      const row = await updateAccount(deps.db, request.user!, request.body, request.ip);
      return toProfile(row, adminEmails, adminTwoFactorRequired);
    });
  };
