// "Esqueci minha senha": the link by e-mail and the new password.
import { eq, sql } from 'drizzle-orm';
import { accountMessages, signUpErrors, paths, pathWithQuery } from '@urbana/shared';
import { profiles, sessions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, isCommonPassword } from '../../lib/passwords.ts';
import { audit } from '../audit.ts';
import { emailTemplates } from '../messaging/email-templates.ts';
import { voidAccountLinks } from './account-links.ts';
import {
  type AuthDeps,
  type RequestContext,
  RESET_TTL_MS,
  emailLimits,
  enforceEmailLimit,
  issueToken,
  consumeToken,
  isLiveToken,
} from './tokens.ts';

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
  const url = `${deps.config.publicUrl}${pathWithQuery(paths.redefinirSenha, {}, { token })}`;
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
  // A dead link costs no password hash; the hash is made before the transaction, which then only
  // writes: the link is spent together with the new password and its audit entry, or not at all.
  if (!(await isLiveToken(deps.db, input.token, 'password_reset')))
    throw new AppError(400, accountMessages.resetLinkInvalid);
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    const owner = await consumeToken(tx, input.token, 'password_reset');
    if (!owner) throw new AppError(400, accountMessages.resetLinkInvalid);
    // The link proves the mailbox, so it also confirms the e-mail; every old session ends, and every
    // other link of the account stops working (issue #39 item 3).
    await tx
      .update(profiles)
      .set({
        password_hash: passwordHash,
        email_confirmed_at: sql`coalesce(${profiles.email_confirmed_at}, now())`,
      })
      .where(eq(profiles.id, owner));
    await tx.delete(sessions).where(eq(sessions.user_id, owner));
    await voidAccountLinks(tx, owner);
    await audit(tx, {
      actorId: owner,
      action: 'senha.redefinida',
      entity: 'profile',
      entityId: owner,
      ip: ctx.ip,
    });
  });
}
