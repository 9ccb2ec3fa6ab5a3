// One per-account count of wrong passwords and codes, wherever they are asked (issue #39 item 4).
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { knownDevices } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/tokens.ts';
import { audit, recentEvents } from '../audit.ts';
import { tooMany } from './tokens.ts';

/**
 * Every guess that counts toward an account's sign-in limits: a wrong password at sign-in, a wrong
 * TOTP or recovery code (at the second step of a sign-in or when a setting asks one), and a wrong
 * current password when a setting asks it. All are keyed by the account's e-mail, as sign-in failures
 * always were, so a guesser cannot move to another door of the same account to get a fresh count.
 */
export const GUESS_FAILURES = ['login.falha', 'dois_fatores.falha', 'conta.senha_atual_errada'] as const;
export type GuessFailure = (typeof GUESS_FAILURES)[number];

export interface GuessContext {
  ip: string;
  /** The urbana_dispositivo cookie: a known device passes the wide per-e-mail limit (decision 026). */
  deviceToken?: string | undefined;
}

/**
 * Refuses with 429 and Retry-After when the account has had too many wrong guesses: per (e-mail, IP)
 * and, wider, per e-mail from every IP, which a known device of the account still passes. Checked
 * before the password or code, so that once throttled the right one is refused too until the window
 * passes. Returns whether the wide limit was passed as a known device.
 */
export async function enforceGuessLimits(
  deps: { db: Db; config: Pick<Config, 'signInLimits'> },
  account: { email: string; userId?: string | undefined },
  ctx: GuessContext,
): Promise<boolean> {
  const { db } = deps;
  const limits = deps.config.signInLimits;
  const limited = async (retryAfterSeconds: number, scope: string) => {
    await audit(db, {
      action: 'login.limitado',
      entity: 'profile',
      entityId: account.email,
      ip: ctx.ip,
      after: { limite: scope },
    });
    return tooMany(retryAfterSeconds);
  };
  const pair = await recentEvents(db, GUESS_FAILURES, account.email, limits.pair.windowMs, ctx.ip);
  if (pair.count >= limits.pair.max) throw await limited(pair.retryAfterSeconds, 'email_ip');
  const wide = await recentEvents(db, GUESS_FAILURES, account.email, limits.email.windowMs);
  if (wide.count < limits.email.max) return false;
  const known = Boolean(
    account.userId && ctx.deviceToken && (await isKnownDevice(db, account.userId, ctx.deviceToken)),
  );
  if (!known) throw await limited(wide.retryAfterSeconds, 'email');
  return true;
}

/** Records one wrong guess against the account (the audit entry is the counter). */
export async function recordWrongGuess(
  db: Db,
  action: GuessFailure,
  account: { email: string; userId?: string | null | undefined },
  ip: string,
): Promise<void> {
  await audit(db, {
    actorId: account.userId ?? null,
    action,
    entity: 'profile',
    entityId: account.email,
    ip,
  });
}

/** Whether this browser's device cookie belongs to the account (and touches it). */
export async function isKnownDevice(db: Db, userId: string, token: string): Promise<boolean> {
  const [row] = await db
    .update(knownDevices)
    .set({ last_used_at: new Date() })
    .where(and(eq(knownDevices.token_hash, hashToken(token)), eq(knownDevices.user_id, userId)))
    .returning({ user_id: knownDevices.user_id });
  return row !== undefined;
}
