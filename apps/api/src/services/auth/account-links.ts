import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { authTokens, emailChanges, twoFactorChallenges } from '../../db/schema/index.ts';

/**
 * Every outstanding link of the account stops working: sign-up confirmation and password-reset links,
 * both links of a pending e-mail change, and a sign-in that passed the old password and waits for its
 * second factor. Run in the transaction that writes a new password (change or reset), so that an
 * intruder's pending e-mail change cannot outlive the owner's new password (issue #39 item 3,
 * docs/decisions/071-account-links.md). Staff invitations are tied to an address, not an account.
 */
export async function voidAccountLinks(tx: Db | Tx, userId: string) {
  const now = new Date();
  await tx
    .update(authTokens)
    .set({ used_at: now })
    .where(and(eq(authTokens.user_id, userId), isNull(authTokens.used_at)));
  await tx
    .update(emailChanges)
    .set({ used_at: now })
    .where(and(eq(emailChanges.user_id, userId), isNull(emailChanges.used_at)));
  await tx
    .update(twoFactorChallenges)
    .set({ used_at: now })
    .where(and(eq(twoFactorChallenges.user_id, userId), isNull(twoFactorChallenges.used_at)));
}
