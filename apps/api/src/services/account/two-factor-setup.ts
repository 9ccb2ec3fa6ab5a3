import { eq } from 'drizzle-orm';
import { loadQrCode } from '../../lib/heavy-modules.ts';
import { isAdmin, twoFactorMessages } from '@urbana/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { profiles, recoveryCodes } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newTotpSecret, otpauthUrl, verifyTotp } from '../../lib/totp.ts';
import { audit } from '../audit.ts';
import type { ProfileRow } from '../auth/index.ts';
import type { GuessContext } from '../auth/guess-limits.ts';
import { requireCurrentPassword, requireSecondFactorCode } from './reauthenticate.ts';
import { newRecoveryCodes, storeRecoveryCodes } from './second-factor.ts';

/** What every change of two-factor sign-in asks: the current password and a code (issue #39 item 5). */
interface Proof {
  password: string;
  code: string;
}

interface Deps {
  db: Db;
  config: Config;
}

/** Step 1: a new secret (kept pending until a code proves the app has it) and its QR code. */
export async function startTwoFactorSetup(deps: Deps, user: ProfileRow) {
  if (user.totp_enabled_at) throw new AppError(409, twoFactorMessages.alreadyEnabled);
  const secret = newTotpSecret();
  await deps.db.update(profiles).set({ totp_pending_secret: secret }).where(eq(profiles.id, user.id));
  const url = otpauthUrl(secret, user.email);
  const svg = await (await loadQrCode()).toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauth_url: url, qr_svg: svg };
}

/**
 * Step 2: the current password and the first code turn it on; ten recovery codes are returned once.
 * The password is asked so that a stolen session cannot bind the thief's authenticator.
 */
export async function enableTwoFactor(deps: Deps, user: ProfileRow, input: Proof, ctx: GuessContext) {
  const { ip } = ctx;
  if (user.totp_enabled_at) throw new AppError(409, twoFactorMessages.alreadyEnabled);
  const secret = user.totp_pending_secret;
  if (!secret) throw new AppError(400, twoFactorMessages.notStarted);
  await requireCurrentPassword(deps, user, input.password, ctx);
  const step = verifyTotp(secret, input.code);
  if (step === null) throw new AppError(400, twoFactorMessages.invalidCode);
  const codes = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(profiles)
      .set({
        totp_secret: secret,
        totp_pending_secret: null,
        totp_enabled_at: new Date(),
        totp_last_step: step,
      })
      .where(eq(profiles.id, user.id));
    await storeRecoveryCodes(tx, user.id, codes);
    await audit(tx, {
      actorId: user.id,
      action: 'dois_fatores.ativado',
      entity: 'profile',
      entityId: user.id,
      ip,
    });
  });
  return codes;
}

/** New recovery codes (the old ones stop working); the current password and a code are asked. */
export async function regenerateRecoveryCodes(deps: Deps, user: ProfileRow, input: Proof, ctx: GuessContext) {
  if (!user.totp_enabled_at) throw new AppError(400, twoFactorMessages.notStarted);
  // The password first: a wrong one must not spend the code (a recovery code is single use).
  await requireCurrentPassword(deps, user, input.password, ctx);
  await requireSecondFactorCode(deps, user, input.code, ctx);
  const codes = newRecoveryCodes();
  await storeRecoveryCodes(deps.db, user.id, codes);
  return codes;
}

/** Turning it off asks for the password and a code; an admin cannot while it is required. */
export async function disableTwoFactor(deps: Deps, user: ProfileRow, input: Proof, ctx: GuessContext) {
  const { ip } = ctx;
  if (deps.config.adminTwoFactorRequired && isAdmin(user, deps.config.adminEmails))
    throw new AppError(403, twoFactorMessages.adminCannotDisable);
  if (!user.totp_enabled_at) throw new AppError(400, twoFactorMessages.notStarted);
  await requireCurrentPassword(deps, user, input.password, ctx);
  await requireSecondFactorCode(deps, user, input.code, ctx);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(profiles)
      .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null })
      .where(eq(profiles.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, user.id));
    await audit(tx, {
      actorId: user.id,
      action: 'dois_fatores.desativado',
      entity: 'profile',
      entityId: user.id,
      ip,
    });
  });
}
