// What a setting asks before it changes anything: the current password or a second-factor code. A
// wrong one counts toward the same per-account limit as a wrong sign-in (issue #39 item 4), so a
// stolen session cannot guess the password through "Trocar senha" where sign-in would stop it.
import { accountSettingsMessages, twoFactorMessages } from '@urbana/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { enforceGuessLimits, recordWrongGuess, type GuessContext } from '../auth/guess-limits.ts';
import type { ProfileRow } from '../auth/tokens.ts';
import { checkSecondFactor } from './second-factor.ts';

interface Deps {
  db: Db;
  config: Pick<Config, 'signInLimits'>;
}

/** Throws 429 while the account is throttled, 400 when the password is wrong (and counts it). */
export async function requireCurrentPassword(
  deps: Deps,
  user: Pick<ProfileRow, 'id' | 'email' | 'password_hash'>,
  password: string,
  ctx: GuessContext,
): Promise<void> {
  const account = { email: user.email, userId: user.id };
  await enforceGuessLimits(deps, account, ctx);
  if (await verifyPassword(user.password_hash, password)) return;
  await recordWrongGuess(deps.db, 'conta.senha_atual_errada', account, ctx.ip);
  throw new AppError(400, accountSettingsMessages.wrongPassword);
}

/** The same for a TOTP or recovery code asked by a setting (renewing the codes, turning it off). */
export async function requireSecondFactorCode(
  deps: Deps,
  user: Pick<ProfileRow, 'id' | 'email' | 'totp_secret' | 'totp_last_step'>,
  code: string,
  ctx: GuessContext,
): Promise<void> {
  const account = { email: user.email, userId: user.id };
  await enforceGuessLimits(deps, account, ctx);
  if (await checkSecondFactor(deps.db, user, code)) return;
  await recordWrongGuess(deps.db, 'dois_fatores.falha', account, ctx.ip);
  throw new AppError(400, twoFactorMessages.invalidCode);
}
