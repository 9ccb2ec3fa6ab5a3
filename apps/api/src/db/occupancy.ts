import { sql, type SQL } from 'drizzle-orm';

/**
 * The one occupancy predicate: a reservation that counts against its slot — paid, blocked, a reserva
 * técnica, or held and still inside its time. Search, product page, planner, plans, alerts and the
 * staff inventory all read it from here (issue #45 item 3); `alias` names the reservations row.
 */
export function activeReservation(alias = 'r'): SQL {
  const r = sql.raw(alias);
  return sql`(${r}.status <> 'liberada' and (${r}.hold_expires_at is null or ${r}.hold_expires_at > now()))`;
}
