import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountMessages,
  endpoints,
  googleSignInErrors,
  type GoogleSignInError,
  signInErrors,
  signUpErrors,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import {
  clearSessionCookie,
  deviceCookieName,
  guessContext,
  readSessionToken,
  setSessionCookie,
} from '../../plugins/app/auth.ts';
import * as auth from '../../services/auth/index.ts';
import { finishGoogleSignIn, startGoogleSignIn } from '../../services/google-oidc.ts';
import { AppError } from '../../lib/errors.ts';
import { noteIpLimited } from '../../services/audit.ts';
import { passTwoFactorChallenge } from '../../services/account/two-factor-challenge.ts';

const { auth: authEndpoints } = endpoints;

export const authRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { config, rateLimits } = deps;
    const ctx = (request: { ip: string; headers: Record<string, unknown> }) => ({
      ip: request.ip,
      userAgent:
        typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
    });
    const toProfile = (row: auth.ProfileRow) =>
      auth.toProfile(row, config.adminEmails, config.adminTwoFactorRequired);
    const deviceCookie = deviceCookieName(config);

    route(
      app,
      authEndpoints.signUp,
      async (request) => {
        const user = await auth.signUp(deps, request.body, ctx(request));
        return { user: toProfile(user), email_confirmed: user.email_confirmed_at !== null };
      },
      { config: { rateLimit: rateLimits.signUp, defaultError: signUpErrors.default } },
    );

    route(
      app,
      authEndpoints.signIn,
      async (request, reply) => {
        const result = await auth.signIn(deps, request.body, {
          ...ctx(request),
          deviceToken: request.cookies[deviceCookie],
        });
        // The password was right and the account has two-factor sign-in: no session yet.
        if ('twoFactor' in result)
          return {
            two_factor: {
              challenge: result.twoFactor.challenge,
              expires_at: result.twoFactor.expiresAt.toISOString(),
            },
          };
        return openSession(request, reply, result);
      },
      {
        config: {
          rateLimit: {
            ...rateLimits.signIn,
            // Sign-in events include an IP refused by the per-IP limit (once per IP and window).
            onExceeded: (request) =>
              noteIpLimited(deps.db, request.ip, rateLimits.signIn.timeWindow, app.log),
          },
          defaultError: signInErrors.default,
        },
      },
    );

    const openSession = async (request: FastifyRequest, reply: FastifyReply, session: auth.SignedIn) => {
      // A new session id at every sign-in: the one this browser had before ends here.
      await auth.signOut(deps.db, readSessionToken(request, config));
      setSessionCookie(reply, config, session.token, session.expiresAt);
      // This browser becomes a known device of the account (decision 026): a year, httpOnly.
      if (session.deviceToken)
        reply.setCookie(deviceCookie, session.deviceToken, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: config.secureCookies,
          maxAge: 365 * 24 * 3600,
        });
      return { user: toProfile(session.user), session: { expires_at: session.expiresAt.toISOString() } };
    };

    route(
      app,
      authEndpoints.twoFactor,
      async (request, reply) => {
        const { user, kind } = await passTwoFactorChallenge(
          deps,
          request.body,
          guessContext(request, config),
        );
        const session = await auth.finishSignIn(
          deps,
          user,
          { ...ctx(request), deviceToken: request.cookies[deviceCookie] },
          { segunda_etapa: kind },
        );
        return openSession(request, reply, session);
      },
      { config: { rateLimit: rateLimits.signIn, defaultError: signInErrors.default } },
    );

    route(app, authEndpoints.signOut, async (request, reply) => {
      await auth.signOut(deps.db, readSessionToken(request, config));
      clearSessionCookie(reply, config);
    });

    route(app, authEndpoints.providers, async () => ({ google: config.google !== undefined }));

    const stateCookie = config.secureCookies ? '__Host-urbana_google' : 'urbana_google';
    const stateCookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: config.secureCookies,
    };

    route(
      app,
      authEndpoints.google,
      async (_request, reply) => {
        const { url, state } = await startGoogleSignIn(deps.db, config);
        reply.setCookie(stateCookie, state, { ...stateCookieOptions, maxAge: 600 });
        return reply.redirect(url, 302);
      },
      { config: { rateLimit: rateLimits.signIn } },
    );

    route(
      app,
      authEndpoints.googleCallback,
      async (request, reply) => {
        const { code, state, error } = request.query;
        const cookieState = request.cookies[stateCookie];
        reply.clearCookie(stateCookie, stateCookieOptions);
        try {
          if (error || !code || !state) throw new AppError(400, googleSignInErrors.google_cancelado);
          const user = await finishGoogleSignIn(deps.db, config, {
            code,
            state,
            cookieState,
            ip: request.ip,
          });
          const session = await auth.createSession(deps, user, ctx(request));
          await auth.signOut(deps.db, readSessionToken(request, config));
          setSessionCookie(reply, config, session.token, session.expiresAt);
          return reply.redirect('/auth/google-retorno', 302);
        } catch (e) {
          if (!(e instanceof AppError)) request.log.error({ err: e }, 'falha na entrada com o Google');
          const message = e instanceof AppError ? e.message : '';
          const code =
            (Object.keys(googleSignInErrors) as GoogleSignInError[]).find(
              (k) => googleSignInErrors[k] === message,
            ) ?? 'google';
          return reply.redirect(`/auth?erro=${code}`, 302);
        }
      },
      { config: { rateLimit: rateLimits.signIn } },
    );

    route(app, authEndpoints.session, async (request) => {
      if (!request.user || !request.sessionExpiresAt) return { user: null, session: null };
      return {
        user: toProfile(request.user),
        session: { expires_at: request.sessionExpiresAt.toISOString() },
      };
    });

    route(
      app,
      authEndpoints.confirmEmail,
      async (request) => {
        await auth.confirmEmail(deps, request.body.token, ctx(request));
        return { message: accountMessages.emailConfirmed };
      },
      { config: { rateLimit: rateLimits.tokens } },
    );

    route(
      app,
      authEndpoints.resendConfirmation,
      async (request) => {
        await auth.resendConfirmation(deps, request.body.email, ctx(request));
        return { message: accountMessages.confirmationSent };
      },
      { config: { rateLimit: rateLimits.emails } },
    );

    route(
      app,
      authEndpoints.forgotPassword,
      async (request) => {
        await auth.forgotPassword(deps, request.body.email, ctx(request));
        return { message: accountMessages.resetSent };
      },
      { config: { rateLimit: rateLimits.emails } },
    );

    route(
      app,
      authEndpoints.resetPassword,
      async (request) => {
        await auth.resetPassword(deps, request.body, ctx(request));
        return { message: accountMessages.passwordChanged };
      },
      { config: { rateLimit: rateLimits.tokens } },
    );
  };
