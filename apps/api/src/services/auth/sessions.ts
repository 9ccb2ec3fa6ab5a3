import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  accountMessages,
  accountSettingsMessages,
  isAdmin,
  isStaff,
  permissoesFor,
  signInErrors,
  signUpErrors,
  staffOnlyMessage,
  TERMS_VERSION,
  type Profile,
} from '@urbana/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { authTokens, knownDevices, profiles, sessions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { audit, recentEvents } from '../audit.ts';
import { createTwoFactorChallenge, type TwoFactorChallenge } from '../account/two-factor-challenge.ts';
import { emailTemplates } from '../messaging/email-templates.ts';
import type { Outbox } from '../messaging/outbox.ts';

export type ProfileRow = typeof profiles.$inferSelect;

export interface AuthDeps {
  db: Db;
  config: Config;
  outbox: Outbox;
}

export interface RequestContext {
  ip: string;
  userAgent?: string | undefined;
}

export const CONFIRMATION_TTL_MS = 48 * 3600_000;
export const RESET_TTL_MS = 3600_000;

export interface EmailLimit {
  max: number;
  windowMs: number;
}
/** Per-e-mail limits, counted from audit_log so that they hold across instances. */
export const emailLimits = {
  passwordReset: { max: 5, windowMs: 15 * 60_000 },
  resendConfirmation: { max: 5, windowMs: 15 * 60_000 },
} satisfies Record<string, EmailLimit>;

export function toProfile(
  row: ProfileRow,
  adminEmails: readonly string[],
  adminTwoFactorRequired = true,
): Profile {
  const subject = { email: row.email, tipo_usuario: row.tipo_usuario };
  const admin = isAdmin(subject, adminEmails);
  return {
    id: row.id,
    email: row.email,
    // Specification §3 (docs/spec/specification.md): nome_completo, falling back to nome, else empty.
    nome_completo: row.nome_completo || row.nome || '',
    empresa: row.empresa,
    telefone: row.telefone,
    tipo_usuario: row.tipo_usuario,
    email_confirmed: row.email_confirmed_at !== null,
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

function tooMany(retryAfterSeconds: number): AppError {
  return new AppError(429, signInErrors.tooManyRequests, {
    'retry-after': String(retryAfterSeconds),
  });
}

async function enforceEmailLimit(db: Db, action: string, email: string, limit: EmailLimit) {
  const recent = await recentEvents(db, action, email, limit.windowMs);
  if (recent.count >= limit.max) throw tooMany(recent.retryAfterSeconds);
}

async function issueToken(
  db: Db,
  userId: string,
  kind: 'email_confirmation' | 'password_reset',
  ttlMs: number,
) {
  const token = newToken();
  await db.insert(authTokens).values({
    user_id: userId,
    kind,
    token_hash: hashToken(token),
    expires_at: new Date(Date.now() + ttlMs),
  });
  return token;
}

export async function sendConfirmation(deps: AuthDeps, user: ProfileRow) {
  const token = await issueToken(deps.db, user.id, 'email_confirmation', CONFIRMATION_TTL_MS);
  const url = `${deps.config.publicUrl}/auth/confirmar-email?token=${token}`;
  await deps.outbox.enqueue(deps.db, {
    to: user.email,
    userId: user.id,
    ...emailTemplates.confirmation(user.nome_completo, url),
  });
  void deps.outbox.kick();
}

export async function signUp(
  deps: AuthDeps,
  input: {
    email: string;
    password: string;
    nome_completo: string;
    telefone: string | null;
    terms_version?: string | undefined;
  },
  ctx: RequestContext,
): Promise<ProfileRow> {
  // The form shows the terms in force; one opened before a new version is asked to read it again.
  if (input.terms_version !== undefined && input.terms_version !== TERMS_VERSION)
    throw new AppError(409, accountSettingsMessages.termsOutdated);
  if (isCommonPassword(input.password)) throw new AppError(400, signUpErrors.weakPassword);
  const existing = await deps.db.query.profiles.findFirst({ where: eq(profiles.email, input.email) });
  if (existing) throw new AppError(409, signUpErrors.alreadyRegistered);
  const passwordHash = await hashPassword(input.password);
  const [user] = await deps.db
    .insert(profiles)
    .values({
      email: input.email,
      nome_completo: input.nome_completo,
      telefone: input.telefone,
      // Specification §3 (docs/spec/specification.md): always cliente, whatever the request says.
      tipo_usuario: 'cliente',
      password_hash: passwordHash,
      // Creating the account is accepting the terms and privacy policy shown next to the button.
      terms_version: TERMS_VERSION,
      terms_accepted_at: new Date(),
    })
    .onConflictDoNothing({ target: profiles.email })
    .returning();
  // A concurrent sign-up with the same e-mail won the race.
  if (!user) throw new AppError(409, signUpErrors.alreadyRegistered);
  await audit(deps.db, {
    actorId: user.id,
    action: 'conta.cadastro',
    entity: 'profile',
    entityId: user.email,
    ip: ctx.ip,
    after: { termos: TERMS_VERSION },
  });
  await sendConfirmation(deps, user);
  return user;
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
  const [touched] = await deps.db
    .update(profiles)
    .set({ updated_at: new Date() })
    .where(eq(profiles.id, user.id))
    .returning();
  return { token, expiresAt, user: touched ?? user };
}

/**
 * Sign-in throttling (issue 22, item 8; decision 026), failures counted from audit_log so that they
 * hold across instances with or without Redis:
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
  const { db, config } = deps;
  const limits = config.signInLimits;
  const limited = async (retryAfterSeconds: number, scope: string) => {
    await audit(db, {
      action: 'login.limitado',
      entity: 'profile',
      entityId: input.email,
      ip: ctx.ip,
      after: { limite: scope },
    });
    return tooMany(retryAfterSeconds);
  };
  const pair = await recentEvents(db, 'login.falha', input.email, limits.pair.windowMs, ctx.ip);
  if (pair.count >= limits.pair.max) throw await limited(pair.retryAfterSeconds, 'email_ip');
  const wide = await recentEvents(db, 'login.falha', input.email, limits.email.windowMs);
  const user = await db.query.profiles.findFirst({ where: eq(profiles.email, input.email) });
  let knownDevice = false;
  if (wide.count >= limits.email.max) {
    knownDevice = Boolean(user && ctx.deviceToken && (await isKnownDevice(db, user.id, ctx.deviceToken)));
    if (!knownDevice) throw await limited(wide.retryAfterSeconds, 'email');
  }
  const ok = await verifyPassword(user?.password_hash, input.password);
  if (!user || !ok) {
    // The same answer for an unknown e-mail and a wrong password.
    await audit(db, {
      actorId: user?.id ?? null,
      action: 'login.falha',
      entity: 'profile',
      entityId: input.email,
      ip: ctx.ip,
    });
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
    throw new AppError(403, staffOnlyMessage);
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

/** Whether this browser's device cookie belongs to the account (and touches it). */
async function isKnownDevice(db: Db, userId: string, token: string): Promise<boolean> {
  const [row] = await db
    .update(knownDevices)
    .set({ last_used_at: new Date() })
    .where(and(eq(knownDevices.token_hash, hashToken(token)), eq(knownDevices.user_id, userId)))
    .returning({ user_id: knownDevices.user_id });
  return row !== undefined;
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
): Promise<{ user: ProfileRow; sessionId: string; expiresAt: Date } | null> {
  const { db, config } = deps;
  const [row] = await db
    .select({ session: sessions, user: profiles })
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
  return { user: row.user, sessionId: row.session.id, expiresAt: row.session.expires_at };
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

/** Marks a single-use token as used and returns its user, or null when invalid, used or expired. */
async function consumeToken(db: Db, token: string, kind: 'email_confirmation' | 'password_reset') {
  const [used] = await db
    .update(authTokens)
    .set({ used_at: new Date() })
    .where(
      and(
        eq(authTokens.token_hash, hashToken(token)),
        eq(authTokens.kind, kind),
        isNull(authTokens.used_at),
        gt(authTokens.expires_at, new Date()),
      ),
    )
    .returning({ userId: authTokens.user_id });
  return used?.userId ?? null;
}

export async function confirmEmail(deps: AuthDeps, token: string, ctx: RequestContext) {
  const userId = await consumeToken(deps.db, token, 'email_confirmation');
  if (!userId) throw new AppError(400, accountMessages.confirmationLinkInvalid);
  const [user] = await deps.db
    .update(profiles)
    .set({ email_confirmed_at: sql`coalesce(${profiles.email_confirmed_at}, now())` })
    .where(eq(profiles.id, userId))
    .returning();
  await audit(deps.db, {
    actorId: userId,
    action: 'conta.email_confirmado',
    entity: 'profile',
    entityId: user?.email,
    ip: ctx.ip,
  });
}

export async function resendConfirmation(deps: AuthDeps, email: string, ctx: RequestContext) {
  await enforceEmailLimit(deps.db, 'conta.reenvio_confirmacao', email, emailLimits.resendConfirmation);
  await audit(deps.db, {
    action: 'conta.reenvio_confirmacao',
    entity: 'profile',
    entityId: email,
    ip: ctx.ip,
  });
  const user = await deps.db.query.profiles.findFirst({ where: eq(profiles.email, email) });
  // The answer is the same whether or not the account exists or is confirmed.
  if (user && !user.email_confirmed_at && !user.blocked_at) await sendConfirmation(deps, user);
}

export async function forgotPassword(deps: AuthDeps, email: string, ctx: RequestContext) {
  await enforceEmailLimit(deps.db, 'senha.pedido_redefinicao', email, emailLimits.passwordReset);
  await audit(deps.db, {
    action: 'senha.pedido_redefinicao',
    entity: 'profile',
    entityId: email,
    ip: ctx.ip,
  });
  const user = await deps.db.query.profiles.findFirst({ where: eq(profiles.email, email) });
  if (!user || user.blocked_at) return;
  const token = await issueToken(deps.db, user.id, 'password_reset', RESET_TTL_MS);
  const url = `${deps.config.publicUrl}/auth/redefinir-senha?token=${token}`;
  await deps.outbox.enqueue(deps.db, {
    to: user.email,
    userId: user.id,
    ...emailTemplates.passwordReset(user.nome_completo, url),
  });
  void deps.outbox.kick();
}

export async function resetPassword(
  deps: AuthDeps,
  input: { token: string; password: string },
  ctx: RequestContext,
) {
  if (isCommonPassword(input.password)) throw new AppError(400, signUpErrors.weakPassword);
  const userId = await consumeToken(deps.db, input.token, 'password_reset');
  if (!userId) throw new AppError(400, accountMessages.resetLinkInvalid);
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    // The link proves the mailbox, so it also confirms the e-mail; every old session ends.
    await tx
      .update(profiles)
      .set({
        password_hash: passwordHash,
        email_confirmed_at: sql`coalesce(${profiles.email_confirmed_at}, now())`,
      })
      .where(eq(profiles.id, userId));
    await tx.delete(sessions).where(eq(sessions.user_id, userId));
    await tx
      .update(authTokens)
      .set({ used_at: new Date() })
      .where(
        and(
          eq(authTokens.user_id, userId),
          eq(authTokens.kind, 'password_reset'),
          isNull(authTokens.used_at),
        ),
      );
  });
  await audit(deps.db, {
    actorId: userId,
    action: 'senha.redefinida',
    entity: 'profile',
    entityId: userId,
    ip: ctx.ip,
  });
}

export async function updateProfile(
  db: Db,
  userId: string,
  input: { nome_completo: string; empresa: string | null; telefone: string | null },
): Promise<ProfileRow> {
  const [row] = await db
    .update(profiles)
    .set({
      nome_completo: input.nome_completo,
      empresa: input.empresa,
      telefone: input.telefone,
      updated_at: new Date(),
    })
    .where(eq(profiles.id, userId))
    .returning();
  if (!row) throw new AppError(404, 'Perfil não encontrado.');
  return row;
}
