import { sql, type SQL } from 'drizzle-orm';
import { TIME_ZONE } from '@urbana/shared';
import type { Db } from '../db/client.ts';

/**
 * One definition of each money and occupancy figure, written once (issue #40 item 4,
 * docs/decisions/092-one-definition-of-each-figure.md). The dashboard, the reports, their CSVs and
 * the orders CSV all read them from here.
 *
 * For an order `o`:
 * - **bruto** (`gross`): the list price of its items, before any discount (`o.subtotal`);
 * - **descontos** (`discounts`): period/volume discounts plus the coupon (`o.discount + o.coupon_discount`);
 * - **desconto-padrão** (`agency_commission`): a certified agency's commission (decision 098);
 * - **reembolso** (`refunds`): what staff give back after cancelling it paid (decision 076);
 * - **receita líquida** (`net`): bruto − descontos − desconto-padrão − reembolso, the money Urbana keeps. "Receita" on
 *   every screen and CSV is this figure.
 *
 * An order counts when it was paid and is sold (pago, em veiculação, concluído), or was cancelled
 * after payment and Urbana kept part of the money; it is dated by its payment day in Brasília.
 */

export interface Range {
  from: string;
  to: string;
}

/**
 * What staff give back: only an order cancelled after payment refunds; an unknown amount (none was
 * recorded) is taken as all of it.
 */
export const refundSql = (o = sql.raw('o')): SQL =>
  sql`(case when ${o}.status = 'cancelado' and ${o}.paid_at is not null
    then coalesce(${o}.refund_amount, ${o}.total) else 0 end)`;

/** Receita líquida of one order: what was paid after discounts, less its refund. */
export const netSql = (o = sql.raw('o')): SQL => sql`(${o}.total - ${refundSql(o)})`;

/** The orders that count as revenue (see above), whatever the period. */
export const countsAsRevenue = (o = sql.raw('o')): SQL =>
  sql`(${o}.paid_at is not null and (${o}.status in ('pago', 'em_veiculacao', 'concluido')
    or (${o}.status = 'cancelado' and ${netSql(o)} > 0)))`;

/** Its payment day in Brasília. */
export const paidDaySql = (o = sql.raw('o')): SQL => sql`(${o}.paid_at at time zone ${TIME_ZONE})::date`;

/** The orders that count, paid in the range. */
export const countsIn = (r: Range, o = sql.raw('o')): SQL =>
  sql`${countsAsRevenue(o)} and ${paidDaySql(o)} between ${r.from}::date and ${r.to}::date`;

/**
 * The counted orders of a range, one row each with its figures (`counted`), and their items with the
 * order's receita líquida shared out in proportion to each item's price after its own discount (the
 * first item takes the centavos of rounding, so that the items of an order add up to it exactly).
 * A query starts with this and reads `counted` and `item_figures`.
 */
export const figuresWith = (r: Range): SQL => sql`
  with counted as (
    select o.id, o.user_id, o.paid_at, o.subtotal::bigint as gross,
      (o.discount + o.coupon_discount)::bigint as discounts, o.agency_commission::bigint as agency_commission,
      ${refundSql()}::bigint as refunds,
      ${netSql()}::bigint as net
    from orders o where ${countsIn(r)}
  ),
  shares as (
    select i.id, i.order_id, i.product_id, i.product_name, i.product_type, i.city, i.state,
      i.subtotal::bigint as gross, c.net as order_net,
      case when sum(i.total) over w = 0 then 0
        else floor(i.total::numeric * c.net / sum(i.total) over w) end as base,
      row_number() over (partition by i.order_id order by i.total desc, i.id) as rn
    from order_items i join counted c on c.id = i.order_id
    window w as (partition by i.order_id)
  ),
  item_figures as (
    select s.*, (s.base + case when s.rn = 1
      then s.order_net - sum(s.base) over (partition by s.order_id) else 0 end)::bigint as net
    from shares s
  )`;

/** The totals of a range: counted orders, bruto, descontos, reembolsos, receita líquida. */
export async function revenueTotals(db: Db, r: Range) {
  const { rows } = await db.execute<{
    orders: number;
    gross: string;
    discounts: string;
    refunds: string;
    net: string;
  }>(sql`${figuresWith(r)}
    select count(*)::int as orders, coalesce(sum(gross), 0)::bigint as gross,
      coalesce(sum(discounts), 0)::bigint as discounts, coalesce(sum(refunds), 0)::bigint as refunds,
      coalesce(sum(net), 0)::bigint as net
    from counted`);
  const t = rows[0]!;
  const orders = Number(t.orders);
  const revenue = Number(t.net);
  return {
    orders,
    gross: Number(t.gross),
    discounts: Number(t.discounts),
    refunds: Number(t.refunds),
    revenue,
    average_ticket: orders ? Math.round(revenue / orders) : 0,
  };
}

/**
 * Occupancy per face, in slot-days of the range, as the inventory grid shows a face's slots: sold
 * (orders, paid or waiting for payment), reservas técnicas and maintenance blocks, each apart. The
 * rate is of sales (decision 065.4); `unavailable_rate` adds the staff's holds.
 */
export async function towerOccupancy(db: Db, occ: Range) {
  const days = (filter: SQL) => sql`coalesce((select sum(greatest(0,
      least(r.ends_on, ${occ.to}::date + 1) - greatest(r.starts_on, ${occ.from}::date)))
    from reservations r left join inventory_holds h on h.id = r.hold_id
    where r.tower_id = t.id and r.status <> 'liberada'
      and (r.hold_expires_at is null or r.hold_expires_at > now())
      and r.starts_on <= ${occ.to}::date and r.ends_on > ${occ.from}::date and ${filter}), 0)::int`;
  const { rows } = await db.execute<{
    product_id: string;
    product: string;
    city: string;
    tower_id: string;
    tower: string;
    slots: number;
    booked: number;
    technical: number;
    blocked: number;
    capacity: number;
  }>(sql`
    select * from (
      select p.id as product_id, p.name as product, p.city, t.id as tower_id, t.name as tower, t.slots,
        p.status as product_status,
        ${days(sql`r.order_item_id is not null`)} as booked,
        ${days(sql`h.kind = 'reserva_tecnica'`)} as technical,
        ${days(sql`h.kind = 'bloqueio'`)} as blocked,
        (t.slots * (${occ.to}::date - ${occ.from}::date + 1))::int as capacity
      from towers t join products p on p.id = t.product_id
    ) x
    where x.product_status = 'ativo' or x.booked + x.technical + x.blocked > 0
    order by x.product, x.tower`);
  return rows.map((x) => {
    const capacity = Number(x.capacity);
    const booked = Number(x.booked);
    const held = booked + Number(x.technical) + Number(x.blocked);
    return {
      product_id: x.product_id,
      product: x.product,
      city: x.city,
      tower_id: x.tower_id,
      tower: x.tower,
      slots: Number(x.slots),
      booked,
      technical: Number(x.technical),
      blocked: Number(x.blocked),
      capacity,
      rate: capacity ? booked / capacity : 0,
      unavailable_rate: capacity ? held / capacity : 0,
    };
  });
}

/** The network's occupancy over a range: the sum of its faces. */
export async function networkOccupancy(db: Db, occ: Range) {
  const faces = await towerOccupancy(db, occ);
  const sum = (k: 'booked' | 'technical' | 'blocked' | 'capacity') => faces.reduce((s, f) => s + f[k], 0);
  return {
    taken: sum('booked'),
    technical: sum('technical'),
    blocked: sum('blocked'),
    total: sum('capacity'),
  };
}
