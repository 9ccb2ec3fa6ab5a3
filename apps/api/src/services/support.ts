import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import {
  isStaff,
  paths,
  TICKET_NOT_FOUND,
  type TicketCategory,
  type TicketStatus,
  pathWithQuery,
} from '@urbana/shared';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { profiles, supportMessages, supportTickets } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { audit, auditUpdate } from './audit.ts';
import { emailTemplates } from './messaging/email-templates.ts';
import { notify, notifyStaff } from './messaging/notifications.ts';
import type { Outbox } from './messaging/outbox.ts';
import { textSearch } from '../db/search.ts';

/** A ticket's change of status told in a sentence, never its code (issue #16 item 15). */
const ticketStatusNotice: Record<TicketStatus, (code: string) => string> = {
  aberto: (code) => `O atendimento ${code} foi reaberto`,
  em_andamento: (code) => `A equipe está cuidando do atendimento ${code}`,
  resolvido: (code) => `O atendimento ${code} foi resolvido`,
  fechado: (code) => `O atendimento ${code} foi encerrado`,
};

export interface SupportDeps {
  db: Db;
  config: Config;
  outbox: Outbox;
}

interface Person {
  id: string;
  email: string;
  nome_completo: string;
  email_confirmed_at: Date | null;
}

export { TICKET_NOT_FOUND };
export const TICKET_CLOSED = 'Este atendimento foi encerrado. Abra um novo atendimento se precisar.';
export const VISITOR_NAME_REQUIRED = 'Informe seu nome.';
export const VISITOR_EMAIL_REQUIRED = 'Informe seu email para receber a resposta.';

function ticketCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `SUP-${Array.from(randomBytes(6), (b) => alphabet[b % alphabet.length]).join('')}`;
}

/**
 * The tickets a user owns: those opened while signed in, and those a visitor opened with the user's
 * (confirmed) e-mail — signing in with that address proves it is theirs (decision 015).
 */
function ownedBy(user: Person): SQL {
  const byEmail = user.email_confirmed_at
    ? and(isNull(supportTickets.user_id), eq(supportTickets.email, user.email))
    : undefined;
  return byEmail ? or(eq(supportTickets.user_id, user.id), byEmail)! : eq(supportTickets.user_id, user.id);
}

function ticketOut(t: typeof supportTickets.$inferSelect) {
  return {
    id: t.id,
    code: t.code,
    name: t.name,
    email: t.email,
    subject: t.subject,
    category: t.category as TicketCategory,
    status: t.status,
    assignee_id: t.assignee_id,
    created_at: t.created_at.toISOString(),
    last_message_at: t.last_message_at.toISOString(),
  };
}

async function thread(db: Db | Tx, ticketId: string) {
  const rows = await db
    .select({ message: supportMessages, author: profiles.nome_completo })
    .from(supportMessages)
    .leftJoin(profiles, eq(profiles.id, supportMessages.author_id))
    .where(eq(supportMessages.ticket_id, ticketId))
    .orderBy(asc(supportMessages.created_at), asc(supportMessages.id));
  return rows.map((r) => ({
    id: r.message.id,
    author_role: r.message.author_role,
    author_name:
      r.message.author_role === 'equipe' ? (r.author?.split(' ')[0] ?? 'Equipe') + ' (Urbana)' : null,
    body: r.message.body,
    created_at: r.message.created_at.toISOString(),
  }));
}

/** Opens a ticket from the contact form, with its first message and a confirmation e-mail. */
export async function openTicket(
  deps: SupportDeps,
  user: Person | null,
  input: {
    name?: string | undefined;
    email?: string | undefined;
    category: TicketCategory;
    subject: string;
    message: string;
  },
) {
  const name = (user ? user.nome_completo || input.name : input.name)?.trim() ?? '';
  const email = user ? user.email : input.email;
  if (!name) throw new AppError(400, VISITOR_NAME_REQUIRED);
  if (!email) throw new AppError(400, VISITOR_EMAIL_REQUIRED);
  const ticket = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportTickets)
      .values({
        code: ticketCode(),
        user_id: user?.id ?? null,
        name,
        email,
        category: input.category,
        subject: input.subject,
      })
      .returning();
    await tx.insert(supportMessages).values({
      ticket_id: row!.id,
      author_id: user?.id ?? null,
      author_role: 'cliente',
      body: input.message,
    });
    await notifyStaff(tx, {
      kind: 'atendimento_aberto',
      title: `Novo atendimento ${row!.code}: ${row!.subject}`,
      body: `${name} (${email}) abriu um atendimento.`,
      link: `${paths.admin.suporte}?q=${encodeURIComponent(row!.code)}`,
    });
    await deps.outbox.enqueue(tx, {
      to: email,
      userId: user?.id ?? null,
      ...emailTemplates.supportTicketOpened({
        name,
        code: row!.code,
        subject: row!.subject,
        url: `${deps.config.publicUrl}${paths.suporte}`,
      }),
    });
    return row!;
  });
  void deps.outbox.kick();
  return ticketOut(ticket);
}

export async function myTickets(db: Db, user: Person) {
  const rows = await db
    .select()
    .from(supportTickets)
    .where(ownedBy(user))
    .orderBy(desc(supportTickets.last_message_at))
    .limit(100);
  return rows.map(ticketOut);
}

export async function myTicket(db: Db, user: Person, id: string) {
  const row = await db.query.supportTickets.findFirst({
    where: and(eq(supportTickets.id, id), ownedBy(user)),
  });
  if (!row) throw new AppError(404, TICKET_NOT_FOUND);
  return { ...ticketOut(row), messages: await thread(db, row.id) };
}

/** The customer answers in their ticket; a resolved ticket opens again, a closed one refuses. */
export async function customerReply(deps: SupportDeps, user: Person, id: string, message: string) {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(supportTickets)
      .where(and(eq(supportTickets.id, id), ownedBy(user)))
      .for('update');
    if (!row) throw new AppError(404, TICKET_NOT_FOUND);
    if (row.status === 'fechado') throw new AppError(409, TICKET_CLOSED);
    await tx
      .insert(supportMessages)
      .values({ ticket_id: row.id, author_id: user.id, author_role: 'cliente', body: message });
    await tx
      .update(supportTickets)
      .set({
        user_id: user.id,
        status: row.status === 'resolvido' ? 'aberto' : row.status,
        last_message_at: new Date(),
        updated_at: new Date(),
      })
      .where(eq(supportTickets.id, row.id));
  });
  return myTicket(deps.db, user, id);
}

/** The account that follows a ticket: its opener, or the account with the visitor's confirmed e-mail. */
async function ticketOwner(tx: Tx, ticket: typeof supportTickets.$inferSelect) {
  if (ticket.user_id) return ticket.user_id;
  const owner = await tx.query.profiles.findFirst({
    where: and(eq(profiles.email, ticket.email), isNotNull(profiles.email_confirmed_at)),
  });
  return owner?.id ?? null;
}

// ---------- staff (/admin/suporte) ----------

export async function listTicketsForStaff(
  db: Db,
  filters: {
    status?: TicketStatus | undefined;
    q?: string | undefined;
    mine?: string | undefined;
    page: number;
    pageSize: number;
  },
) {
  const q = filters.q?.trim();
  const where = and(
    filters.status ? eq(supportTickets.status, filters.status) : undefined,
    filters.mine ? eq(supportTickets.assignee_id, filters.mine) : undefined,
    textSearch(q, [supportTickets.code, supportTickets.subject, supportTickets.email, supportTickets.name]),
  );
  const [total] = await db.select({ n: count() }).from(supportTickets).where(where);
  const rows = await db
    .select()
    .from(supportTickets)
    .where(where)
    .orderBy(desc(supportTickets.last_message_at))
    .limit(filters.pageSize)
    .offset((filters.page - 1) * filters.pageSize);
  const counts = await db
    .select({ status: supportTickets.status, n: count() })
    .from(supportTickets)
    .groupBy(supportTickets.status);
  return {
    total: total?.n ?? 0,
    counts: Object.fromEntries(counts.map((c) => [c.status, c.n])) as Partial<Record<TicketStatus, number>>,
    items: rows.map(ticketOut),
  };
}

export async function ticketForStaff(db: Db, id: string) {
  const row = await db.query.supportTickets.findFirst({ where: eq(supportTickets.id, id) });
  if (!row) throw new AppError(404, TICKET_NOT_FOUND);
  return { ...ticketOut(row), messages: await thread(db, row.id) };
}

/** Staff who can take tickets (for the assignment menu). */
export async function staffMembers(db: Db, adminEmails: readonly string[]) {
  const rows = await db
    .select({
      id: profiles.id,
      email: profiles.email,
      nome_completo: profiles.nome_completo,
      tipo_usuario: profiles.tipo_usuario,
    })
    .from(profiles)
    .where(and(inArray(profiles.tipo_usuario, ['operador', 'admin']), isNull(profiles.blocked_at)))
    .orderBy(asc(profiles.nome_completo));
  return rows
    .filter((r) => isStaff(r, adminEmails))
    .map((r) => ({ id: r.id, nome_completo: r.nome_completo || r.email }));
}

/**
 * Staff answer: the message, the ticket moves to "em andamento" (unless staff set another status), the
 * customer gets a notification (when the ticket belongs to an account) and an e-mail, all at once.
 */
export async function staffReply(
  deps: SupportDeps,
  staff: { id: string },
  id: string,
  message: string,
  ip: string | null,
) {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(supportTickets).where(eq(supportTickets.id, id)).for('update');
    if (!row) throw new AppError(404, TICKET_NOT_FOUND);
    await tx
      .insert(supportMessages)
      .values({ ticket_id: row.id, author_id: staff.id, author_role: 'equipe', body: message });
    const ownerId = await ticketOwner(tx, row);
    await tx
      .update(supportTickets)
      .set({
        status: row.status === 'aberto' ? 'em_andamento' : row.status,
        assignee_id: row.assignee_id ?? staff.id,
        user_id: ownerId,
        last_message_at: new Date(),
        updated_at: new Date(),
      })
      .where(eq(supportTickets.id, row.id));
    if (ownerId) {
      await notify(tx, {
        userId: ownerId,
        kind: 'suporte_resposta',
        title: `A equipe respondeu ao atendimento ${row.code}`,
        body: row.subject,
        link: pathWithQuery(paths.suporte, {}, { atendimento: row.id }),
      });
    }
    await deps.outbox.enqueue(tx, {
      to: row.email,
      userId: ownerId,
      ...emailTemplates.supportReply({
        name: row.name,
        code: row.code,
        subject: row.subject,
        reply: message,
        url: `${deps.config.publicUrl}${pathWithQuery(paths.suporte, {}, { atendimento: row.id })}`,
      }),
    });
    await audit(tx, {
      actorId: staff.id,
      action: 'suporte.resposta',
      entity: 'support_ticket',
      entityId: row.id,
      after: { code: row.code },
      ip,
    });
  });
  void deps.outbox.kick();
  return ticketForStaff(deps.db, id);
}

export const ASSIGNEE_INVALID = 'Escolha alguém da equipe como responsável.';

/** Status and assignment, written to the audit log with the before and after. */
export async function updateTicket(
  deps: SupportDeps,
  staff: { id: string },
  id: string,
  input: { status?: TicketStatus | undefined; assignee_id?: string | null | undefined },
  ip: string | null,
) {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(supportTickets).where(eq(supportTickets.id, id)).for('update');
    if (!row) throw new AppError(404, TICKET_NOT_FOUND);
    if (input.assignee_id) {
      const assignee = await tx.query.profiles.findFirst({ where: eq(profiles.id, input.assignee_id) });
      if (!assignee || !isStaff(assignee, deps.config.adminEmails) || assignee.blocked_at)
        throw new AppError(400, ASSIGNEE_INVALID);
    }
    const next = {
      status: input.status ?? row.status,
      assignee_id: input.assignee_id === undefined ? row.assignee_id : input.assignee_id,
    };
    await tx
      .update(supportTickets)
      .set({ ...next, updated_at: new Date() })
      .where(eq(supportTickets.id, row.id));
    await auditUpdate(tx, {
      actorId: staff.id,
      action: 'suporte.atualizacao',
      entity: 'support_ticket',
      entityId: row.id,
      before: { status: row.status, assignee_id: row.assignee_id },
      after: next,
      ip,
    });
    if (
      input.status &&
      input.status !== row.status &&
      (input.status === 'resolvido' || input.status === 'fechado')
    ) {
      const ownerId = await ticketOwner(tx, row);
      if (ownerId)
        await notify(tx, {
          userId: ownerId,
          kind: 'suporte_status',
          title: ticketStatusNotice[input.status](row.code),
          body: row.subject,
          link: pathWithQuery(paths.suporte, {}, { atendimento: row.id }),
        });
    }
  });
  return ticketForStaff(deps.db, id);
}
