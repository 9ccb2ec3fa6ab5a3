import { sql } from 'drizzle-orm';
import type { CellOccupants } from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { ACTIVE_SLOT } from './grid.ts';

type Row = Record<string, unknown>;
const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

/** What occupies a face in a period: its orders (with links) and the blocks and holds of staff. */
export async function cellOccupants(
  db: Db,
  towerId: string,
  from: string,
  to: string,
): Promise<CellOccupants> {
  const tower = (
    await db.execute(sql`
      select t.id, t.name, t.slots, p.name as product_name
      from towers t join products p on p.id = t.product_id where t.id = ${towerId}::uuid`)
  ).rows[0] as Row | undefined;
  if (!tower) throw new AppError(404, 'Face não encontrada.');
  if (to <= from) throw new AppError(400, 'A data final deve ser depois da inicial.');
  const orders = await db.execute(sql`
    select o.id as order_id, o.code, o.status, coalesce(nullif(u.nome_completo, ''), u.email) as customer,
      r.starts_on::text as starts_on, r.ends_on::text as ends_on, r.hold_expires_at
    from reservations r
    join order_items i on i.id = r.order_item_id
    join orders o on o.id = i.order_id
    join profiles u on u.id = o.user_id
    where r.tower_id = ${towerId}::uuid and r.starts_on < ${to}::date and r.ends_on > ${from}::date
      and ${ACTIVE_SLOT}
    order by r.starts_on, o.code`);
  const holds = await db.execute(sql`
    select distinct h.id, h.kind, h.status, coalesce(nullif(u.nome_completo, ''), u.email) as customer,
      h.reason, h.starts_on::text as starts_on, h.ends_on::text as ends_on, h.expires_at
    from reservations r
    join inventory_holds h on h.id = r.hold_id
    left join profiles u on u.id = h.customer_id
    where r.tower_id = ${towerId}::uuid and r.starts_on < ${to}::date and r.ends_on > ${from}::date
      and ${ACTIVE_SLOT}
    order by starts_on`);
  return {
    tower: {
      id: String(tower.id),
      name: String(tower.name),
      slots: Number(tower.slots),
      product_name: String(tower.product_name),
    },
    orders: (orders.rows as Row[]).map((r) => ({
      order_id: String(r.order_id),
      code: String(r.code),
      status: String(r.status),
      customer: String(r.customer),
      starts_on: String(r.starts_on),
      ends_on: String(r.ends_on),
      hold_expires_at: iso(r.hold_expires_at),
    })),
    holds: (holds.rows as Row[]).map((r) => ({
      id: String(r.id),
      kind: r.kind as 'bloqueio' | 'reserva_tecnica',
      status: r.status as 'ativa' | 'expirada' | 'liberada',
      customer: r.customer === null ? null : String(r.customer),
      reason: String(r.reason),
      starts_on: String(r.starts_on),
      ends_on: String(r.ends_on),
      expires_at: iso(r.expires_at),
    })),
  };
}
