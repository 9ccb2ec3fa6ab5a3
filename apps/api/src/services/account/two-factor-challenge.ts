import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { twoFactorMessages } from '@urbana/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { profiles, twoFactorChallenges } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { audit } from '../audit.ts';
import { enforceGuessLimits, recordWrongGuess, type GuessContext } from '../auth/guess-limits.ts';
import { checkSecondFactor } from './second-factor.ts';

export const CHALLENGE_TTL_MS = 5 * 60_000;
export const CHALLENGE_MAX_ATTEMPTS = 5;

export interface TwoFactorChallenge {
  challenge: string;
  expiresAt: Date;
}

/** After a right password on an account with two-factor sign-in: a single-use, short-lived ticket. */
export async function createTwoFactorChallenge(db: Db, userId: string): Promise<TwoFactorChallenge> {
  const challenge = newToken();
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
  await db
    .insert(twoFactorChallenges)
    .values({ user_id: userId, token_hash: hashToken(challenge), expires_at: expiresAt });
  return { challenge, expiresAt };
}

/**
 * The second step of a sign-in: the challenge must be live (5 minutes, 5 attempts, single use) and
 * the code right. A wrong code counts toward the account's sign-in limits, and a throttled account
 * is refused before its code is looked at (issue #39 item 4): five attempts a challenge alone would let
 * anyone with the password open challenges from many addresses and keep guessing. Returns the user,
 * or throws with a Portuguese message.
 */
export async function passTwoFactorChallenge(
  deps: { db: Db; config: Pick<Config, 'signInLimits'> },
  input: { challenge: string; code: string },
  ctx: GuessContext,
) {
  const { db } = deps;
  // Each try spends one attempt first, so parallel guesses cannot exceed the limit.
  const [row] = await db
    .update(twoFactorChallenges)
    .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
    .where(
      and(
        eq(twoFactorChallenges.token_hash, hashToken(input.challenge)),
        isNull(twoFactorChallenges.used_at),
        gt(twoFactorChallenges.expires_at, new Date()),
        sql`${twoFactorChallenges.attempts} < ${CHALLENGE_MAX_ATTEMPTS}`,
      ),
    )
    .returning();
  if (!row) throw new AppError(401, twoFactorMessages.challengeExpired);
  const user = await db.query.profiles.findFirst({ where: eq(profiles.id, row.user_id) });
  if (!user || user.blocked_at || user.deleted_at)
    throw new AppError(401, twoFactorMessages.challengeExpired);
  await enforceGuessLimits(deps, { email: user.email, userId: user.id }, ctx);
  const kind = await checkSecondFactor(db, user, input.code);
  if (!kind) {
    await recordWrongGuess(db, 'dois_fatores.falha', { email: user.email, userId: user.id }, ctx.ip);
    throw new AppError(400, twoFactorMessages.invalidCode);
  }
  await db.update(twoFactorChallenges).set({ used_at: new Date() }).where(eq(twoFactorChallenges.id, row.id));
  if (kind === 'recovery')
    await audit(db, {
      actorId: user.id,
      action: 'dois_fatores.codigo_recuperacao',
      entity: 'profile',
      entityId: user.id,
      ip: ctx.ip,
    });
  return { user, kind };
}
