import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { SCHEDULED_NOT_FOUND, type AudienceSegment } from '@urbana/shared';
import type { Db, Tx } from '../../db/client.ts';
import { emailLog, profiles, scheduledEmails } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { audit, auditUpdate } from '../audit.ts';
import { emailTemplates } from './email-templates.ts';
import { unsubscribeUrl, withUnsubscribeLink } from './email-unsubscribe.ts';
import { segmentCondition } from './notifications.ts';

export const SCHEDULED_LOCKED = 'Este email já foi enviado ou cancelado e não pode mais ser alterado.';
export const SCHEDULED_IN_PAST = 'Escolha uma data e hora no futuro.';

export interface ScheduledInput {
  segment: AudienceSegment;
  user_id?: string | null | undefined;
  subject: string;
  body: string;
  send_at: string;
}

async function checkInput(db: Db, input: ScheduledInput) {
  const at = new Date(input.send_at);
  if (at.getTime() < Date.now() - 60_000) throw new AppError(400, SCHEDULED_IN_PAST);
  if (input.segment === 'usuario') {
    const user = await db.query.profiles.findFirst({ where: eq(profiles.id, input.user_id!) });
    if (!user) throw new AppError(400, 'Usuário não encontrado.');
  }
  return {
    segment: input.segment,
    target_user_id: input.segment === 'usuario' ? input.user_id! : null,
    subject: input.subject,
    body: input.body,
    send_at: at,
  };
}

type Target = { id: string; email: string; nome_completo: string; tipo_usuario: string };

/** The users the rows are addressed to, by id (a deleted account keeps its anonymised row). */
async function targetsOf(db: Db | Tx, rows: Array<typeof scheduledEmails.$inferSelect>) {
  const ids = [...new Set(rows.flatMap((r) => (r.target_user_id ? [r.target_user_id] : [])))];
  const found = ids.length
    ? await db
        .select({
          id: profiles.id,
          email: profiles.email,
          nome_completo: sql<string>`coalesce(nullif(${profiles.nome_completo}, ''), ${profiles.nome}, '')`,
          tipo_usuario: profiles.tipo_usuario,
        })
        .from(profiles)
        .where(inArray(profiles.id, ids))
    : [];
  return new Map<string, Target>(found.map((t) => [t.id, t]));
}

async function outWithTarget(db: Db | Tx, row: typeof scheduledEmails.$inferSelect) {
  return out(row, (await targetsOf(db, [row])).get(row.target_user_id ?? '') ?? null);
}

function out(
  row: typeof scheduledEmails.$inferSelect,
  target: Target | null,
  stats?: Record<string, number>,
) {
  return {
    id: row.id,
    segment: row.segment,
    target_user_id: row.target_user_id,
    target_user: target,
    subject: row.subject,
    body: row.body,
    send_at: row.send_at.toISOString(),
    status: row.status,
    recipients: row.recipients,
    processed_at: row.processed_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    sent: stats?.enviado ?? 0,
    failed: stats?.falhou ?? 0,
    pending: stats?.pendente ?? 0,
    logged: stats?.registrado ?? 0,
  };
}

export async function createScheduledEmail(
  db: Db,
  actorId: string,
  input: ScheduledInput,
  ip: string | null,
) {
  const values = await checkInput(db, input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(scheduledEmails)
      .values({ ...values, created_by: actorId })
      .returning();
    await audit(tx, {
      actorId,
      action: 'email_agendado.criado',
      entity: 'scheduled_email',
      entityId: row!.id,
      after: { ...values, send_at: values.send_at.toISOString() },
      ip,
    });
    return outWithTarget(tx, row!);
  });
}

export async function updateScheduledEmail(
  db: Db,
  actorId: string,
  id: string,
  input: ScheduledInput,
  ip: string | null,
) {
  const values = await checkInput(db, input);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(scheduledEmails).where(eq(scheduledEmails.id, id)).for('update');
    if (!row) throw new AppError(404, SCHEDULED_NOT_FOUND);
    if (row.status !== 'agendado') throw new AppError(409, SCHEDULED_LOCKED);
    const [updated] = await tx
      .update(scheduledEmails)
      .set({ ...values, updated_at: new Date() })
      .where(eq(scheduledEmails.id, id))
      .returning();
    await auditUpdate(tx, {
      actorId,
      action: 'email_agendado.editado',
      entity: 'scheduled_email',
      entityId: id,
      before: { subject: row.subject, segment: row.segment, send_at: row.send_at.toISOString() },
      after: { subject: values.subject, segment: values.segment, send_at: values.send_at.toISOString() },
      ip,
    });
    return outWithTarget(tx, updated!);
  });
}

export async function cancelScheduledEmail(db: Db, actorId: string, id: string, ip: string | null) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(scheduledEmails).where(eq(scheduledEmails.id, id)).for('update');
    if (!row) throw new AppError(404, SCHEDULED_NOT_FOUND);
    if (row.status !== 'agendado') throw new AppError(409, SCHEDULED_LOCKED);
    const [updated] = await tx
      .update(scheduledEmails)
      .set({ status: 'cancelado', updated_at: new Date() })
      .where(eq(scheduledEmails.id, id))
      .returning();
    await audit(tx, {
      actorId,
      action: 'email_agendado.cancelado',
      entity: 'scheduled_email',
      entityId: id,
      before: { status: row.status },
      after: { status: 'cancelado' },
      ip,
    });
    return outWithTarget(tx, updated!);
  });
}

/** Scheduled e-mails, newest send time first, with the delivery counts of those already sent. */
export async function listScheduledEmails(db: Db, page: number, pageSize: number) {
  const [total] = await db.select({ n: count() }).from(scheduledEmails);
  const rows = await db
    .select()
    .from(scheduledEmails)
    .orderBy(desc(scheduledEmails.send_at))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const ids = rows.map((r) => r.id);
  const stats = ids.length
    ? await db
        .select({ id: emailLog.scheduled_email_id, status: emailLog.status, n: count() })
        .from(emailLog)
        .where(sql`${emailLog.scheduled_email_id} in ${ids}`)
        .groupBy(emailLog.scheduled_email_id, emailLog.status)
    : [];
  const targets = await targetsOf(db, rows);
  return {
    total: total?.n ?? 0,
    items: rows.map((r) =>
      out(
        r,
        targets.get(r.target_user_id ?? '') ?? null,
        Object.fromEntries(stats.filter((s) => s.id === r.id).map((s) => [s.status, s.n])),
      ),
    ),
  };
}

/**
 * The outbox worker's first step: each scheduled e-mail that fell due becomes one email_log row per
 * recipient, in one transaction with its status change. SKIP LOCKED lets several instances run it at
 * once without writing a scheduled e-mail's rows twice. Returns how many scheduled e-mails it released.
 */
export async function releaseDueScheduledEmails(db: Db, publicUrl: string): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(scheduledEmails)
      .where(and(eq(scheduledEmails.status, 'agendado'), sql`${scheduledEmails.send_at} <= now()`))
      .orderBy(scheduledEmails.send_at)
      .limit(5)
      .for('update', { skipLocked: true });
    for (const row of due) {
      const recipients = await tx
        .select({
          id: profiles.id,
          email: profiles.email,
          nome_completo: profiles.nome_completo,
          email_token: profiles.email_token,
        })
        .from(profiles)
        // News can be turned off (issue #24): only those who still want them, never deleted accounts.
        .where(
          and(
            segmentCondition(row.segment, row.target_user_id),
            eq(profiles.email_news, true),
            isNull(profiles.deleted_at),
          ),
        );
      for (let i = 0; i < recipients.length; i += 500) {
        await tx.insert(emailLog).values(
          recipients.slice(i, i + 500).map((p) => {
            const rendered = emailTemplates.scheduled({
              name: p.nome_completo,
              subject: row.subject,
              body: row.body,
              url: publicUrl,
            });
            const unsubscribe = unsubscribeUrl(publicUrl, p.email_token, 'novidades');
            const body = withUnsubscribeLink(rendered, unsubscribe);
            return {
              to_email: p.email,
              user_id: p.id,
              template: rendered.template,
              subject: rendered.subject,
              body_text: body.text,
              body_html: body.html,
              unsubscribe_url: unsubscribe,
              scheduled_email_id: row.id,
            };
          }),
        );
      }
      await tx
        .update(scheduledEmails)
        .set({
          status: 'enviado',
          recipients: recipients.length,
          processed_at: new Date(),
          updated_at: new Date(),
        })
        .where(eq(scheduledEmails.id, row.id));
    }
    return due.length;
  });
}
