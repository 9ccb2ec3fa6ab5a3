import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { accountSettingsMessages, FISCAL_RETENTION_YEARS, formatDocument, formatPhone } from '@urbana/shared';
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
  inventoryHolds,
  knownDevices,
  media,
  mediaPlans,
  notificationBroadcasts,
  notifications,
  orderLimitExemptions,
  orders,
  paymentEvents,
  profiles,
  proposals,
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
import { processFileDeletions, queueFileDeletions } from '../files/file-deletions.ts';
import { freeHoldSlots } from '../inventory/holds.ts';
import type { Storage } from '../storage.ts';
import { requireCurrentPassword } from './reauthenticate.ts';

/**
 * What an order keeps of its billing data once the account is gone: the city, and what fiscal law
 * requires on its invoice — the buyer's legal name and CPF/CNPJ — until the retention ends (issue #42
 * item 6; `purgeExpiredFiscalData` removes them then). No address, phone or e-mail.
 */
const keptBilling = sql`jsonb_build_object(
  'anonimizado', true,
  'person_type', ${orders.billing}->'person_type',
  'name', ${orders.billing}->'name',
  'document', ${orders.billing}->'document',
  'retencao_fiscal_ate', make_date(extract(year from ${orders.created_at} at time zone 'America/Sao_Paulo')::int + ${FISCAL_RETENTION_YEARS + 1}, 1, 1),
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
  await deps.db.transaction(async (tx) => {
    // Queued in this transaction: a process killed after the commit leaves the queue, not the files.
    await queueFileDeletions(tx, await filesOf(tx, userId));
    const personal = await personalTexts(tx, userId, user);
    await removeOwnedRows(tx, userId, user.email);
    await scrubKeptRows(tx, userId, user.email, personal);
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
  });
  // At once; what fails (or a kill) is left to the worker that empties the queue.
  await processFileDeletions(deps).catch(() => undefined);
}

/**
 * The person's own words that other rows may repeat: full name, e-mail, phone and CPF/CNPJ as stored
 * and as shown. Single words are left out ("Ana" would scrub "Ananindeua" from a product).
 */
async function personalTexts(
  tx: Tx,
  userId: string,
  user: {
    email: string;
    nome_completo: string;
    telefone: string | null;
    nome: string | null;
    empresa: string | null;
  },
): Promise<string[]> {
  const [billing] = await tx
    .select({ name: billingProfiles.name, document: billingProfiles.document, phone: billingProfiles.phone })
    .from(billingProfiles)
    .where(eq(billingProfiles.user_id, userId));
  const texts = [user.email, user.nome_completo, user.nome, user.empresa, billing?.name];
  for (const phone of [user.telefone, billing?.phone]) if (phone) texts.push(phone, formatPhone(phone));
  if (billing?.document) texts.push(billing.document, formatDocument(billing.document));
  return [
    ...new Set(
      texts
        .map((t) => t?.trim() ?? '')
        .filter((t) => t.length >= 6 && (/\s|@/.test(t) || /\d{6}/.test(t) || /^\(\d/.test(t))),
    ),
  ];
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
    // A shared plan's link and its PDF answered anyone after the deletion (issue #39 item 2).
    mediaPlans,
    orderLimitExemptions,
  ])
    await tx.delete(table).where(eq(table.user_id, userId));
  // Reservas técnicas held for someone who no longer exists give their slots back, without a reason
  // that may name the person; the rows stay for the inventory's history.
  const held = await tx
    .update(inventoryHolds)
    .set({
      reason: '',
      status: sql`case when ${inventoryHolds.status} = 'ativa' then 'liberada' else ${inventoryHolds.status} end`,
      released_at: sql`coalesce(${inventoryHolds.released_at}, now())`,
    })
    .where(eq(inventoryHolds.customer_id, userId))
    .returning({ id: inventoryHolds.id });
  await freeHoldSlots(
    tx,
    held.map((h) => h.id),
  );
  // Proposals not accepted die with the account; accepted ones stay with their orders, without notes.
  await tx
    .update(proposals)
    .set({ status: 'cancelada', note: '', updated_at: new Date() })
    .where(and(eq(proposals.customer_id, userId), inArray(proposals.status, ['rascunho', 'enviada'])));
  await tx.update(proposals).set({ note: '' }).where(eq(proposals.customer_id, userId));
  await tx
    .delete(supportTickets)
    .where(or(eq(supportTickets.user_id, userId), eq(supportTickets.email, email)));
  await tx.delete(emailLog).where(or(eq(emailLog.user_id, userId), eq(emailLog.to_email, email)));
  // Messages written to this one person may name them.
  await tx.delete(notificationBroadcasts).where(eq(notificationBroadcasts.target_user_id, userId));
  await tx.delete(scheduledEmails).where(eq(scheduledEmails.target_user_id, userId));
}

async function scrubKeptRows(tx: Tx, userId: string, email: string, personal: string[]) {
  const userOrders = tx.select({ id: orders.id }).from(orders).where(eq(orders.user_id, userId));
  await tx.update(orders).set({ billing: keptBilling, client_ip: null }).where(eq(orders.user_id, userId));
  await tx
    .update(paymentEvents)
    .set({ payload: sql`jsonb_build_object('anonimizado', true)` })
    .where(inArray(paymentEvents.order_id, userOrders));
  // The audit trail stays, pointing at the anonymous id, without the person's data.
  await tx.execute(sql`update audit_log set entity_id = ${userId} where entity_id = ${email}`);
  await tx.execute(sql`update audit_log set ip = null where actor_id = ${userId}`);
  for (const needle of personal) {
    const like = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    await tx.execute(sql`update audit_log set before = null where before::text ilike ${like}`);
    await tx.execute(sql`update audit_log set after = null where after::text ilike ${like}`);
  }
  await scrubFreeText(tx, personal);
}

/** Columns never scrubbed: the catalogue's, and the billing an order keeps for the fiscal retention. */
const NOT_SCRUBBED = new Set(['orders.billing', 'audit_log.before', 'audit_log.after']);
const CATALOGUE = new Set([
  'products',
  'towers',
  'product_photos',
  'network_type_stats',
  'network_city_stats',
]);

/**
 * What others wrote about the person — a staff notification naming them, a proposal's note, a hold's
 * reason, a message to the team — has the person's words replaced, in every text and JSON column of
 * every table (read from information_schema, so a table added later is covered), one UPDATE per table.
 */
async function scrubFreeText(tx: Tx, personal: string[]) {
  if (personal.length === 0) return;
  const pattern = personal.map((p) => p.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&')).join('|');
  const columns = await tx.execute<{ table_name: string; column_name: string; data_type: string }>(sql`
    select c.table_name, c.column_name, c.data_type from information_schema.columns c
    join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      and c.data_type in ('text', 'character varying', 'jsonb', 'json')
    order by c.table_name, c.ordinal_position`);
  const byTable = new Map<string, Array<{ column: string; type: string }>>();
  for (const { table_name, column_name, data_type } of columns.rows) {
    if (CATALOGUE.has(table_name) || NOT_SCRUBBED.has(`${table_name}.${column_name}`)) continue;
    const list = byTable.get(table_name) ?? [];
    list.push({ column: column_name, type: data_type });
    byTable.set(table_name, list);
  }
  for (const [table, cols] of byTable) {
    const sets = cols.map(({ column, type }) => {
      const col = sql.identifier(column);
      const replaced = sql`regexp_replace(${col}::text, ${pattern}, ${SCRUBBED}, 'gi')`;
      return sql`${col} = case when ${col}::text ~* ${pattern} then ${type.startsWith('json') ? sql`${replaced}::${sql.raw(type)}` : replaced} else ${col} end`;
    });
    const where = cols.map(({ column }) => sql`${sql.identifier(column)}::text ~* ${pattern}`);
    await tx.execute(
      sql`update ${sql.identifier(table)} set ${sql.join(sets, sql`, `)} where ${sql.join(where, sql` or `)}`,
    );
  }
}

const SCRUBBED = '[dado removido]';
