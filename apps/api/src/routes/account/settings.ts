import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountSettingsMessages, endpoints, isAdmin, TERMS_VERSION } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { guessContext, requireUser } from '../../plugins/app/auth.ts';
import { toProfile } from '../../services/auth/index.ts';
import * as settings from '../../services/account/settings.ts';
import { recoveryCodesLeft } from '../../services/account/second-factor.ts';
import { accountDataRoutes } from './data.ts';
import { twoFactorRoutes } from './two-factor.ts';

/** The signed-in part of /api/account: overview, profile, e-mail, password, sessions, preferences, terms. */
const signedInRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (signedIn) => {
    const { db, config } = deps;
    const { account } = endpoints;
    const profile = (row: Parameters<typeof toProfile>[0]) =>
      toProfile(row, config.adminEmails, config.adminTwoFactorRequired);

    signedIn.addHook('preValidation', requireUser);

    route(signedIn, account.overview, async (request) => {
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
    });

    route(signedIn, account.updateProfile, async (request) =>
      profile(await settings.updateAccount(db, request.user!, request.body, request.ip)),
    );

    route(
      signedIn,
      account.changeEmail,
      async (request) => {
        await settings.requestEmailChange(deps, request.user!, request.body, guessContext(request, config));
        return { message: accountSettingsMessages.emailChangeSent };
      },
      { config: { rateLimit: deps.rateLimits.emails } },
    );

    route(
      signedIn,
      account.changePassword,
      async (request) => {
        await settings.changePassword(deps, request.user!, request.body, {
          ...guessContext(request, config),
          sessionId: request.sessionId!,
        });
        return { message: accountSettingsMessages.passwordChanged };
      },
      { config: { rateLimit: deps.rateLimits.signIn } },
    );

    route(signedIn, account.sessions, async (request) => ({
      items: await settings.listSessions(db, request.user!.id, request.sessionId!),
    }));

    route(signedIn, account.endOtherSessions, async (request) => {
      await settings.endOtherSessions(db, request.user!.id, request.sessionId!, request.ip);
      return { message: accountSettingsMessages.sessionsEnded };
    });

    route(signedIn, account.emailPreferences, async (request) => {
      await settings.setEmailPreferences(db, request.user!, request.body, request.ip);
      return request.body;
    });

    route(signedIn, account.acceptTerms, async (request) =>
      profile(await settings.acceptTerms(db, request.user!, request.body.version, request.ip)),
    );

    await signedIn.register(twoFactorRoutes(deps), { prefix: '/two-factor' });
    await signedIn.register(accountDataRoutes(deps));
  };

/** /api/account: what a signed-in person controls about their own account (issue #24). */
export const accountRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Opened from the e-mail, possibly signed out or in another browser: the token is the proof.
    route(
      app,
      endpoints.account.confirmEmail,
      async (request) => {
        const step = await settings.confirmEmailChange(deps.db, request.body.token, request.ip);
        return { message: confirmMessages[step] };
      },
      { config: { rateLimit: deps.rateLimits.tokens } },
    );

    await app.register(signedInRoutes(deps));
  };

/** What the person who opened a link of an e-mail change is told (issue #39 item 3). */
const confirmMessages: Record<settings.EmailChangeStep, string> = {
  done: accountSettingsMessages.emailChanged,
  needs_current: accountSettingsMessages.emailChangeNeedsCurrent,
  needs_new: accountSettingsMessages.emailChangeNeedsNew,
};
