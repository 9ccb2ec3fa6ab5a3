import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  messageSchema,
  recoveryCodesSchema,
  twoFactorChangeBodySchema,
  twoFactorMessages,
  twoFactorSetupSchema,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { guessContext } from '../../plugins/app/auth.ts';
import * as setup from '../../services/account/two-factor-setup.ts';

const errors = {
  400: messageSchema,
  401: messageSchema,
  403: messageSchema,
  409: messageSchema,
  429: messageSchema,
};

/** /api/account/two-factor: set up, turn off and renew the recovery codes of TOTP sign-in. */
export const twoFactorRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['conta'];
    const limit = { rateLimit: deps.rateLimits.signIn };

    app.post(
      '/setup',
      {
        schema: {
          tags,
          summary: 'Gera o segredo e o QR Code para o aplicativo autenticador',
          response: { 200: twoFactorSetupSchema, ...errors },
        },
      },
      async (request) => setup.startTwoFactorSetup(deps, request.user!),
    );

    app.post(
      '/enable',
      {
        config: limit,
        schema: {
          tags,
          summary: 'Ativa com a senha atual e o primeiro código; devolve os códigos de recuperação (uma vez)',
          body: twoFactorChangeBodySchema,
          response: { 200: recoveryCodesSchema, ...errors },
        },
      },
      async (request) => ({
        recovery_codes: await setup.enableTwoFactor(
          deps,
          request.user!,
          request.body,
          guessContext(request, deps.config),
        ),
        message: twoFactorMessages.enabled,
      }),
    );

    app.post(
      '/recovery-codes',
      {
        config: limit,
        schema: {
          tags,
          summary: 'Gera novos códigos de recuperação (pede senha e código; os antigos deixam de valer)',
          body: twoFactorChangeBodySchema,
          response: { 200: recoveryCodesSchema, ...errors },
        },
      },
      async (request) => ({
        recovery_codes: await setup.regenerateRecoveryCodes(
          deps,
          request.user!,
          request.body,
          guessContext(request, deps.config),
        ),
        message: twoFactorMessages.codesRenewed,
      }),
    );

    app.post(
      '/disable',
      {
        config: limit,
        schema: {
          tags,
          summary: 'Desativa (pede senha e código); administradores não podem',
          body: twoFactorChangeBodySchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        await setup.disableTwoFactor(deps, request.user!, request.body, guessContext(request, deps.config));
        return { message: twoFactorMessages.disabled };
      },
    );
  };
