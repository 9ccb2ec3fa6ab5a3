import { sql } from 'drizzle-orm';
import {
  dateRangeMessages,
  formatAmount,
  formatInteger,
  formatPercent,
  OCCUPANCY_DEFAULT_WEEKS,
  todayInBrasilia,
  productTypeLabels,
  type ProductType,
  type ReportTable,
} from '@urbana/shared';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { SOLD, TZ } from './admin.ts';

export interface Range {
  from: string;
  to: string;
}

/** Default: the last 30 days in Brasília, today included. */
export function resolveRange(from: string | undefined, to: string | undefined, now = new Date()): Range {
  const today = todayInBrasilia(now);
  const end = to ?? today;
  const start =
    from ?? new Date(new Date(`${end}T00:00:00Z`).getTime() - 29 * 86_400_000).toISOString().slice(0, 10);
  if (start > end) throw new AppError(400, dateRangeMessages.order);
  const days =
    (new Date(`${end}T00:00:00Z`).getTime() - new Date(`${start}T00:00:00Z`).getTime()) / 86_400_000 + 1;
  if (days > 366 * 3) throw new AppError(400, 'Escolha um período de até 3 anos.');
  return { from: start, to: end };
}

/** Occupancy default: today (Brasília) and the next OCCUPANCY_DEFAULT_WEEKS weeks, today included. */
export function resolveOccupancyRange(
  from: string | undefined,
  to: string | undefined,
  now = new Date(),
): Range {
  const today = todayInBrasilia(now);
  const start = from ?? today;
  const end =
    to ??
    new Date(new Date(`${start}T00:00:00Z`).getTime() + (OCCUPANCY_DEFAULT_WEEKS * 7 - 1) * 86_400_000)
      .toISOString()
      .slice(0, 10);
  return resolveRange(start, end, now);
}

/** Sales are paid orders (pago, em_veiculacao, concluido), dated by their payment day in Brasília. */
const paidIn = (r: Range) =>
  sql`o.status in ${SOLD} and o.paid_at is not null
    and (o.paid_at at time zone ${TZ})::date between ${r.from}::date and ${r.to}::date`;

/** A row of the report by period; `agency_commission`: the agencies' desconto-padrão (decision 098). */
type PeriodRow = {
  period: string;
  orders: number;
  revenue: string;
  discount: string;
  agency_commission: string;
};

/**
 * Occupancy per tower: booked slot-days (orders paid or waiting for payment) over the slot-days it
 * offers in the range. Staff blocks and reservas técnicas are not sales: they are not occupancy.
 */
async function towerOccupancy(db: Db, occ: Range) {
  const occupancy = await db.execute<{
    product_id: string;
    product: string;
    city: string;
    tower_id: string;
    tower: string;
    slots: number;
    booked: number;
    capacity: number;
  }>(sql`
    select p.id as product_id, p.name as product, p.city, t.id as tower_id, t.name as tower, t.slots,
      coalesce((select sum(greatest(0, least(r2.ends_on, ${occ.to}::date + 1) - greatest(r2.starts_on, ${occ.from}::date)))
        from reservations r2 where r2.tower_id = t.id and r2.status <> 'liberada' and r2.order_item_id is not null
          and r2.starts_on <= ${occ.to}::date and r2.ends_on > ${occ.from}::date), 0)::int as booked,
      (t.slots * (${occ.to}::date - ${occ.from}::date + 1))::int as capacity
    from towers t join products p on p.id = t.product_id
    where p.status = 'ativo' or exists (select 1 from reservations r3 where r3.tower_id = t.id and r3.status <> 'liberada'
      and r3.order_item_id is not null and r3.starts_on <= ${occ.to}::date and r3.ends_on > ${occ.from}::date)
    order by p.name, t.name`);
  return occupancy.rows.map((x) => ({
    ...x,
    slots: Number(x.slots),
    booked: Number(x.booked),
    capacity: Number(x.capacity),
    rate: Number(x.capacity) ? Number(x.booked) / Number(x.capacity) : 0,
  }));
}

export async function salesReport(
  db: Db,
  r: Range,
  occ: Range = resolveOccupancyRange(undefined, undefined),
) {
  const days =
    (new Date(`${r.to}T00:00:00Z`).getTime() - new Date(`${r.from}T00:00:00Z`).getTime()) / 86_400_000 + 1;
  const grain: 'day' | 'month' = days > 92 ? 'month' : 'day';
  const period = await db.execute<PeriodRow>(sql`
    select to_char(date_trunc(${grain}, (o.paid_at at time zone ${TZ})), ${grain === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD'}) as period,
      count(*)::int as orders, sum(o.total)::bigint as revenue,
      sum(o.discount + o.coupon_discount)::bigint as discount,
      sum(o.agency_commission)::bigint as agency_commission
    from orders o where ${paidIn(r)}
    group by 1 order by 1`);
  const byProduct = await db.execute<{
    product_id: string;
    name: string;
    type: ProductType;
    city: string;
    state: string;
    items: number;
    revenue: string;
  }>(sql`
    select i.product_id, max(i.product_name) as name, max(i.product_type) as type, max(i.city) as city, max(i.state) as state,
      count(*)::int as items, sum(i.total)::bigint as revenue
    from order_items i join orders o on o.id = i.order_id where ${paidIn(r)}
    group by i.product_id order by revenue desc, name`);
  const byCity = await db.execute<{
    city: string;
    state: string;
    orders: number;
    items: number;
    revenue: string;
  }>(sql`
    select i.city, i.state, count(distinct o.id)::int as orders, count(*)::int as items, sum(i.total)::bigint as revenue
    from order_items i join orders o on o.id = i.order_id where ${paidIn(r)}
    group by i.city, i.state order by revenue desc, i.city`);
  const byType = await db.execute<{ type: ProductType; items: number; revenue: string }>(sql`
    select i.product_type as type, count(*)::int as items, sum(i.total)::bigint as revenue
    from order_items i join orders o on o.id = i.order_id where ${paidIn(r)}
    group by i.product_type order by revenue desc`);
  const customers = await db.execute<{
    user_id: string;
    name: string;
    email: string;
    orders: number;
    revenue: string;
  }>(sql`
    select p.id as user_id, p.nome_completo as name, p.email, count(*)::int as orders, sum(o.total)::bigint as revenue
    from orders o join profiles p on p.id = o.user_id where ${paidIn(r)}
    group by p.id order by revenue desc, p.email limit 20`);
  const ocupacao = await towerOccupancy(db, occ);

  const totals = period.rows.reduce(
    (acc, row) => ({ orders: acc.orders + Number(row.orders), revenue: acc.revenue + Number(row.revenue) }),
    { orders: 0, revenue: 0 },
  );
  return {
    range: r,
    occupancy_range: occ,
    grain,
    totals: { ...totals, average_ticket: totals.orders ? Math.round(totals.revenue / totals.orders) : 0 },
    periodo: period.rows.map((x) => ({
      period: x.period,
      orders: Number(x.orders),
      revenue: Number(x.revenue),
      discount: Number(x.discount),
      agency_commission: Number(x.agency_commission),
    })),
    produtos: byProduct.rows.map((x) => ({ ...x, items: Number(x.items), revenue: Number(x.revenue) })),
    cidades: byCity.rows.map((x) => ({
      ...x,
      orders: Number(x.orders),
      items: Number(x.items),
      revenue: Number(x.revenue),
    })),
    tipos: byType.rows.map((x) => ({ type: x.type, items: Number(x.items), revenue: Number(x.revenue) })),
    clientes: customers.rows.map((x) => ({ ...x, orders: Number(x.orders), revenue: Number(x.revenue) })),
    ocupacao,
  };
}
export type SalesReport = Awaited<ReturnType<typeof salesReport>>;

// ---- CSV in pt-BR: ";" between fields (the comma is the decimal sign), UTF-8 with BOM for spreadsheets.

export const csvMoney = formatAmount;
const int = formatInteger;
const percent = (rate: number) => formatPercent(rate, 1);
/** 2026-11-21 → 21/11/2026; 2026-11 → 11/2026. */
const day = (iso: string) => iso.split('-').reverse().join('/');
const typeLabel = (t: string) => productTypeLabels[t as ProductType] ?? t;

export function csvCell(value: string): string {
  // Formula injection: a spreadsheet must not run a cell that starts like a formula.
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function reportCsv(report: SalesReport, table: ReportTable): { filename: string; body: string } {
  let header: string[];
  let rows: string[][];
  switch (table) {
    case 'periodo':
      header = ['Período', 'Pedidos', 'Receita (R$)', 'Descontos (R$)', 'Desconto-padrão de agência (R$)'];
      rows = report.periodo.map((r) => [
        day(r.period),
        int(r.orders),
        csvMoney(r.revenue),
        csvMoney(r.discount),
        csvMoney(r.agency_commission),
      ]);
      break;
    case 'produtos':
      header = ['Produto', 'Tipo', 'Cidade', 'UF', 'Itens', 'Receita (R$)'];
      rows = report.produtos.map((r) => [
        r.name,
        typeLabel(r.type),
        r.city,
        r.state,
        int(r.items),
        csvMoney(r.revenue),
      ]);
      break;
    case 'cidades':
      header = ['Cidade', 'UF', 'Pedidos', 'Itens', 'Receita (R$)'];
      rows = report.cidades.map((r) => [r.city, r.state, int(r.orders), int(r.items), csvMoney(r.revenue)]);
      break;
    case 'tipos':
      header = ['Tipo', 'Itens', 'Receita (R$)'];
      rows = report.tipos.map((r) => [typeLabel(r.type), int(r.items), csvMoney(r.revenue)]);
      break;
    case 'ocupacao':
      header = [
        'Produto',
        'Cidade',
        'Torre',
        'Slots',
        'Slot-dias reservados',
        'Slot-dias disponíveis',
        'Ocupação',
      ];
      rows = report.ocupacao.map((r) => [
        r.product,
        r.city,
        r.tower,
        int(r.slots),
        int(r.booked),
        int(r.capacity),
        percent(r.rate),
      ]);
      break;
    case 'clientes':
      header = ['Cliente', 'Email', 'Pedidos', 'Receita (R$)'];
      rows = report.clientes.map((r) => [r.name, r.email, int(r.orders), csvMoney(r.revenue)]);
      break;
  }
  const range = table === 'ocupacao' ? report.occupancy_range : report.range;
  const lines = [header, ...rows].map((line) =>
    line.map((v) => csvCell(v.replace(/\u00a0/g, ' '))).join(';'),
  );
  return {
    filename: `urbana-relatorio-${table}-${range.from}-a-${range.to}.csv`,
    body: `\uFEFF${lines.join('\r\n')}\r\n`,
  };
}
