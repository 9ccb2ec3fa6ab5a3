// What sign-up, sign-in and password reset share: the types, one-time tokens and per-e-mail limits.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { signInErrors } from '@urbana/shared';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { authTokens, type profiles } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { recentEvents } from '../audit.ts';
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

export function tooMany(retryAfterSeconds: number): AppError {
  return new AppError(429, signInErrors.tooManyRequests, {
    'retry-after': String(retryAfterSeconds),
  });
}

export async function enforceEmailLimit(db: Db, action: string, email: string, limit: EmailLimit) {
  const recent = await recentEvents(db, action, email, limit.windowMs);
  if (recent.count >= limit.max) throw tooMany(recent.retryAfterSeconds);
}

export async function issueToken(
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

/** Whether a single-use token is still live, without spending it. */
export async function isLiveToken(db: Db, token: string, kind: 'email_confirmation' | 'password_reset') {
  const row = await db.query.authTokens.findFirst({
    columns: { id: true },
    where: and(
      eq(authTokens.token_hash, hashToken(token)),
      eq(authTokens.kind, kind),
      isNull(authTokens.used_at),
      gt(authTokens.expires_at, new Date()),
    ),
  });
  return row !== undefined;
}

/** Marks a single-use token as used and returns its user, or null when invalid, used or expired. */
export async function consumeToken(
  db: Db | Tx,
  token: string,
  kind: 'email_confirmation' | 'password_reset',
) {
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
