import { and, asc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { insertionOrderMessages, storedFigures, type InsertionOrder } from '@urbana/shared';
import type { Db, Tx } from '../../db/client.ts';
import { agencies, insertionOrders, orderItems, orders, profiles } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { audit } from '../audit.ts';
import { bookedItems } from '../orders/head.ts';
import { agencyOf } from './agency.ts';

type PiRow = typeof insertionOrders.$inferSelect;

/** Orders whose PI can no longer be approved, and which staff no longer wait for. */
const CLOSED = ['cancelado', 'expirado'] as const;

async function view(db: Db | Tx, pi: PiRow): Promise<InsertionOrder> {
  const [row] = await db
    .select({ order: orders, agency: agencies })
    .from(orders)
    .innerJoin(agencies, eq(agencies.id, pi.agency_id))
    .where(eq(orders.id, pi.order_id));
  const { order, agency } = row!;
  // The advertiser as the order names it: its billing data, frozen at checkout.
  const billing = order.billing as { name: string; document: string };
  const items = await bookedItems(db as Db, order.id);
  return {
    id: pi.id,
    number: pi.number,
    status: pi.approved_at ? 'aprovado' : 'pendente',
    order_id: order.id,
    order_code: order.code,
    order_status: order.status,
    agency: { id: agency.id, name: agency.name, document: agency.document },
    advertiser: order.advertiser_id
      ? { id: order.advertiser_id, name: billing.name, document: billing.document }
      : null,
    items: items.map(({ item, towers }) => ({
      product_name: item.product_name,
      city: item.city,
      state: item.state,
      starts_on: item.starts_on,
      weeks: item.weeks,
      towers: towers.map((t) => t.tower_name),
      total: item.total,
    })),
    coupon_discount: order.coupon_discount,
    figures: storedFigures(order),
    created_at: pi.created_at.toISOString(),
    approved_at: pi.approved_at?.toISOString() ?? null,
    approved_by_name: pi.approved_by_name,
    approved_ip: pi.approved_ip,
  };
}

/**
 * The PI of an order of the caller's agency, or 404 — alike for an order without PI, another agency's
 * and a person of no agency, so that another agency's orders cannot be told apart from nothing.
 */
async function piOfCaller(db: Db | Tx, userId: string, orderId: string, lock = false): Promise<PiRow> {
  const found = await agencyOf(db, userId);
  if (!found) throw new AppError(404, insertionOrderMessages.notFound);
  const query = db
    .select()
    .from(insertionOrders)
    .where(and(eq(insertionOrders.order_id, orderId), eq(insertionOrders.agency_id, found.agency.id)));
  const [pi] = lock ? await query.for('update') : await query;
  if (!pi) throw new AppError(404, insertionOrderMessages.notFound);
  return pi;
}

/** The PI of an order of the caller's agency (any of its people, not only who placed the order). */
export async function insertionOrderForAgency(db: Db, userId: string, orderId: string) {
  return view(db, await piOfCaller(db, userId, orderId));
}

/** Any order's PI, for staff; 404 for an order without one (a direct customer's). */
export async function insertionOrderForStaff(db: Db, orderId: string) {
  const pi = await db.query.insertionOrders.findFirst({ where: eq(insertionOrders.order_id, orderId) });
  if (!pi) throw new AppError(404, insertionOrderMessages.notFound);
  return view(db, pi);
}

/** A person of the agency approves the PI: once, recording who, when and from which address. */
export async function approveInsertionOrder(db: Db, userId: string, orderId: string, ip: string | null) {
  return db.transaction(async (tx) => {
    const pi = await piOfCaller(tx, userId, orderId, true);
    if (pi.approved_at) throw new AppError(409, insertionOrderMessages.alreadyApproved);
    const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    if ((CLOSED as readonly string[]).includes(order!.status))
      throw new AppError(409, insertionOrderMessages.orderClosed);
    const person = await tx.query.profiles.findFirst({ where: eq(profiles.id, userId) });
    const now = new Date();
    const [approved] = await tx
      .update(insertionOrders)
      .set({
        approved_at: now,
        approved_by: userId,
        approved_by_name: person!.nome_completo,
        approved_ip: ip,
      })
      .where(eq(insertionOrders.id, pi.id))
      .returning();
    await audit(tx, {
      actorId: userId,
      action: 'pi.aprovado',
      entity: 'pedido',
      entityId: orderId,
      after: { pi: pi.number, aprovado_em: now.toISOString() },
      ip,
    });
    return view(tx, approved!);
  });
}

/** Staff's list of PIs waiting for their agency, of orders still open, the oldest first. */
export async function pendingInsertionOrders(db: Db) {
  const rows = await db
    .select({
      pi: insertionOrders,
      order: orders,
      agency_name: agencies.name,
      first_start: sql<
        string | null
      >`(select min(${orderItems.starts_on})::text from ${orderItems} where ${orderItems.order_id} = ${orders.id})`,
    })
    .from(insertionOrders)
    .innerJoin(orders, eq(orders.id, insertionOrders.order_id))
    .innerJoin(agencies, eq(agencies.id, insertionOrders.agency_id))
    .where(and(isNull(insertionOrders.approved_at), notInArray(orders.status, [...CLOSED])))
    .orderBy(asc(insertionOrders.created_at), asc(insertionOrders.seq));
  return {
    items: rows.map((r) => ({
      id: r.pi.id,
      number: r.pi.number,
      order_id: r.order.id,
      order_code: r.order.code,
      order_status: r.order.status,
      agency_name: r.agency_name,
      advertiser_name: r.order.advertiser_id ? (r.order.billing as { name: string }).name : null,
      net: r.order.total,
      first_start: r.first_start,
      created_at: r.pi.created_at.toISOString(),
    })),
  };
}

/**
 * Whether an order's campaigns may start (issue #44 item 3): null when they may — a direct customer's
 * order, or an agency's whose PI is approved — or the pending PI's number.
 */
export async function pendingInsertionOrderOf(tx: Tx, orderId: string): Promise<string | null> {
  const [pi] = await tx
    .select({ number: insertionOrders.number, approved_at: insertionOrders.approved_at })
    .from(insertionOrders)
    .where(eq(insertionOrders.order_id, orderId));
  return pi && !pi.approved_at ? pi.number : null;
}
