import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  TIME_ZONE,
  todayInBrasilia,
  type UserType,
  type userSorts,
  type userStatuses,
} from '@urbana/shared';
import type { Db } from '../db/client.ts';
import { ads as adsTable, orders, products, profiles, sessions, supportTickets } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { audit } from './audit.ts';
import { sendConfirmation, userContact, type AuthDeps } from './auth/index.ts';
import { textSearch } from '../db/search.ts';
import { figuresWith, networkOccupancy, revenueTotals } from './figures.ts';
import { campaignQueue } from './campaigns/queue.ts';

/** Calendar days are Brasília's (the marketplace's). */
export const TZ = TIME_ZONE;

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface ActorContext {
  actorId: string;
  ip: string;
}

/** What waits for staff: ads under review, open support tickets, orders awaiting payment. */
export async function itemsAwaitingReview(
  db: Db,
): Promise<Array<{ kind: string; label: string; count: number }>> {
  const [ads] = await db.select({ n: count() }).from(adsTable).where(eq(adsTable.status, 'em_analise'));
  const [tickets] = await db
    .select({ n: count() })
    .from(supportTickets)
    .where(inArray(supportTickets.status, ['aberto', 'em_andamento']));
  const [pending] = await db
    .select({ n: count() })
    .from(orders)
    .where(eq(orders.status, 'aguardando_pagamento'));
  return [
    { kind: 'anuncios_em_analise', label: 'Anúncios em análise', count: ads?.n ?? 0 },
    { kind: 'atendimentos_abertos', label: 'Atendimentos abertos', count: tickets?.n ?? 0 },
    { kind: 'pedidos_aguardando_pagamento', label: 'Pedidos aguardando pagamento', count: pending?.n ?? 0 },
  ];
}

/** The first day of `now`'s month in Brasília, and of the month before. */
function monthStarts(now: Date): { current: string; previous: string } {
  const today = todayInBrasilia(now);
  const [y, m] = today.split('-').map(Number) as [number, number];
  const previous = m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, '0')}-01`;
  return { current: `${today.slice(0, 7)}-01`, previous };
}

export async function overview(db: Db, now = new Date()) {
  const byType = await db
    .select({ tipo: profiles.tipo_usuario, n: count() })
    .from(profiles)
    .groupBy(profiles.tipo_usuario);
  const [activeProducts] = await db.select({ n: count() }).from(products).where(eq(products.status, 'ativo'));
  const users = { cliente: 0, operador: 0, admin: 0 };
  for (const row of byType) users[row.tipo] = row.n;

  // The same figures as the reports (services/figures.ts): receita líquida by payment day.
  const today = todayInBrasilia(now);
  const months = monthStarts(now);
  const thisMonth = await revenueTotals(db, { from: months.current, to: today });
  const lastMonth = await revenueTotals(db, { from: months.previous, to: addDays(months.current, -1) });
  const [newUsers] = await db
    .select({ n: count() })
    .from(profiles)
    .where(sql`(${profiles.created_at} at time zone ${TZ})::date >= ${months.current}::date`);

  const chart = await db.execute<{ day: string; revenue: string; orders: number }>(sql`${figuresWith({
    from: addDays(today, -29),
    to: today,
  })}, days as (
      select generate_series(${addDays(today, -29)}::date, ${today}::date, interval '1 day')::date as day
    )
    select to_char(d.day, 'YYYY-MM-DD') as day,
      coalesce(sum(c.net), 0)::bigint as revenue, count(c.id)::int as orders
    from days d
    left join counted c on (c.paid_at at time zone ${TZ})::date = d.day
    group by d.day order by d.day`);

  // Occupancy today, as the occupancy report counts it: sales, reservas técnicas and blocks apart.
  const o = await networkOccupancy(db, { from: today, to: today });

  const recent = await db
    .select({
      id: orders.id,
      code: orders.code,
      status: orders.status,
      total: orders.total,
      created_at: orders.created_at,
      customer: profiles.nome_completo,
      email: profiles.email,
    })
    .from(orders)
    .innerJoin(profiles, eq(profiles.id, orders.user_id))
    .orderBy(desc(orders.created_at))
    .limit(8);

  return {
    users,
    active_products: activeProducts?.n ?? 0,
    revenue_this_month: thisMonth.revenue,
    revenue_last_month: lastMonth.revenue,
    orders_this_month: thisMonth.orders,
    orders_last_month: lastMonth.orders,
    average_ticket: thisMonth.average_ticket,
    new_users_this_month: newUsers?.n ?? 0,
    occupancy: o,
    revenue_30_days: chart.rows.map((r) => ({
      day: r.day,
      revenue: Number(r.revenue),
      orders: Number(r.orders),
    })),
    awaiting_review: await itemsAwaitingReview(db),
    campaign_queue: await campaignQueue(db, now),
    recent_orders: recent.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
  };
}

/** The last sign-in, or the last request of a session still open (SQL of one profile row). */
const lastAccessSql = sql<Date | null>`greatest(${profiles.last_sign_in_at}, (select max(s.last_seen_at) from sessions s where s.user_id = ${profiles.id}))`;

export async function listUsers(
  db: Db,
  input: {
    q?: string | undefined;
    tipo?: UserType | undefined;
    status?: (typeof userStatuses)[number] | undefined;
    sort?: (typeof userSorts)[number];
    dir?: 'asc' | 'desc';
    page: number;
    pageSize: number;
  },
) {
  const conditions: SQL[] = [];
  const search = textSearch(input.q, [
    profiles.email,
    profiles.nome_completo,
    profiles.nome,
    profiles.empresa,
  ]);
  if (search) conditions.push(search);
  if (input.tipo) conditions.push(eq(profiles.tipo_usuario, input.tipo));
  if (input.status === 'excluido') conditions.push(isNotNull(profiles.deleted_at));
  else if (input.status) conditions.push(isNull(profiles.deleted_at));
  if (input.status === 'bloqueado') conditions.push(isNotNull(profiles.blocked_at));
  if (input.status === 'ativo') conditions.push(isNull(profiles.blocked_at));
  if (input.status === 'nao_confirmado') conditions.push(isNull(profiles.email_confirmed_at));
  const where = conditions.length ? and(...conditions) : undefined;
  const sort = input.sort ?? 'created_at';
  // Never signed in comes last either way.
  const order =
    sort === 'last_access'
      ? sql`${lastAccessSql} ${sql.raw(input.dir === 'asc' ? 'asc' : 'desc')} nulls last`
      : (input.dir === 'asc' ? asc : desc)(profiles[sort]);
  const [total] = await db.select({ n: count() }).from(profiles).where(where);
  const rows = await db
    .select({
      id: profiles.id,
      email: profiles.email,
      // Specification §3 (docs/spec/specification.md): nome_completo, falling back to nome, else empty —
      // as the session's profile and the user's page say it (services/auth/sessions.ts userContact).
      nome_completo: sql<string>`coalesce(nullif(${profiles.nome_completo}, ''), ${profiles.nome}, '')`,
      tipo_usuario: profiles.tipo_usuario,
      email_confirmed: sql<boolean>`${profiles.email_confirmed_at} is not null`,
      blocked: sql<boolean>`${profiles.blocked_at} is not null`,
      deleted: sql<boolean>`${profiles.deleted_at} is not null`,
      created_at: profiles.created_at,
      last_access: lastAccessSql,
    })
    .from(profiles)
    .where(where)
    .orderBy(order, profiles.id)
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return { total: total?.n ?? 0, rows };
}

const notFound = () => new AppError(404, 'Usuário não encontrado.');

export const DELETED_ACCOUNT =
  'Esta conta foi excluída a pedido do titular (LGPD): ela fica só para os pedidos e as faturas, e nada nela pode ser alterado.';

/**
 * Refuses a change to an account deleted at its holder's request: unblocked, it was counted again
 * among the active users and received broadcasts (found walking the panel as an admin).
 */
export async function refuseDeletedAccount(db: Db, id: string): Promise<void> {
  const [user] = await db
    .select({ deleted_at: profiles.deleted_at })
    .from(profiles)
    .where(eq(profiles.id, id));
  if (user?.deleted_at) throw new AppError(409, DELETED_ACCOUNT);
}

export async function userDetail(db: Db, id: string) {
  const user = await db.query.profiles.findFirst({ where: eq(profiles.id, id) });
  if (!user) throw notFound();
  const userOrders = await db
    .select({
      id: orders.id,
      code: orders.code,
      status: orders.status,
      total: orders.total,
      created_at: orders.created_at,
    })
    .from(orders)
    .where(eq(orders.user_id, id))
    .orderBy(desc(orders.created_at))
    .limit(50);
  const [seen] = await db.select({ at: lastAccessSql }).from(profiles).where(eq(profiles.id, id));
  const [activeSessions] = await db.select({ n: count() }).from(sessions).where(eq(sessions.user_id, id));
  const tickets = await db
    .select({
      id: supportTickets.id,
      code: supportTickets.code,
      subject: supportTickets.subject,
      status: supportTickets.status,
      created_at: supportTickets.created_at,
    })
    .from(supportTickets)
    .where(eq(supportTickets.user_id, id))
    .orderBy(desc(supportTickets.created_at))
    .limit(50);
  return {
    ...userContact(user),
    blocked: user.blocked_at !== null,
    blocked_at: user.blocked_at?.toISOString() ?? null,
    deleted: user.deleted_at !== null,
    deleted_at: user.deleted_at?.toISOString() ?? null,
    created_at: user.created_at.toISOString(),
    last_access: seen?.at ? new Date(seen.at).toISOString() : null,
    active_sessions: activeSessions?.n ?? 0,
    orders: userOrders.map((o) => ({ ...o, created_at: o.created_at.toISOString() })),
    tickets: tickets.map((t) => ({ ...t, created_at: t.created_at.toISOString() })),
  };
}

/**
 * Changes a role. Only the allow-list makes an admin (docs/spec/specification.md §6), and an admin never demotes themselves:
 * that would lock them out of this very page.
 */
export async function changeRole(
  db: Db,
  id: string,
  tipo: UserType,
  actor: ActorContext,
  adminEmails: readonly string[],
) {
  if (id === actor.actorId && tipo !== 'admin') {
    throw new AppError(409, 'Você não pode remover o seu próprio acesso de administrador.');
  }
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(profiles).where(eq(profiles.id, id)).for('update');
    if (!user) throw notFound();
    if (tipo === 'admin' && !adminEmails.includes(user.email)) {
      throw new AppError(
        400,
        'Este email não está na lista de administradores autorizados da Urbana. Para dar acesso ao painel, use Operador.',
      );
    }
    if (user.tipo_usuario === tipo) return user;
    const [updated] = await tx
      .update(profiles)
      .set({ tipo_usuario: tipo })
      .where(eq(profiles.id, id))
      .returning();
    // A role change takes effect at the next request; no old session keeps the old powers cached.
    await audit(tx, {
      actorId: actor.actorId,
      action: 'usuario.papel_alterado',
      entity: 'profile',
      entityId: id,
      before: { tipo_usuario: user.tipo_usuario },
      after: { tipo_usuario: tipo },
      ip: actor.ip,
    });
    return updated!;
  });
}

/** Blocks or unblocks; blocking ends every session of the user at once (docs/spec/product.md §1). */
export async function setBlocked(db: Db, id: string, blocked: boolean, actor: ActorContext) {
  if (blocked && id === actor.actorId) throw new AppError(409, 'Você não pode bloquear a sua própria conta.');
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(profiles).where(eq(profiles.id, id)).for('update');
    if (!user) throw notFound();
    // Blocking a blocked account (or unblocking an active one) changes nothing and is not logged.
    if ((user.blocked_at !== null) === blocked) return user;
    const [updated] = await tx
      .update(profiles)
      .set({ blocked_at: blocked ? (user.blocked_at ?? new Date()) : null })
      .where(eq(profiles.id, id))
      .returning();
    let ended = 0;
    if (blocked) {
      const gone = await tx.delete(sessions).where(eq(sessions.user_id, id)).returning({ id: sessions.id });
      ended = gone.length;
    }
    await audit(tx, {
      actorId: actor.actorId,
      action: blocked ? 'usuario.bloqueado' : 'usuario.desbloqueado',
      entity: 'profile',
      entityId: id,
      before: { blocked: user.blocked_at !== null },
      after: { blocked, sessions_ended: ended },
      ip: actor.ip,
    });
    return updated!;
  });
}

export async function resendConfirmationFor(deps: AuthDeps, id: string, actor: ActorContext) {
  const user = await deps.db.query.profiles.findFirst({ where: eq(profiles.id, id) });
  if (!user) throw notFound();
  if (user.email_confirmed_at) throw new AppError(409, 'Este email já foi confirmado.');
  if (user.blocked_at) throw new AppError(409, 'Desbloqueie a conta antes de reenviar a confirmação.');
  await sendConfirmation(deps, user);
  await audit(deps.db, {
    actorId: actor.actorId,
    action: 'usuario.confirmacao_reenviada',
    entity: 'profile',
    entityId: id,
    after: { email: user.email },
    ip: actor.ip,
  });
}
