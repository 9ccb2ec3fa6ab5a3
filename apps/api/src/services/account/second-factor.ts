import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, isNull, or, sql, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { profiles, recoveryCodes } from '../../db/schema/index.ts';
import { verifyTotp } from '../../lib/totp.ts';

export const RECOVERY_CODE_COUNT = 10;

/** Ten codes of ten letters and digits (xxxxx-xxxxx), about 50 bits each. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256')
    .update(code.replace(/[^a-z0-9]/gi, '').toLowerCase())
    .digest('hex');
}

export async function storeRecoveryCodes(executor: Db | Tx, userId: string, codes: string[]) {
  await executor.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
  await executor
    .insert(recoveryCodes)
    .values(codes.map((c) => ({ user_id: userId, code_hash: hashRecoveryCode(c) })));
}

export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.user_id, userId), isNull(recoveryCodes.used_at)));
  return row?.n ?? 0;
}

/**
 * Checks a second factor: a TOTP code of the account's secret (the step is stored, so the same code
 * is never accepted twice) or an unused recovery code (marked used in the same statement). Both are
 * conditional updates, so two requests racing with one code cannot both pass.
 */
export async function checkSecondFactor(
  db: Db | Tx,
  user: { id: string; totp_secret: string | null; totp_last_step: number | null },
  code: string,
): Promise<'totp' | 'recovery' | null> {
  if (user.totp_secret && /^\d{6}$/.test(code)) {
    const step = verifyTotp(user.totp_secret, code, { lastStep: user.totp_last_step });
    if (step === null) return null;
    const [taken] = await db
      .update(profiles)
      .set({ totp_last_step: step })
      .where(
        and(eq(profiles.id, user.id), or(isNull(profiles.totp_last_step), lt(profiles.totp_last_step, step))),
      )
      .returning({ id: profiles.id });
    return taken ? 'totp' : null;
  }
  const [used] = await db
    .update(recoveryCodes)
    .set({ used_at: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.user_id, user.id),
        eq(recoveryCodes.code_hash, hashRecoveryCode(code)),
        isNull(recoveryCodes.used_at),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used ? 'recovery' : null;
}
