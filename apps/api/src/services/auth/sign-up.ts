// Creating an account and confirming its e-mail address.
import { eq, sql } from 'drizzle-orm';
import {
  accountMessages,
  accountSettingsMessages,
  signUpErrors,
  TERMS_VERSION,
  paths,
  pathWithQuery,
} from '@urbana/shared';
import { profiles } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, isCommonPassword } from '../../lib/passwords.ts';
import { audit } from '../audit.ts';
import { emailTemplates } from '../messaging/email-templates.ts';
import {
  type ProfileRow,
  type AuthDeps,
  type RequestContext,
  CONFIRMATION_TTL_MS,
  emailLimits,
  enforceEmailLimit,
  issueToken,
  consumeToken,
} from './tokens.ts';

export async function sendConfirmation(deps: AuthDeps, user: ProfileRow) {
  const token = await issueToken(deps.db, user.id, 'email_confirmation', CONFIRMATION_TTL_MS);
  const url = `${deps.config.publicUrl}${pathWithQuery(paths.confirmarEmail, {}, { token })}`;
  await deps.outbox.enqueue(deps.db, {
    to: user.email,
    userId: user.id,
    ...emailTemplates.confirmation(user.nome_completo, url),
  });
  void deps.outbox.kick();
}

export async function signUp(
  deps: AuthDeps,
  input: {
    email: string;
    password: string;
    nome_completo: string;
    telefone: string | null;
    terms_version?: string | undefined;
  },
  ctx: RequestContext,
): Promise<ProfileRow> {
  // The form shows the terms in force; one opened before a new version is asked to read it again.
  if (input.terms_version !== undefined && input.terms_version !== TERMS_VERSION)
    throw new AppError(409, accountSettingsMessages.termsOutdated);
  if (isCommonPassword(input.password)) throw new AppError(400, signUpErrors.weakPassword);
  const existing = await deps.db.query.profiles.findFirst({ where: eq(profiles.email, input.email) });
  if (existing) throw new AppError(409, signUpErrors.alreadyRegistered);
  const passwordHash = await hashPassword(input.password);
  // The account and its entry commit together (issue #39 item 9); the confirmation e-mail follows.
  const user = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(profiles)
      .values({
        email: input.email,
        nome_completo: input.nome_completo,
        telefone: input.telefone,
        // Specification §3 (docs/spec/specification.md): always cliente, whatever the request says.
        tipo_usuario: 'cliente',
        password_hash: passwordHash,
        // Creating the account is accepting the terms and privacy policy shown next to the button.
        terms_version: TERMS_VERSION,
        terms_accepted_at: new Date(),
      })
      .onConflictDoNothing({ target: profiles.email })
      .returning();
    // A concurrent sign-up with the same e-mail won the race.
    if (!row) throw new AppError(409, signUpErrors.alreadyRegistered);
    await audit(tx, {
      actorId: row.id,
      action: 'conta.cadastro',
      entity: 'profile',
      entityId: row.email,
      ip: ctx.ip,
      after: { termos: TERMS_VERSION },
    });
    return row;
  });
  await sendConfirmation(deps, user);
  return user;
}

export async function confirmEmail(deps: AuthDeps, token: string, ctx: RequestContext) {
  await deps.db.transaction(async (tx) => {
    const userId = await consumeToken(tx, token, 'email_confirmation');
    if (!userId) throw new AppError(400, accountMessages.confirmationLinkInvalid);
    const [user] = await tx
      .update(profiles)
      .set({ email_confirmed_at: sql`coalesce(${profiles.email_confirmed_at}, now())` })
      .where(eq(profiles.id, userId))
      .returning();
    await audit(tx, {
      actorId: userId,
      action: 'conta.email_confirmado',
      entity: 'profile',
      entityId: user?.email,
      ip: ctx.ip,
    });
  });
}

export async function resendConfirmation(deps: AuthDeps, email: string, ctx: RequestContext) {
  await enforceEmailLimit(deps.db, 'conta.reenvio_confirmacao', email, emailLimits.resendConfirmation);
  await audit(deps.db, {
    action: 'conta.reenvio_confirmacao',
    entity: 'profile',
    entityId: email,
    ip: ctx.ip,
  });
  const user = await deps.db.query.profiles.findFirst({ where: eq(profiles.email, email) });
  // The answer is the same whether or not the account exists or is confirmed.
  if (user && !user.email_confirmed_at && !user.blocked_at) await sendConfirmation(deps, user);
}
