import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { accountSettingsMessages } from '@urbana/shared';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  ads,
  authTokens,
  billingProfiles,
  checkoutRefusals,
  dataExports,
  emailChanges,
  emailLog,
  knownDevices,
  media,
  notificationBroadcasts,
  notifications,
  orders,
  paymentEvents,
  profiles,
  recoveryCodes,
  scheduledEmails,
  sessions,
  supportTickets,
  twoFactorChallenges,
  userCart,
  userFavorites,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { audit } from '../audit.ts';
import type { Storage } from '../storage.ts';
import { requireCurrentPassword } from './reauthenticate.ts';

/** What an order keeps of its billing data once the account is gone: no name, document or contact. */
const keptBilling = sql`jsonb_build_object(
  'anonimizado', true,
  'person_type', ${orders.billing}->'person_type',
  'city', ${orders.billing}->'city',
  'state', ${orders.billing}->'state')`;

/**
 * Removes or anonymises a person's data at once (issue #24 item 3, decision 031). Kept: the orders and
 * invoices (fiscal retention, CTN art. 173/195) with amounts, dates and the city of billing, tied to an
 * anonymous profile row; gone: name, e-mail, phone, CPF/CNPJ, addresses, sessions, files, messages.
 */
export async function deleteAccount(
  deps: { db: Db; storage: Storage; config: Pick<Config, 'signInLimits'> },
  userId: string,
  ctx: { actorId: string; ip: string; password?: string; deviceToken?: string | undefined },
) {
  const user = await deps.db.query.profiles.findFirst({ where: eq(profiles.id, userId) });
  if (!user || user.deleted_at) throw new AppError(404, accountSettingsMessages.userNotFound);
  const self = ctx.actorId === userId;
  if (self) await requireCurrentPassword(deps, user, ctx.password ?? '', ctx);
  if (user.tipo_usuario !== 'cliente') throw new AppError(409, accountSettingsMessages.cannotDeleteStaff);
  const files = await deps.db.transaction(async (tx) => {
    const keys = await filesOf(tx, userId);
    await removeOwnedRows(tx, userId, user.email);
    await scrubKeptRows(tx, userId, [user.email, user.nome_completo, user.telefone, user.nome, user.empresa]);
    await tx
      .update(profiles)
      .set({
        email: `excluido-${userId}@conta-excluida.invalid`,
        nome_completo: '',
        nome: null,
        empresa: null,
        telefone: null,
        password_hash: null,
        google_sub: null,
        totp_secret: null,
        totp_pending_secret: null,
        totp_enabled_at: null,
        email_confirmed_at: null,
        email_alerts: false,
        email_news: false,
        email_token: sql`gen_random_uuid()`,
        deleted_at: new Date(),
        blocked_at: new Date(),
        updated_at: new Date(),
      })
      .where(eq(profiles.id, userId));
    await audit(tx, {
      actorId: self ? null : ctx.actorId,
      action: self ? 'conta.excluida' : 'usuario.excluido',
      entity: 'profile',
      entityId: userId,
      // The staff member's IP is kept; the person who left is not tracked.
      ip: self ? null : ctx.ip,
    });
    return keys;
  });
  // Files go after the commit: a rollback must not leave rows pointing at deleted files.
  for (const key of files) await deps.storage.delete(key).catch(() => undefined);
}

async function filesOf(tx: Tx, userId: string): Promise<string[]> {
  const mediaRows = await tx
    .select({ key: media.storage_key, thumb: media.thumb_key })
    .from(media)
    .where(eq(media.user_id, userId));
  const exportRows = await tx
    .select({ key: dataExports.storage_key })
    .from(dataExports)
    .where(and(eq(dataExports.user_id, userId), isNotNull(dataExports.storage_key)));
  return [...mediaRows.flatMap((m) => [m.key, m.thumb]), ...exportRows.map((e) => e.key)].filter(
    (k): k is string => Boolean(k),
  );
}

async function removeOwnedRows(tx: Tx, userId: string, email: string) {
  for (const table of [
    sessions,
    authTokens,
    emailChanges,
    recoveryCodes,
    twoFactorChallenges,
    knownDevices,
    userCart,
    userFavorites,
    billingProfiles,
    notifications,
    checkoutRefusals,
    dataExports,
    ads,
    media,
  ])
    await tx.delete(table).where(eq(table.user_id, userId));
  await tx
    .delete(supportTickets)
    .where(or(eq(supportTickets.user_id, userId), eq(supportTickets.email, email)));
  await tx.delete(emailLog).where(or(eq(emailLog.user_id, userId), eq(emailLog.to_email, email)));
  // Messages written to this one person may name them.
  await tx.delete(notificationBroadcasts).where(eq(notificationBroadcasts.target_user_id, userId));
  await tx.delete(scheduledEmails).where(eq(scheduledEmails.target_user_id, userId));
}

async function scrubKeptRows(tx: Tx, userId: string, personal: Array<string | null>) {
  const userOrders = tx.select({ id: orders.id }).from(orders).where(eq(orders.user_id, userId));
  await tx.update(orders).set({ billing: keptBilling, client_ip: null }).where(eq(orders.user_id, userId));
  await tx
    .update(paymentEvents)
    .set({ payload: sql`jsonb_build_object('anonimizado', true)` })
    .where(inArray(paymentEvents.order_id, userOrders));
  // The audit trail stays, pointing at the anonymous id, without the person's data.
  const needles = personal.filter((p): p is string => Boolean(p && p.trim().length >= 3));
  await tx.execute(sql`update audit_log set entity_id = ${userId} where entity_id = ${personal[0]}`);
  await tx.execute(sql`update audit_log set ip = null where actor_id = ${userId}`);
  for (const needle of needles) {
    const like = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    await tx.execute(sql`update audit_log set before = null where before::text ilike ${like}`);
    await tx.execute(sql`update audit_log set after = null where after::text ilike ${like}`);
  }
}
