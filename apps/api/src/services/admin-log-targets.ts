import { eq, inArray, sql } from 'drizzle-orm';
import { buildPath, formatDate, paths } from '@urbana/shared';
import type { Db } from '../db/client.ts';
import { CAMPAIGN_ORDERS } from './campaigns/queries.ts';
import {
  adItems,
  coupons,
  emailLog,
  inventoryHolds,
  orderItems,
  orders,
  products,
  profiles,
  reservations,
  scheduledEmails,
  staffInvitations,
  supportTickets,
  towers,
} from '../db/schema/index.ts';

export interface AuditTarget {
  label: string;
  href: string | null;
}

/** What the audit log's page needs of an entry to name and link its record. */
interface AuditRow {
  entity: string;
  entity_id: string | null;
  after: unknown;
  created_at: Date;
  actor_email: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const withQuery = (path: string, q: string) => `${path}?q=${encodeURIComponent(q)}`;
/** An entry's `after` as an object ({} when it has none). */
const afterOf = (r: AuditRow) =>
  r.after && typeof r.after === 'object' ? (r.after as Record<string, unknown>) : {};

/** The order an item belongs to: its campaign page exists only while the order is paid or on air. */
const orderOf = { order_id: orders.id, order_status: orders.status };

/** Where an item's campaign is seen: its page, or its order's once the order was cancelled or expired. */
function itemHref(item: { id: string; order_id: string; order_status: string }): string {
  return (CAMPAIGN_ORDERS as readonly string[]).includes(item.order_status)
    ? buildPath(paths.admin.campanha, { id: item.id })
    : buildPath(paths.admin.pedido, { id: item.order_id });
}

/** Ads with the item they run on and that item's order. */
function adsOf(db: Db, ids: string[]) {
  return db
    .select({ id: adItems.ad_id, item_id: adItems.order_item_id, name: orderItems.product_name, ...orderOf })
    .from(adItems)
    .innerJoin(orderItems, eq(orderItems.id, adItems.order_item_id))
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(inArray(adItems.ad_id, ids));
}

/** The records the page's entries point at, by id: one batched lookup per kind of record. */
async function loadTargets(db: Db, rows: AuditRow[]) {
  const idsOf = (...entities: string[]) => [
    ...new Set(
      rows
        .filter((r) => entities.includes(r.entity) && r.entity_id && UUID.test(r.entity_id))
        .map((r) => r.entity_id!),
    ),
  ];
  const proofItemIds = rows
    .filter((r) => r.entity === 'proof_photos' && typeof afterOf(r).order_item_id === 'string')
    .map((r) => afterOf(r).order_item_id as string);
  const lookup = async <T>(ids: string[], run: (ids: string[]) => Promise<T[]>) =>
    ids.length ? run(ids) : [];
  const [people, productRows, itemRows, adRows, orderRows, ticketRows, couponRows, emailRows, scheduledRows] =
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
          .select({ id: orderItems.id, name: orderItems.product_name, ...orderOf })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.order_id))
          .where(inArray(orderItems.id, ids)),
      ),
      lookup(idsOf('ads'), (ids) => adsOf(db, ids)),
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
      // A cancellation (or an edit that kept the subject) records no subject: the e-mail's own.
      lookup(idsOf('scheduled_email'), (ids) =>
        db
          .select({ id: scheduledEmails.id, subject: scheduledEmails.subject })
          .from(scheduledEmails)
          .where(inArray(scheduledEmails.id, ids)),
      ),
    ]);
  const { holds, invitations } = await loadTeamTargets(db, idsOf('inventory_hold'), idsOf('convite'));
  const byId = <T extends { id: string }>(list: T[]) => new Map(list.map((x) => [x.id, x]));
  return {
    holds: byId(holds),
    invitations: byId(invitations),
    people: byId(people),
    products: byId(productRows),
    items: byId(itemRows),
    ads: byId(adRows),
    orders: byId(orderRows),
    tickets: byId(ticketRows),
    coupons: byId(couponRows),
    emails: byId(emailRows),
    scheduled: byId(scheduledRows),
  };
}

/** The inventory's blocks and reservas técnicas, and the team's invitations, named by the log. */
async function loadTeamTargets(db: Db, holdIds: string[], invitationIds: string[]) {
  const [holds, invitations] = await Promise.all([
    holdIds.length ? holdsOf(db, holdIds) : [],
    invitationIds.length
      ? db
          .select({ id: staffInvitations.id, email: staffInvitations.email })
          .from(staffInvitations)
          .where(inArray(staffInvitations.id, invitationIds))
      : [],
  ]);
  return { holds, invitations };
}

/** Blocks and reservas técnicas: their kind, first day, one product (for the link) and their faces. */
function holdsOf(db: Db, ids: string[]) {
  return db
    .select({
      id: inventoryHolds.id,
      kind: inventoryHolds.kind,
      starts_on: inventoryHolds.starts_on,
      product_id: sql<string>`(array_agg(${reservations.product_id}::text order by ${products.name}))[1]`,
      faces: sql<string>`string_agg(distinct ${products.name} || ' (' || ${towers.name} || ')', ', ')`,
    })
    .from(inventoryHolds)
    .innerJoin(reservations, eq(reservations.hold_id, inventoryHolds.id))
    .innerJoin(products, eq(products.id, reservations.product_id))
    .innerJoin(towers, eq(towers.id, reservations.tower_id))
    .where(inArray(inventoryHolds.id, ids))
    .groupBy(inventoryHolds.id);
}

type TargetMaps = Awaited<ReturnType<typeof loadTargets>>;

/** A campaign (an order item) as a target: its product's name and its admin page. */
function campaignTarget(maps: TargetMaps, itemId: string): AuditTarget {
  const item = maps.items.get(itemId);
  return {
    label: item ? `campanha em ${item.name}` : 'campanha',
    href: item ? itemHref(item) : buildPath(paths.admin.campanha, { id: itemId }),
  };
}

/** A block or reserva técnica: its kind, faces and first day; the inventory at that week. */
function holdTarget(hold: Awaited<ReturnType<typeof holdsOf>>[number] | undefined): AuditTarget {
  if (!hold) return { label: 'bloqueio ou reserva', href: paths.admin.inventario };
  const kind = hold.kind === 'bloqueio' ? 'bloqueio' : 'reserva técnica';
  return {
    label: `${kind} de ${hold.faces} a partir de ${formatDate(hold.starts_on)}`,
    href: `${paths.admin.inventario}?produto=${hold.product_id}&de=${hold.starts_on}`,
  };
}

/** "On what" of one entry: a name people know and the admin page of the record, if any. */
function targetOf(maps: TargetMaps, r: AuditRow): AuditTarget | null {
  const campaign = (itemId: string) => campaignTarget(maps, itemId);
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
      return id ? { label: product?.name ?? 'produto', href: buildPath(paths.admin.produto, { id }) } : null;
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
            href: itemHref({ ...ad, id: ad.item_id }),
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
    case 'scheduled_email': {
      const subject =
        typeof after.subject === 'string' ? after.subject : id && maps.scheduled.get(id)?.subject;
      return { label: subject ? `e-mail “${subject}”` : 'e-mail agendado', href: paths.admin.emailAgendados };
    }
    case 'inventory_hold':
      return holdTarget(id ? maps.holds.get(id) : undefined);
    case 'convite': {
      const invitation = id ? maps.invitations.get(id) : undefined;
      return { label: invitation ? `convite para ${invitation.email}` : 'convite', href: paths.admin.equipe };
    }
    case 'notification_broadcast':
      return {
        label: typeof after.title === 'string' ? `notificação “${after.title}”` : 'notificação',
        href: paths.admin.notificacoes,
      };
    default:
      return null;
  }
}

/**
 * "On what" of each entry: a name people know and a link to the admin page of the record
 * (issue #17 item 7). One batched lookup per kind of record on the page.
 */
export async function withTargets<R extends AuditRow>(db: Db, rows: R[]) {
  const maps = await loadTargets(db, rows);
  return rows.map((r) => ({
    ...r,
    created_at: r.created_at.toISOString(),
    actor_href: r.actor_email ? withQuery(paths.admin.usuarios, r.actor_email) : null,
    target: targetOf(maps, r),
  }));
}
