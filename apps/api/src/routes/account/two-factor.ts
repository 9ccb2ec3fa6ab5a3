import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, twoFactorMessages } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { guessContext } from '../../plugins/app/auth.ts';
import * as setup from '../../services/account/two-factor-setup.ts';

/** /api/account/two-factor: set up, turn off and renew the recovery codes of TOTP sign-in. */
export const twoFactorRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const limited = { config: { rateLimit: deps.rateLimits.signIn } };
    const { twoFactor } = endpoints;

    route(app, twoFactor.setup, async (request) => setup.startTwoFactorSetup(deps, request.user!));

    route(
      app,
      twoFactor.enable,
      async (request) => ({
        recovery_codes: await setup.enableTwoFactor(
          deps,
          request.user!,
          request.body,
          guessContext(request, deps.config),
        ),
        message: twoFactorMessages.enabled,
      }),
      limited,
    );

    route(
      app,
      twoFactor.recoveryCodes,
      async (request) => ({
        recovery_codes: await setup.regenerateRecoveryCodes(
          deps,
          request.user!,
          request.body,
          guessContext(request, deps.config),
        ),
        message: twoFactorMessages.codesRenewed,
      }),
      limited,
    );

    route(
      app,
      twoFactor.disable,
      async (request) => {
        await setup.disableTwoFactor(deps, request.user!, request.body, guessContext(request, deps.config));
        return { message: twoFactorMessages.disabled };
      },
      limited,
    );
  };
