import { and, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { advertisers, agencyMembers, orders } from '../../db/schema/index.ts';

/**
 * The orders a person reads (decision 116): their own, and every order of the agency they work for —
 * an agency's people plan, book and follow its campaigns together (issue #44 item 1), as they already
 * approve any of its PIs (decision 103). Another agency's orders stay out: 404 as for any other order.
 */
export function ordersReadableBy(userId: string): SQL {
  return or(eq(orders.user_id, userId), eq(orders.agency_id, agencyIdOf(userId)))!;
}

/** The agency a person works for, as a subquery (null for a direct customer). */
export const agencyIdOf = (userId: string) =>
  sql`(select ${agencyMembers.agency_id} from ${agencyMembers} where ${agencyMembers.user_id} = ${userId})`;

/**
 * An advertiser's name and CNPJ for a cart's, a plan's or an ad's reference, joined only when it is
 * of the caller's agency: someone who left the agency no longer reads it (decision 116).
 */
export const advertiserOfCallerJoin = (userId: string, column: SQL | AnyColumn | string) =>
  and(
    typeof column === 'string' ? eq(advertisers.id, column) : eq(advertisers.id, column),
    eq(advertisers.agency_id, agencyIdOf(userId)),
  );

/** The reference the answers carry, from a left join on `advertisers`. */
export function advertiserRef(a: { id: string; name: string; document: string } | null) {
  return a ? { id: a.id, name: a.name, document: a.document } : null;
}

/**
 * Whose order this is, for a person allowed to read it: its placer's id, which the owner-checked reads
 * (`order_detail`, the invoice's PDF) take; the caller's own id when not allowed, so those answer 404.
 */
export async function readableOrderOwner(db: Db | Tx, userId: string, orderId: string): Promise<string> {
  const [row] = await db
    .select({ owner: orders.user_id })
    .from(orders)
    .where(and(eq(orders.id, orderId), ordersReadableBy(userId)));
  return row?.owner ?? userId;
}
