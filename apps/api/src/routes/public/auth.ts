import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountMessages,
  authProvidersSchema,
  confirmEmailBodySchema,
  googleSignInErrors,
  type GoogleSignInError,
  emailOnlyBodySchema,
  messageSchema,
  noContentSchema,
  resetPasswordBodySchema,
  sessionResponseSchema,
  signInBodySchema,
  signInErrors,
  signUpBodySchema,
  signUpErrors,
  signInResponseSchema,
  signUpResponseSchema,
  twoFactorVerifyBodySchema,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
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

const errors = {
  400: messageSchema,
  401: messageSchema,
  403: messageSchema,
  409: messageSchema,
  429: messageSchema,
};

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

    app.post(
      '/sign-up',
      {
        config: { rateLimit: rateLimits.signUp, defaultError: signUpErrors.default },
        schema: {
          tags: ['contas'],
          summary: 'Cadastro (sempre como cliente); envia o link de confirmação',
          body: signUpBodySchema,
          response: { 201: signUpResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = await auth.signUp(deps, request.body, ctx(request));
        return reply
          .code(201)
          .send({ user: toProfile(user), email_confirmed: user.email_confirmed_at !== null });
      },
    );

    app.post(
      '/sign-in',
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
        schema: {
          tags: ['contas'],
          summary: 'Entrar com email e senha; abre uma sessão (cookie httpOnly)',
          body: signInBodySchema,
          response: { 200: signInResponseSchema, ...errors },
        },
      },
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

    app.post(
      '/two-factor',
      {
        config: { rateLimit: rateLimits.signIn, defaultError: signInErrors.default },
        schema: {
          tags: ['contas'],
          summary:
            'Segunda etapa da entrada: o código do aplicativo autenticador ou um código de recuperação',
          body: twoFactorVerifyBodySchema,
          response: { 200: sessionResponseSchema, ...errors },
        },
      },
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
    );

    app.post(
      '/sign-out',
      {
        schema: {
          tags: ['contas'],
          summary: 'Sair: encerra a sessão no servidor',
          response: { 204: noContentSchema },
        },
      },
      async (request, reply) => {
        await auth.signOut(deps.db, readSessionToken(request, config));
        clearSessionCookie(reply, config);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/providers',
      {
        schema: {
          tags: ['contas'],
          summary: 'Formas de entrar disponíveis (Google só quando configurado)',
          response: { 200: authProvidersSchema },
        },
      },
      async () => ({ google: config.google !== undefined }),
    );

    const stateCookie = config.secureCookies ? '__Host-urbana_google' : 'urbana_google';
    const stateCookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: config.secureCookies,
    };

    app.get(
      '/google',
      {
        config: { rateLimit: rateLimits.signIn },
        schema: {
          tags: ['contas'],
          summary: 'Começa a entrada com o Google (redireciona ao provedor)',
          response: { 302: z.null(), ...errors },
        },
      },
      async (_request, reply) => {
        const { url, state } = await startGoogleSignIn(deps.db, config);
        reply.setCookie(stateCookie, state, { ...stateCookieOptions, maxAge: 600 });
        return reply.redirect(url, 302);
      },
    );

    app.get(
      '/google/callback',
      {
        config: { rateLimit: rateLimits.signIn },
        schema: {
          tags: ['contas'],
          summary: 'Retorno do Google: abre a sessão e volta ao app',
          querystring: z.object({
            code: z.string().max(2000).optional(),
            state: z.string().max(200).optional(),
            error: z.string().max(200).optional(),
          }),
          response: { 302: z.null() },
        },
      },
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
    );

    app.get(
      '/session',
      {
        schema: {
          tags: ['contas'],
          summary: 'A sessão atual (ou nula)',
          response: { 200: sessionResponseSchema },
        },
      },
      async (request) => {
        if (!request.user || !request.sessionExpiresAt) return { user: null, session: null };
        return {
          user: toProfile(request.user),
          session: { expires_at: request.sessionExpiresAt.toISOString() },
        };
      },
    );

    app.post(
      '/confirm-email',
      {
        config: { rateLimit: rateLimits.tokens },
        schema: {
          tags: ['contas'],
          summary: 'Confirma o email (link de uso único)',
          body: confirmEmailBodySchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        await auth.confirmEmail(deps, request.body.token, ctx(request));
        return { message: accountMessages.emailConfirmed };
      },
    );

    app.post(
      '/resend-confirmation',
      {
        config: { rateLimit: rateLimits.emails },
        schema: {
          tags: ['contas'],
          summary: 'Reenvia o link de confirmação',
          body: emailOnlyBodySchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        await auth.resendConfirmation(deps, request.body.email, ctx(request));
        return { message: accountMessages.confirmationSent };
      },
    );

    app.post(
      '/forgot-password',
      {
        config: { rateLimit: rateLimits.emails },
        schema: {
          tags: ['contas'],
          summary: 'Envia o link de redefinição de senha',
          body: emailOnlyBodySchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        await auth.forgotPassword(deps, request.body.email, ctx(request));
        return { message: accountMessages.resetSent };
      },
    );

    app.post(
      '/reset-password',
      {
        config: { rateLimit: rateLimits.tokens },
        schema: {
          tags: ['contas'],
          summary: 'Define uma nova senha (link de uso único); encerra as sessões',
          body: resetPasswordBodySchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        await auth.resetPassword(deps, request.body, ctx(request));
        return { message: accountMessages.passwordChanged };
      },
    );
  };
