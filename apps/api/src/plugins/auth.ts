import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  canUseAdminSection,
  httpMessages,
  isAdmin,
  twoFactorMessages,
  type AdminSection,
} from '@urbana/shared';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { resolveSession, type ProfileRow } from '../services/auth.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: ProfileRow | null;
    sessionExpiresAt: Date | null;
    sessionId: string | null;
  }
}

export function sessionCookieName(config: Config): string {
  // __Host- binds the cookie to this exact origin over https (no Domain, Path=/).
  return config.secureCookies ? '__Host-urbana_sessao' : 'urbana_sessao';
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date) {
  reply.setCookie(sessionCookieName(config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(sessionCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
  });
}

export function readSessionToken(request: FastifyRequest, config: Config): string | undefined {
  return request.cookies[sessionCookieName(config)];
}

/** Resolves the session cookie on every API request into request.user. */
export function registerAuth(app: FastifyInstance, deps: { db: Db; config: Config }): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionExpiresAt', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const token = readSessionToken(request, deps.config);
    if (!token) return;
    const resolved = await resolveSession(deps, token);
    if (!resolved) {
      clearSessionCookie(reply, deps.config);
      return;
    }
    request.user = resolved.user;
    request.sessionExpiresAt = resolved.expiresAt;
    request.sessionId = resolved.sessionId;
    // The one gate of the panel for admins without two-factor sign-in (docs/decisions/031).
    if (
      request.url.startsWith('/api/admin/') &&
      deps.config.adminTwoFactorRequired &&
      !resolved.user.totp_enabled_at &&
      isAdmin(resolved.user, deps.config.adminEmails)
    )
      throw new AppError(403, twoFactorMessages.adminRequired);
  });
}

/**
 * preValidation hook: a signed-in user. Access is decided before the request is validated, so a caller
 * without access learns nothing about what the route accepts.
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new AppError(401, httpMessages.unauthenticated);
}

/** preValidation hook factory: staff allowed in this admin section (docs/spec/product.md §1). */
export function requireSection(section: AdminSection, adminEmails: readonly string[]) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.user) throw new AppError(401, httpMessages.unauthenticated);
    if (!canUseAdminSection(request.user, section, adminEmails)) {
      throw new AppError(403, httpMessages.forbidden);
    }
  };
}
