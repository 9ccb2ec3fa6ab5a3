import { and, count, desc, eq, gte, inArray, like, lt, sql, type SQL } from 'drizzle-orm';
import { buildPath, paths, staffAuditActions, type EmailStatus } from '@urbana/shared';
import type { Db } from '../db/client.ts';
import {
  adItems,
  auditLog,
  authTokens,
  coupons,
  emailLog,
  orderItems,
  orders,
  products,
  profiles,
  supportTickets,
} from '../db/schema/index.ts';
import { hashToken } from '../lib/tokens.ts';
import { AppError } from '../lib/errors.ts';
import type { ActorContext } from './admin.ts';
import { escapeLike, TZ } from './admin.ts';
import { audit } from './audit.ts';
import type { Outbox } from './messaging/outbox.ts';
import { textSearch } from '../db/search.ts';

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

export interface AuditTarget {
  label: string;
  href: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const withQuery = (path: string, q: string) => `${path}?q=${encodeURIComponent(q)}`;

/**
 * "On what" of each entry: a name people know and a link to the admin page of the record
 * (issue #17 item 7). One batched lookup per kind of record on the page.
 */
async function withTargets<
  R extends {
    entity: string;
    entity_id: string | null;
    after: unknown;
    created_at: Date;
    actor_email: string | null;
  },
>(db: Db, rows: R[]) {
  const idsOf = (...entities: string[]) => [
    ...new Set(
      rows
        .filter((r) => entities.includes(r.entity) && r.entity_id && UUID.test(r.entity_id))
        .map((r) => r.entity_id!),
    ),
  ];
  const afterOf = (r: R) =>
    r.after && typeof r.after === 'object' ? (r.after as Record<string, unknown>) : {};
  const proofItemIds = rows
    .filter((r) => r.entity === 'proof_photos' && typeof afterOf(r).order_item_id === 'string')
    .map((r) => afterOf(r).order_item_id as string);
  const lookup = async <T>(ids: string[], run: (ids: string[]) => Promise<T[]>) =>
    ids.length ? run(ids) : [];
  const [people, productRows, itemRows, adRows, orderRows, ticketRows, couponRows, emailRows] =
    await Promise.all([
      lookup(idsOf('profile'), (ids) =>
        db
          .select({ id: profiles.id, email: profiles.email, name: profiles.nome_completo })
          .from(profiles)
          .where(inArray(profiles.id, ids)),
      ),
      lookup(idsOf('product'), (ids) =>
        db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, ids)),
      ),
      lookup([...new Set([...idsOf('order_items'), ...proofItemIds])], (ids) =>
        db
          .select({ id: orderItems.id, name: orderItems.product_name })
          .from(orderItems)
          .where(inArray(orderItems.id, ids)),
      ),
      lookup(idsOf('ads'), (ids) =>
        db
          .select({ id: adItems.ad_id, item_id: adItems.order_item_id, name: orderItems.product_name })
          .from(adItems)
          .innerJoin(orderItems, eq(orderItems.id, adItems.order_item_id))
          .where(inArray(adItems.ad_id, ids)),
      ),
      lookup(idsOf('order'), (ids) =>
        db.select({ id: orders.id, code: orders.code }).from(orders).where(inArray(orders.id, ids)),
      ),
      lookup(idsOf('support_ticket'), (ids) =>
        db
          .select({ id: supportTickets.id, code: supportTickets.code })
          .from(supportTickets)
          .where(inArray(supportTickets.id, ids)),
      ),
      lookup(idsOf('coupon'), (ids) =>
        db.select({ id: coupons.id, code: coupons.code }).from(coupons).where(inArray(coupons.id, ids)),
      ),
      lookup(idsOf('email'), (ids) =>
        db.select({ id: emailLog.id, to: emailLog.to_email }).from(emailLog).where(inArray(emailLog.id, ids)),
      ),
    ]);
  const byId = <T extends { id: string }>(list: T[]) => new Map(list.map((x) => [x.id, x]));
  const maps = {
    people: byId(people),
    products: byId(productRows),
    items: byId(itemRows),
    ads: byId(adRows),
    orders: byId(orderRows),
    tickets: byId(ticketRows),
    coupons: byId(couponRows),
    emails: byId(emailRows),
  };
  const campaign = (itemId: string): AuditTarget => {
    const item = maps.items.get(itemId);
    return {
      label: item ? `campanha em ${item.name}` : 'campanha',
      href: buildPath(paths.admin.campanha, { id: itemId }),
    };
  };
  const targetOf = (r: R): AuditTarget | null => {
    const id = r.entity_id;
    const after = afterOf(r);
    switch (r.entity) {
      case 'profile': {
        const person = id ? maps.people.get(id) : undefined;
        const email = person?.email ?? (id && id.includes('@') ? id : null);
        if (!email) return null;
        return {
          label: person?.name ? `${person.name} (${email})` : email,
          href: withQuery(paths.admin.usuarios, email),
        };
      }
      case 'product': {
        const product = id ? maps.products.get(id) : undefined;
        return id
          ? { label: product?.name ?? 'produto', href: buildPath(paths.admin.produto, { id }) }
          : null;
      }
      case 'order_items':
        return id ? campaign(id) : null;
      case 'proof_photos':
        return typeof after.order_item_id === 'string' ? campaign(after.order_item_id) : null;
      case 'ads': {
        const ad = id ? maps.ads.get(id) : undefined;
        return ad
          ? {
              label: `anúncio da campanha em ${ad.name}`,
              href: buildPath(paths.admin.campanha, { id: ad.item_id }),
            }
          : { label: 'anúncio', href: null };
      }
      case 'order': {
        const order = id ? maps.orders.get(id) : undefined;
        return order
          ? { label: `pedido ${order.code}`, href: buildPath(paths.admin.pedido, { id: id! }) }
          : { label: 'pedido', href: null };
      }
      case 'support_ticket': {
        const ticket = id ? maps.tickets.get(id) : undefined;
        return id
          ? { label: ticket ? `chamado ${ticket.code}` : 'chamado', href: `${paths.admin.suporte}?id=${id}` }
          : null;
      }
      case 'coupon': {
        const coupon = id ? maps.coupons.get(id) : undefined;
        return coupon
          ? { label: `cupom ${coupon.code}`, href: withQuery(paths.admin.cupons, coupon.code) }
          : { label: 'cupom', href: paths.admin.cupons };
      }
      case 'email': {
        const email = id ? maps.emails.get(id) : undefined;
        return email
          ? { label: `e-mail para ${email.to}`, href: withQuery(paths.admin.emailLogs, email.to) }
          : { label: 'e-mail', href: paths.admin.emailLogs };
      }
      case 'scheduled_email':
        return {
          label: typeof after.subject === 'string' ? `e-mail “${after.subject}”` : 'e-mail agendado',
          href: paths.admin.emailAgendados,
        };
      case 'notification_broadcast':
        return {
          label: typeof after.title === 'string' ? `notificação “${after.title}”` : 'notificação',
          href: paths.admin.notificacoes,
        };
      default:
        return null;
    }
  };
  return rows.map((r) => ({
    ...r,
    created_at: r.created_at.toISOString(),
    actor_href: r.actor_email ? withQuery(paths.admin.usuarios, r.actor_email) : null,
    target: targetOf(r),
  }));
}
