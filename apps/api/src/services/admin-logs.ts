import { and, count, desc, eq, gte, inArray, like, lt, sql, type SQL } from 'drizzle-orm';
import { staffAuditActions, type EmailStatus } from '@urbana/shared';
import type { Db } from '../db/client.ts';
import { auditLog, authTokens, emailLog, profiles } from '../db/schema/index.ts';
import { hashToken } from '../lib/tokens.ts';
import { AppError } from '../lib/errors.ts';
import type { ActorContext } from './admin.ts';
import { escapeLike, TZ } from './admin.ts';
import { audit } from './audit.ts';
import type { Outbox } from './messaging/outbox.ts';
import { textSearch } from '../db/search.ts';
import { withTargets } from './admin-log-targets.ts';

/** Start of a Brasília calendar day, and the start of the day after `to`. */
const dayStart = (d: string) => sql`(${d}::date::timestamp at time zone ${TZ})`;
const dayEnd = (d: string) => sql`((${d}::date + 1)::timestamp at time zone ${TZ})`;

export async function listEmails(
  db: Db,
  input: {
    q?: string | undefined;
    status?: EmailStatus | undefined;
    template?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
    dir: 'asc' | 'desc';
    page: number;
    pageSize: number;
  },
) {
  const conditions: SQL[] = [];
  const search = textSearch(input.q, [emailLog.to_email, emailLog.subject, emailLog.template]);
  if (search) conditions.push(search);
  if (input.status) conditions.push(eq(emailLog.status, input.status));
  if (input.template) conditions.push(eq(emailLog.template, input.template));
  if (input.from) conditions.push(gte(emailLog.created_at, dayStart(input.from)));
  if (input.to) conditions.push(lt(emailLog.created_at, dayEnd(input.to)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [total] = await db.select({ n: count() }).from(emailLog).where(where);
  const rows = await db
    .select({
      id: emailLog.id,
      to_email: emailLog.to_email,
      subject: emailLog.subject,
      template: emailLog.template,
      status: emailLog.status,
      attempts: emailLog.attempts,
      last_error: emailLog.last_error,
      send_after: emailLog.send_after,
      sent_at: emailLog.sent_at,
      resent_from_id: emailLog.resent_from_id,
      created_at: emailLog.created_at,
    })
    .from(emailLog)
    .where(where)
    .orderBy(input.dir === 'asc' ? emailLog.created_at : desc(emailLog.created_at), emailLog.id)
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const templates = await db
    .selectDistinct({ t: emailLog.template })
    .from(emailLog)
    .orderBy(emailLog.template);
  return {
    total: total?.n ?? 0,
    templates: templates.map((t) => t.t),
    items: rows.map((r) => ({
      ...r,
      send_after: r.send_after.toISOString(),
      sent_at: r.sent_at?.toISOString() ?? null,
      created_at: r.created_at.toISOString(),
    })),
  };
}

/**
 * The single-use link an e-mail carries (confirmation, password reset) and its state now: a resend
 * repeats the same link, so staff are told when it was already used or has expired (issue #17 item 2).
 */
async function linkStateOf(db: Db, bodyText: string) {
  const token = /[?&]token=([A-Za-z0-9_-]{20,})/.exec(bodyText)?.[1];
  if (!token) return null;
  const row = await db.query.authTokens.findFirst({ where: eq(authTokens.token_hash, hashToken(token)) });
  if (!row) return null;
  if (row.used_at) return { state: 'usado' as const, at: row.used_at.toISOString() };
  if (row.expires_at <= new Date()) return { state: 'expirado' as const, at: row.expires_at.toISOString() };
  return { state: 'valido' as const, at: row.expires_at.toISOString() };
}

export async function emailDetail(db: Db, id: string) {
  const row = await db.query.emailLog.findFirst({ where: eq(emailLog.id, id) });
  if (!row) throw new AppError(404, 'Email não encontrado.');
  return {
    resent_from_id: row.resent_from_id,
    single_use_link: await linkStateOf(db, row.body_text),
    id: row.id,
    to_email: row.to_email,
    subject: row.subject,
    template: row.template,
    status: row.status,
    attempts: row.attempts,
    last_error: row.last_error,
    body_text: row.body_text,
    body_html: row.body_html,
    send_after: row.send_after.toISOString(),
    sent_at: row.sent_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** Resending queues a new copy in the outbox (the log keeps both: what failed and what was sent). */
export async function resendEmail(deps: { db: Db; outbox: Outbox }, id: string, actor: ActorContext) {
  const newId = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(emailLog).where(eq(emailLog.id, id));
    if (!row) throw new AppError(404, 'Email não encontrado.');
    const copyId = await deps.outbox.enqueue(tx, {
      to: row.to_email,
      userId: row.user_id,
      template: row.template,
      subject: row.subject,
      text: row.body_text,
      html: row.body_html,
    });
    // Marked as a copy, so the log can label it "Reenvio".
    await tx.update(emailLog).set({ resent_from_id: row.id }).where(eq(emailLog.id, copyId));
    await audit(tx, {
      actorId: actor.actorId,
      action: 'email.reenviado',
      entity: 'email',
      entityId: id,
      after: { copy_id: copyId, to: row.to_email, template: row.template },
      ip: actor.ip,
    });
    return copyId;
  });
  void deps.outbox.kick();
  return emailDetail(deps.db, newId);
}

export async function listAudit(
  db: Db,
  input: {
    q?: string | undefined;
    actor?: string | undefined;
    action?: string | undefined;
    kind?: 'equipe' | 'acesso' | undefined;
    from?: string | undefined;
    to?: string | undefined;
    dir: 'asc' | 'desc';
    page: number;
    pageSize: number;
  },
) {
  const conditions: SQL[] = [];
  const actor = textSearch(input.actor, [profiles.email, profiles.nome_completo]);
  if (actor) conditions.push(actor);
  const search = textSearch(input.q, [auditLog.entity_id, auditLog.action]);
  if (search) conditions.push(search);
  if (input.action) {
    // "login" matches every sign-in event; "produto.criado" one action.
    conditions.push(
      input.action.includes('.')
        ? eq(auditLog.action, input.action)
        : like(auditLog.action, `${escapeLike(input.action)}.%`),
    );
  }
  if (input.kind === 'acesso') conditions.push(like(auditLog.action, 'login.%'));
  // Only what the panel does: the shared list of staff action codes, so a customer's own steps
  // (sign-ins, sign-ups, an ad sent for review) never show up here (docs/decisions/028-readable-audit-log.md).
  if (input.kind === 'equipe') conditions.push(inArray(auditLog.action, [...staffAuditActions]));
  if (input.from) conditions.push(gte(auditLog.created_at, dayStart(input.from)));
  if (input.to) conditions.push(lt(auditLog.created_at, dayEnd(input.to)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [total] = await db
    .select({ n: count() })
    .from(auditLog)
    .leftJoin(profiles, eq(profiles.id, auditLog.actor_id))
    .where(where);
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      entity: auditLog.entity,
      entity_id: auditLog.entity_id,
      before: auditLog.before,
      after: auditLog.after,
      ip: auditLog.ip,
      created_at: auditLog.created_at,
      actor_id: auditLog.actor_id,
      actor_email: profiles.email,
      actor_name: profiles.nome_completo,
    })
    .from(auditLog)
    .leftJoin(profiles, eq(profiles.id, auditLog.actor_id))
    .where(where)
    .orderBy(input.dir === 'asc' ? auditLog.created_at : desc(auditLog.created_at), auditLog.id)
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const actions = await db.selectDistinct({ a: auditLog.action }).from(auditLog).orderBy(auditLog.action);
  return {
    total: total?.n ?? 0,
    actions: actions.map((a) => a.a),
    items: await withTargets(db, rows),
  };
}
