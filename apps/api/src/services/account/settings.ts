import { and, desc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { accountSettingsMessages, paths, TERMS_VERSION, type EmailCategory } from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { emailChanges, profiles, sessions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, isCommonPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { audit, auditUpdate } from '../audit.ts';
import type { GuessContext } from '../auth/guess-limits.ts';
import { voidAccountLinks, type AuthDeps, type ProfileRow } from '../auth/index.ts';
import { accountEmails } from './account-emails.ts';
import { requireCurrentPassword } from './reauthenticate.ts';

export const EMAIL_CHANGE_TTL_MS = 24 * 3600_000;

/**
 * Name, company and phone (PATCH /api/account/profile and /api/profile). The change and its audit entry
 * commit together: an entry that cannot be written undoes the change (issue #39 item 9).
 */
export async function updateAccount(
  db: Db,
  user: ProfileRow,
  input: { nome_completo: string; empresa: string | null; telefone: string | null },
  ip: string,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set({ ...input, updated_at: new Date() })
      .where(eq(profiles.id, user.id))
      .returning();
    await auditUpdate(tx, {
      actorId: user.id,
      action: 'conta.dados_alterados',
      entity: 'profile',
      entityId: user.id,
      ip,
      before: { nome_completo: user.nome_completo, empresa: user.empresa, telefone: user.telefone },
      after: input,
    });
    return row!;
  });
}

/**
 * A new e-mail takes effect only when the link sent to it and the link sent to the address in use are
 * both opened (issue #39 item 3): a password known to an intruder is not enough to move the account
 * to the intruder's mailbox (docs/decisions/071-account-links.md).
 */
export async function requestEmailChange(
  deps: AuthDeps,
  user: ProfileRow,
  input: { email: string; password: string },
  ctx: GuessContext,
) {
  const { ip } = ctx;
  await requireCurrentPassword(deps, user, input.password, ctx);
  if (input.email === user.email) throw new AppError(400, accountSettingsMessages.emailChangeSame);
  const taken = await deps.db.query.profiles.findFirst({ where: eq(profiles.email, input.email) });
  if (taken) throw new AppError(409, accountSettingsMessages.emailTaken);
  const toNew = newToken();
  const toOld = newToken();
  const link = (token: string) => `${deps.config.publicUrl}${paths.confirmarNovoEmail}?token=${token}`;
  await deps.db.transaction(async (tx) => {
    // Only the newest request counts.
    await tx.delete(emailChanges).where(and(eq(emailChanges.user_id, user.id), isNull(emailChanges.used_at)));
    await tx.insert(emailChanges).values({
      user_id: user.id,
      new_email: input.email,
      token_hash: hashToken(toNew),
      old_token_hash: hashToken(toOld),
      expires_at: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
    });
    await deps.outbox.enqueue(tx, {
      to: input.email,
      userId: user.id,
      ...accountEmails.emailChangeConfirm(user.nome_completo, input.email, link(toNew)),
    });
    await deps.outbox.enqueue(tx, {
      to: user.email,
      userId: user.id,
      ...accountEmails.emailChangeApprove(user.nome_completo, input.email, link(toOld)),
    });
    await audit(tx, {
      actorId: user.id,
      action: 'conta.email_troca_pedida',
      entity: 'profile',
      entityId: user.id,
      ip,
    });
  });
  void deps.outbox.kick();
}

export async function pendingEmail(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: emailChanges.new_email })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.user_id, userId),
        isNull(emailChanges.used_at),
        gt(emailChanges.expires_at, new Date()),
      ),
    )
    .orderBy(desc(emailChanges.created_at))
    .limit(1);
  return row?.email ?? null;
}

/** What opening one link of an e-mail change did: the change is done, or the other link is missing. */
export type EmailChangeStep = 'done' | 'needs_current' | 'needs_new';

/**
 * Opens one of the two links of an e-mail change (either order). The row lock of the update makes the
 * second of two simultaneous openings see the first, so the change is applied exactly once.
 */
export async function confirmEmailChange(db: Db, token: string, ip: string): Promise<EmailChangeStep> {
  const hash = hashToken(token);
  return db.transaction(async (tx) => {
    const [change] = await tx
      .update(emailChanges)
      .set({
        new_confirmed_at: sql`case when ${emailChanges.token_hash} = ${hash} then now() else ${emailChanges.new_confirmed_at} end`,
        old_confirmed_at: sql`case when ${emailChanges.old_token_hash} = ${hash} then now() else ${emailChanges.old_confirmed_at} end`,
      })
      .where(
        and(
          or(eq(emailChanges.token_hash, hash), eq(emailChanges.old_token_hash, hash)),
          isNull(emailChanges.used_at),
          gt(emailChanges.expires_at, new Date()),
        ),
      )
      .returning();
    if (!change) throw new AppError(400, accountSettingsMessages.emailChangeInvalid);
    if (!change.old_confirmed_at) return 'needs_current';
    if (!change.new_confirmed_at) return 'needs_new';
    const taken = await tx.query.profiles.findFirst({ where: eq(profiles.email, change.new_email) });
    if (taken) throw new AppError(409, accountSettingsMessages.emailTaken);
    await tx.update(emailChanges).set({ used_at: new Date() }).where(eq(emailChanges.id, change.id));
    await tx
      .update(profiles)
      .set({ email: change.new_email, email_confirmed_at: new Date(), updated_at: new Date() })
      .where(eq(profiles.id, change.user_id));
    await audit(tx, {
      actorId: change.user_id,
      action: 'conta.email_alterado',
      entity: 'profile',
      entityId: change.user_id,
      ip,
    });
    return 'done';
  });
}

/**
 * The current password is asked; every other session of the account ends and every link issued
 * before stops working (issue #39 item 3), so that the owner's new password also undoes an intruder's
 * pending e-mail change or password reset.
 */
export async function changePassword(
  deps: AuthDeps,
  user: ProfileRow,
  input: { current_password: string; new_password: string },
  ctx: GuessContext & { sessionId: string },
) {
  await requireCurrentPassword(deps, user, input.current_password, ctx);
  if (isCommonPassword(input.new_password))
    throw new AppError(400, 'Esta senha é muito comum. Escolha outra.');
  const passwordHash = await hashPassword(input.new_password);
  await deps.db.transaction(async (tx) => {
    await tx.update(profiles).set({ password_hash: passwordHash }).where(eq(profiles.id, user.id));
    await tx.delete(sessions).where(and(eq(sessions.user_id, user.id), ne(sessions.id, ctx.sessionId)));
    await voidAccountLinks(tx, user.id);
    await audit(tx, {
      actorId: user.id,
      action: 'senha.alterada',
      entity: 'profile',
      entityId: user.id,
      ip: ctx.ip,
    });
    await deps.outbox.enqueue(tx, {
      to: user.email,
      userId: user.id,
      ...accountEmails.passwordChangedNotice(user.nome_completo, `${deps.config.publicUrl}${paths.suporte}`),
    });
  });
  void deps.outbox.kick();
}

/** "Chrome no Windows" from a User-Agent, without a parser dependency. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Dispositivo desconhecido';
  const browser =
    [
      ['Edg/', 'Edge'],
      ['OPR/', 'Opera'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([needle]) => userAgent.includes(needle!))?.[1] ?? 'Navegador';
  const os =
    [
      ['Android', 'Android'],
      ['iPhone', 'iPhone'],
      ['iPad', 'iPad'],
      ['Windows', 'Windows'],
      ['Mac OS X', 'macOS'],
      ['Linux', 'Linux'],
    ].find(([needle]) => userAgent.includes(needle!))?.[1] ?? null;
  return os ? `${browser} no ${os}` : browser;
}

export async function listSessions(db: Db, userId: string, currentId: string) {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.user_id, userId), gt(sessions.expires_at, new Date())))
    .orderBy(desc(sessions.last_seen_at));
  return rows.map((s) => ({
    id: s.id,
    device: describeDevice(s.user_agent),
    ip: s.ip,
    created_at: s.created_at.toISOString(),
    last_seen_at: s.last_seen_at.toISOString(),
    current: s.id === currentId,
  }));
}

export async function endOtherSessions(db: Db, userId: string, currentId: string, ip: string) {
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(and(eq(sessions.user_id, userId), ne(sessions.id, currentId)));
    await audit(tx, {
      actorId: userId,
      action: 'conta.sessoes_encerradas',
      entity: 'profile',
      entityId: userId,
      ip,
    });
  });
}

export async function setEmailPreferences(
  db: Db,
  user: ProfileRow,
  prefs: { alerts: boolean; news: boolean },
  ip: string,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(profiles)
      .set({ email_alerts: prefs.alerts, email_news: prefs.news })
      .where(eq(profiles.id, user.id));
    await auditUpdate(tx, {
      actorId: user.id,
      action: 'conta.preferencias_email',
      entity: 'profile',
      entityId: user.id,
      ip,
      before: { alertas: user.email_alerts, novidades: user.email_news },
      after: { alertas: prefs.alerts, novidades: prefs.news },
    });
  });
}

/** The one-click link of an e-mail (or its List-Unsubscribe-Post): turns that category off. */
export async function unsubscribe(db: Db, token: string, category: EmailCategory, ip: string) {
  const uuid = /^[0-9a-f-]{36}$/i.test(token) ? token : null;
  if (!uuid) throw new AppError(400, accountSettingsMessages.unsubscribeInvalid);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set(category === 'alertas' ? { email_alerts: false } : { email_news: false })
      .where(eq(profiles.email_token, uuid))
      .returning({ id: profiles.id });
    if (!row) throw new AppError(400, accountSettingsMessages.unsubscribeInvalid);
    await audit(tx, {
      actorId: row.id,
      action: 'conta.descadastro_email',
      entity: 'profile',
      entityId: row.id,
      ip,
      after: { tipo: category },
    });
  });
}

export async function acceptTerms(db: Db, user: ProfileRow, version: string, ip: string) {
  if (version !== TERMS_VERSION) throw new AppError(409, accountSettingsMessages.termsOutdated);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set({ terms_version: TERMS_VERSION, terms_accepted_at: new Date() })
      .where(eq(profiles.id, user.id))
      .returning();
    await audit(tx, {
      actorId: user.id,
      action: 'conta.termos_aceitos',
      entity: 'profile',
      entityId: user.id,
      ip,
      after: { termos: TERMS_VERSION },
    });
    return row!;
  });
}
