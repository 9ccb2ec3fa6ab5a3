import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptTermsBodySchema,
  accountOverviewSchema,
  accountSessionsSchema,
  accountSettingsMessages,
  accountUpdateBodySchema,
  changeEmailBodySchema,
  changePasswordBodySchema,
  emailPreferencesSchema,
  isAdmin,
  messageSchema,
  profileSchema,
  TERMS_VERSION,
  tokenBodySchema,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { guessContext, requireUser } from '../../plugins/app/auth.ts';
import { toProfile } from '../../services/auth/index.ts';
import * as settings from '../../services/account/settings.ts';
import { recoveryCodesLeft } from '../../services/account/second-factor.ts';
import { accountDataRoutes } from './data.ts';
import { twoFactorRoutes } from './two-factor.ts';

export const accountErrors = {
  400: messageSchema,
  401: messageSchema,
  403: messageSchema,
  404: messageSchema,
  409: messageSchema,
  410: messageSchema,
  429: messageSchema,
};

/** The signed-in part of /api/account: overview, profile, e-mail, password, sessions, preferences, terms. */
const signedInRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (signedIn) => {
    const { db, config } = deps;
    const tags = ['conta'];
    const profile = (row: Parameters<typeof toProfile>[0]) =>
      toProfile(row, config.adminEmails, config.adminTwoFactorRequired);

    signedIn.addHook('preValidation', requireUser);

    signedIn.get(
      '/',
      {
        schema: {
          tags,
          summary: 'Resumo da conta: email, preferências, duas etapas, termos',
          response: { 200: accountOverviewSchema, ...accountErrors },
        },
      },
      async (request) => {
        const user = request.user!;
        return {
          email: user.email,
          pending_email: await settings.pendingEmail(db, user.id),
          preferences: { alerts: user.email_alerts, news: user.email_news },
          two_factor: {
            enabled: user.totp_enabled_at !== null,
            required: config.adminTwoFactorRequired && isAdmin(user, config.adminEmails),
            recovery_codes_left: user.totp_enabled_at ? await recoveryCodesLeft(db, user.id) : 0,
          },
          terms: {
            version: user.terms_version,
            accepted_at: user.terms_accepted_at?.toISOString() ?? null,
            current: TERMS_VERSION,
          },
        };
      },
    );

    signedIn.patch(
      '/profile',
      {
        schema: {
          tags,
          summary: 'Altera nome, empresa e telefone',
          body: accountUpdateBodySchema,
          response: { 200: profileSchema, ...accountErrors },
        },
      },
      async (request) => profile(await settings.updateAccount(db, request.user!, request.body, request.ip)),
    );

    signedIn.post(
      '/email',
      {
        config: { rateLimit: deps.rateLimits.emails },
        schema: {
          tags,
          summary: 'Pede a troca de email (confirmada por links no novo endereço e no atual)',
          body: changeEmailBodySchema,
          response: { 200: messageSchema, ...accountErrors },
        },
      },
      async (request) => {
        await settings.requestEmailChange(deps, request.user!, request.body, guessContext(request, config));
        return { message: accountSettingsMessages.emailChangeSent };
      },
    );

    signedIn.post(
      '/password',
      {
        config: { rateLimit: deps.rateLimits.signIn },
        schema: {
          tags,
          summary: 'Troca a senha (pede a atual); encerra as outras sessões',
          body: changePasswordBodySchema,
          response: { 200: messageSchema, ...accountErrors },
        },
      },
      async (request) => {
        await settings.changePassword(deps, request.user!, request.body, {
          ...guessContext(request, config),
          sessionId: request.sessionId!,
        });
        return { message: accountSettingsMessages.passwordChanged };
      },
    );

    signedIn.get(
      '/sessions',
      {
        schema: {
          tags,
          summary: 'Sessões ativas (dispositivo, IP, último uso)',
          response: { 200: accountSessionsSchema, ...accountErrors },
        },
      },
      async (request) => ({ items: await settings.listSessions(db, request.user!.id, request.sessionId!) }),
    );

    signedIn.post(
      '/sessions/end-others',
      {
        schema: {
          tags,
          summary: 'Sair de todos os outros dispositivos',
          response: { 200: messageSchema, ...accountErrors },
        },
      },
      async (request) => {
        await settings.endOtherSessions(db, request.user!.id, request.sessionId!, request.ip);
        return { message: accountSettingsMessages.sessionsEnded };
      },
    );

    signedIn.put(
      '/email-preferences',
      {
        schema: {
          tags,
          summary: 'Liga ou desliga alertas e novidades por email',
          body: emailPreferencesSchema,
          response: { 200: emailPreferencesSchema, ...accountErrors },
        },
      },
      async (request) => {
        await settings.setEmailPreferences(db, request.user!, request.body, request.ip);
        return request.body;
      },
    );

    signedIn.post(
      '/terms',
      {
        schema: {
          tags,
          summary: 'Aceita a versão vigente dos termos e da política de privacidade',
          body: acceptTermsBodySchema,
          response: { 200: profileSchema, ...accountErrors },
        },
      },
      async (request) =>
        profile(await settings.acceptTerms(db, request.user!, request.body.version, request.ip)),
    );

    await signedIn.register(twoFactorRoutes(deps), { prefix: '/two-factor' });
    await signedIn.register(accountDataRoutes(deps));
  };

/** /api/account: what a signed-in person controls about their own account (issue #24). */
export const accountRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    const tags = ['conta'];

    // Opened from the e-mail, possibly signed out or in another browser: the token is the proof.
    app.post(
      '/email/confirm',
      {
        config: { rateLimit: deps.rateLimits.tokens },
        schema: {
          tags,
          summary:
            'Abre um dos dois links da troca de email (novo endereço e endereço atual); a troca vale com os dois',
          body: tokenBodySchema,
          response: { 200: messageSchema, ...accountErrors },
        },
      },
      async (request) => {
        const step = await settings.confirmEmailChange(db, request.body.token, request.ip);
        return { message: confirmMessages[step] };
      },
    );

    await app.register(signedInRoutes(deps));
  };

export const noContent = { 204: z.null() };

/** What the person who opened a link of an e-mail change is told (issue #39 item 3). */
const confirmMessages: Record<settings.EmailChangeStep, string> = {
  done: accountSettingsMessages.emailChanged,
  needs_current: accountSettingsMessages.emailChangeNeedsCurrent,
  needs_new: accountSettingsMessages.emailChangeNeedsNew,
};
