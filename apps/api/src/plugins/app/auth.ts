import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  canUseAdminSection,
  httpMessages,
  isAdmin,
  isStaff,
  twoFactorMessages,
  type AdminSection,
} from '@urbana/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { resolveSession, type ProfileRow } from '../../services/auth/index.ts';
import type { CachedSession, SessionCache } from '../../services/session-cache.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: ProfileRow | null;
    sessionExpiresAt: Date | null;
    sessionId: string | null;
    /** Whether staff lifted the signed-in customer's limits on orders, read with the session. */
    orderLimitsLifted: boolean;
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

/** A browser that signed in to the account before (decision 026); over https bound to this origin. */
export function deviceCookieName(config: Config): string {
  return config.secureCookies ? '__Host-urbana_dispositivo' : 'urbana_dispositivo';
}

/** Where a wrong guess comes from, for the per-account limits (services/auth/guess-limits.ts). */
export function guessContext(request: FastifyRequest, config: Config) {
  return { ip: request.ip, deviceToken: request.cookies[deviceCookieName(config)] };
}

interface AuthPluginDeps {
  db: Db;
  config: Config;
  sessionCache: SessionCache;
}

/**
 * The session behind a cookie: from the short-lived cache (no promise on that path), else from the
 * database (then cached; one read for the requests of a token that arrive together).
 */
function sessionFor(
  deps: AuthPluginDeps,
  token: string,
): CachedSession | null | Promise<CachedSession | null> {
  const hash = hashToken(token);
  return deps.sessionCache.get(hash) ?? deps.sessionCache.lookup(hash, () => resolveSession(deps, token));
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Puts a checked session on the request. */
function signIn(
  deps: AuthPluginDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  resolved: CachedSession | null,
): undefined {
  if (!resolved) {
    clearSessionCookie(reply, deps.config);
    return undefined;
  }
  request.user = resolved.user;
  request.sessionExpiresAt = resolved.expiresAt;
  request.sessionId = resolved.sessionId;
  request.orderLimitsLifted = resolved.orderLimitsLifted;
  return undefined;
}

/** True when the matched route is one of the panel's (its template, never the raw URL: issue #39). */
export const isAdminRoute = (request: FastifyRequest): boolean =>
  request.routeOptions.url?.startsWith('/api/admin') === true;

/**
 * Resolves the session cookie on every API request into request.user. Checked sessions come from a
 * cache of a few seconds (docs/decisions/039); the database triggers of migration 0016 tell every
 * instance when a user's sessions or profile change. The instance that made the change also forgets
 * at once, before answering: a successful write by a user forgets that user's sessions, and one under
 * /api/admin/ (block, role) forgets them all, so the very next request is checked again.
 * The hooks take Fastify's callback form: an async hook costs a promise and a microtask on every
 * request, and a session from the cache needs neither (issue #21, per-request tax).
 */
export function registerAuth(app: FastifyInstance, deps: AuthPluginDeps): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionExpiresAt', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('orderLimitsLifted', false);
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!READS.has(request.method) && reply.statusCode < 400 && request.url.startsWith('/api/')) {
      if (isAdminRoute(request)) deps.sessionCache.clear();
      else if (request.user) deps.sessionCache.forgetUser(request.user.id);
    }
    done(null, payload);
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const token = readSessionToken(request, deps.config);
    if (!token) return done();
    const session = sessionFor(deps, token);
    if (!(session instanceof Promise)) return done(signIn(deps, request, reply, session));
    session.then(
      (resolved) => done(signIn(deps, request, reply, resolved)),
      (error: Error) => done(error),
    );
  });
}

/**
 * preValidation hook: a signed-in user. Access is decided before the request is validated, so a caller
 * without access learns nothing about what the route accepts.
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new AppError(401, httpMessages.unauthenticated);
}

/**
 * onRequest hook factory: the one staff gate of /api/admin (routes/admin/index.ts puts it on the
 * prefix). It runs before the body is read, so a route that forgets its section is still staff-only.
 * It also closes the panel to admins without two-factor sign-in (docs/decisions/031): a hook of the
 * matched route, so no spelling of the path can reach a panel route without passing it (issue #39).
 */
export function requireStaff(config: Pick<Config, 'adminEmails' | 'adminTwoFactorRequired'>) {
  return async function staffGate(request: FastifyRequest): Promise<void> {
    const user = request.user;
    if (!user) throw new AppError(401, httpMessages.unauthenticated);
    if (!isStaff(user, config.adminEmails)) throw new AppError(403, httpMessages.forbidden);
    if (config.adminTwoFactorRequired && !user.totp_enabled_at && isAdmin(user, config.adminEmails))
      throw new AppError(403, twoFactorMessages.adminRequired);
  };
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
