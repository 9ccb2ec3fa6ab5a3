import { accountSettingsMessages } from '@urbana/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { audit, recentEvents } from '../audit.ts';
import { tooMany, type ProfileRow } from '../auth/index.ts';

/**
 * The current password asked again by a signed-in change (e-mail, password, two-factor). A wrong
 * one is a sign-in failure (`login.falha` of the account's e-mail) and the per-(e-mail, IP) limit of
 * the sign-in holds here too, so that a stolen session cannot guess the password through these forms
 * faster than through the sign-in (issue #39 item 5, docs/decisions/071-account-links.md).
 */
export async function confirmCurrentPassword(
  deps: { db: Db; config: Config },
  user: ProfileRow,
  password: string,
  ip: string,
) {
  const limit = deps.config.signInLimits.pair;
  const pair = await recentEvents(deps.db, 'login.falha', user.email, limit.windowMs, ip);
  if (pair.count >= limit.max) throw tooMany(pair.retryAfterSeconds);
  if (await verifyPassword(user.password_hash, password)) return;
  await audit(deps.db, {
    actorId: user.id,
    action: 'login.falha',
    entity: 'profile',
    entityId: user.email,
    ip,
    after: { onde: 'conta' },
  });
  throw new AppError(400, accountSettingsMessages.wrongPassword);
}
