// "Esqueci minha senha": the link by e-mail and the new password.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { accountMessages, signUpErrors, paths, pathWithQuery } from '@urbana/shared';
import { authTokens, profiles, sessions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, isCommonPassword } from '../../lib/passwords.ts';
import { audit } from '../audit.ts';
import { emailTemplates } from '../messaging/email-templates.ts';
import {
  type AuthDeps,
  type RequestContext,
  RESET_TTL_MS,
  emailLimits,
  enforceEmailLimit,
  issueToken,
  consumeToken,
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
    await audit(tx, {
      actorId: userId,
      action: 'senha.redefinida',
      entity: 'profile',
      entityId: userId,
      ip: ctx.ip,
    });
  });
}
