// Sign-in, sessions, known devices and the profile of the signed-in user.
import { eq, sql } from 'drizzle-orm';
import {
  accountMessages,
  isAdmin,
  isStaff,
  permissoesFor,
  signInErrors,
  notAllowListedMessage,
  staffOnlyMessage,
  TERMS_VERSION,
  type Profile,
  type UserContact,
} from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { knownDevices, orderLimitExemptions, profiles, sessions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { audit } from '../audit.ts';
import { createTwoFactorChallenge, type TwoFactorChallenge } from '../account/two-factor-challenge.ts';
import { enforceGuessLimits, isKnownDevice, recordWrongGuess } from './guess-limits.ts';
import { type ProfileRow, type AuthDeps, type RequestContext } from './tokens.ts';

/** Who a user is and how to reach them, as their own profile and the staff's user page show it (issue #18). */
export function userContact(row: ProfileRow): UserContact {
  return {
    id: row.id,
    email: row.email,
    // Specification §3 (docs/spec/specification.md): nome_completo, falling back to nome, else empty.
    nome_completo: row.nome_completo || row.nome || '',
    tipo_usuario: row.tipo_usuario,
    email_confirmed: row.email_confirmed_at !== null,
    empresa: row.empresa,
    telefone: row.telefone,
  };
}

export function toProfile(
  row: ProfileRow,
  adminEmails: readonly string[],
  adminTwoFactorRequired = true,
): Profile {
  const subject = { email: row.email, tipo_usuario: row.tipo_usuario };
  const admin = isAdmin(subject, adminEmails);
  return {
    ...userContact(row),
    updated_at: row.updated_at.toISOString(),
    permissoes: permissoesFor(row.tipo_usuario),
    is_admin: admin,
    is_staff: isStaff(subject, adminEmails),
    // Customers accept the terms in force (an account from before them is asked too); staff work
    // under their own contract and are not stopped by the dialog (docs/decisions/031).
    terms_outdated: row.tipo_usuario === 'cliente' && row.terms_version !== TERMS_VERSION,
    two_factor_enabled: row.totp_enabled_at !== null,
    two_factor_setup_required: admin && adminTwoFactorRequired && row.totp_enabled_at === null,
  };
}

export interface NewSession {
  token: string;
  expiresAt: Date;
  user: ProfileRow;
}

export type SignedIn = NewSession & { deviceToken: string | null };

export async function createSession(
  deps: AuthDeps,
  user: ProfileRow,
  ctx: RequestContext,
): Promise<NewSession> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + deps.config.sessionMaxMs);
  await deps.db.insert(sessions).values({
    user_id: user.id,
    token_hash: hashToken(token),
    expires_at: expiresAt,
    ip: ctx.ip,
    user_agent: ctx.userAgent?.slice(0, 500) ?? null,
  });
  const now = new Date();
  const [touched] = await deps.db
    .update(profiles)
    .set({ last_sign_in_at: now, updated_at: now })
    .where(eq(profiles.id, user.id))
    .returning();
  return { token, expiresAt, user: touched ?? user };
}

/**
 * Sign-in throttling (issue 22, item 8; decision 026), failures counted from audit_log so that they
 * hold across instances with or without Redis (enforceGuessLimits, which also counts wrong codes and
 * wrong current passwords of the same account, issue #39 item 4):
 * - per (e-mail, IP): SIGN_IN_PAIR_MAX_FAILURES in SIGN_IN_PAIR_WINDOW_MINUTES — the one guessing is
 *   throttled, the owner elsewhere is not;
 * - per IP: the request limit on the route (rateLimits.signIn, in Redis when configured);
 * - per e-mail, slower and wider: SIGN_IN_EMAIL_MAX_FAILURES in SIGN_IN_EMAIL_WINDOW_MINUTES from every
 *   IP, which a correct password from a known device (the urbana_dispositivo cookie) still passes.
 */
export async function signIn(
  deps: AuthDeps,
  input: { email: string; password: string; staff_only?: boolean | undefined },
  ctx: RequestContext & { deviceToken?: string | undefined },
): Promise<SignedIn | { twoFactor: TwoFactorChallenge }> {
  const { db } = deps;
  const user = await db.query.profiles.findFirst({ where: eq(profiles.email, input.email) });
  const knownDevice = await enforceGuessLimits(deps, { email: input.email, userId: user?.id }, ctx);
  const ok = await verifyPassword(user?.password_hash, input.password);
  if (!user || !ok) {
    // The same answer for an unknown e-mail and a wrong password.
    await recordWrongGuess(db, 'login.falha', { email: input.email, userId: user?.id }, ctx.ip);
    throw new AppError(401, signInErrors.invalidCredentials);
  }
  if (user.blocked_at) {
    await audit(db, {
      actorId: user.id,
      action: 'login.bloqueado',
      entity: 'profile',
      entityId: user.email,
      ip: ctx.ip,
    });
    throw new AppError(403, accountMessages.blocked);
  }
  if (!user.email_confirmed_at) throw new AppError(403, signInErrors.emailNotConfirmed);
  if (input.staff_only && !isStaff(user, deps.config.adminEmails)) {
    // /admin/login: a customer is told the panel is not theirs, and no session is opened, so no
    // cookie is left behind and the site does not see a sign-in (docs/decisions/023-customer-journey-details.md).
    await audit(db, {
      actorId: user.id,
      action: 'login.admin_recusado',
      entity: 'profile',
      entityId: user.email,
      ip: ctx.ip,
    });
    throw new AppError(403, user.tipo_usuario === 'admin' ? notAllowListedMessage : staffOnlyMessage);
  }
  // The password was right; with two-factor sign-in on, the session waits for the code (issue #24).
  if (user.totp_enabled_at) return { twoFactor: await createTwoFactorChallenge(db, user.id) };
  return finishSignIn(deps, user, ctx, knownDevice ? { dispositivo_conhecido: true } : undefined);
}

/** The last step of every sign-in: a session, the audit entry, and this browser as a known device. */
export async function finishSignIn(
  deps: AuthDeps,
  user: ProfileRow,
  ctx: RequestContext & { deviceToken?: string | undefined },
  detail?: Record<string, unknown>,
): Promise<SignedIn> {
  const session = await createSession(deps, user, ctx);
  await audit(deps.db, {
    actorId: user.id,
    action: 'login.sucesso',
    entity: 'profile',
    entityId: user.email,
    ip: ctx.ip,
    ...(detail ? { after: detail } : {}),
  });
  return { ...session, deviceToken: await rememberDevice(deps.db, user.id, ctx.deviceToken) };
}

/**
 * After a successful sign-in this browser is a known device of the account: its current cookie when
 * it already is one, else a new token (null = keep the cookie as it is).
 */
export async function rememberDevice(
  db: Db,
  userId: string,
  current: string | undefined,
): Promise<string | null> {
  if (current && (await isKnownDevice(db, userId, current))) return null;
  const token = newToken();
  await db.insert(knownDevices).values({ token_hash: hashToken(token), user_id: userId });
  return token;
}

export async function signOut(db: Db, token: string | undefined): Promise<void> {
  if (!token) return;
  await db.delete(sessions).where(eq(sessions.token_hash, hashToken(token)));
}

/** Touch last_seen_at at most this often, so that reads do not each cost a write. */
const TOUCH_EVERY_MS = 60_000;

export async function resolveSession(
  deps: Pick<AuthDeps, 'db' | 'config'>,
  token: string,
): Promise<{ user: ProfileRow; sessionId: string; expiresAt: Date; orderLimitsLifted: boolean } | null> {
  const { db, config } = deps;
  const [row] = await db
    .select({
      session: sessions,
      user: profiles,
      // Read with the session so that the checkout's rate limit needs no query of its own; staff
      // lifting the limits touch the profile, which makes every instance read it again
      // (setOrderLimitsLifted in services/orders/quote.ts).
      lifted: sql<boolean>`exists (select 1 from ${orderLimitExemptions} x where x.user_id = ${profiles.id})`,
    })
    .from(sessions)
    .innerJoin(profiles, eq(profiles.id, sessions.user_id))
    .where(eq(sessions.token_hash, hashToken(token)))
    .limit(1);
  if (!row) return null;
  const now = Date.now();
  const idleExpired = row.session.last_seen_at.getTime() + config.sessionIdleMs < now;
  if (row.session.expires_at.getTime() < now || idleExpired || row.user.blocked_at) {
    await db.delete(sessions).where(eq(sessions.id, row.session.id));
    return null;
  }
  if (now - row.session.last_seen_at.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ last_seen_at: new Date(now) })
      .where(eq(sessions.id, row.session.id));
    await db
      .update(profiles)
      .set({ updated_at: new Date(now) })
      .where(eq(profiles.id, row.user.id));
  }
  return {
    user: row.user,
    sessionId: row.session.id,
    expiresAt: row.session.expires_at,
    orderLimitsLifted: row.lifted === true,
  };
}

/**
 * Whether the session behind this token still holds, without touching it (a long-lived stream must
 * not keep an idle session alive).
 */
export async function isSessionActive(
  deps: Pick<AuthDeps, 'db' | 'config'>,
  token: string,
): Promise<boolean> {
  const [row] = await deps.db
    .select({ session: sessions, blocked: profiles.blocked_at })
    .from(sessions)
    .innerJoin(profiles, eq(profiles.id, sessions.user_id))
    .where(eq(sessions.token_hash, hashToken(token)))
    .limit(1);
  if (!row || row.blocked) return false;
  const now = Date.now();
  return (
    row.session.expires_at.getTime() >= now &&
    row.session.last_seen_at.getTime() + deps.config.sessionIdleMs >= now
  );
}
