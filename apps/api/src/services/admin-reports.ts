import { sql, type SQL } from 'drizzle-orm';
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
import { TZ } from './admin.ts';
import { figuresWith, revenueTotals, towerOccupancy, type Range } from './figures.ts';

export type { Range };

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

/** A sales table of the range: the counted orders' figures (services/figures.ts) grouped by `keys`. */
async function itemTable<T>(db: Db, r: Range, select: SQL, groupBy: SQL, orderBy: SQL) {
  const { rows } = await db.execute(sql`${figuresWith(r)}
    select ${select}, count(*)::int as items, sum(x.gross)::bigint as gross, sum(x.net)::bigint as revenue
    from item_figures x group by ${groupBy} order by revenue desc, ${orderBy}`);
  return rows.map((row) => ({
    ...row,
    items: Number(row.items),
    gross: Number(row.gross),
    revenue: Number(row.revenue),
  })) as Array<T & { items: number; gross: number; revenue: number }>;
}

async function periodTable(db: Db, r: Range, grain: 'day' | 'month') {
  const { rows } = await db.execute<
    Record<'orders' | 'gross' | 'discount' | 'agency_commission' | 'refunds' | 'revenue', string> & {
      period: string;
    }
  >(sql`${figuresWith(r)}
    select to_char(date_trunc(${grain}, (c.paid_at at time zone ${TZ})), ${grain === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD'}) as period,
      count(*)::int as orders, sum(c.gross)::bigint as gross, sum(c.discounts)::bigint as discount,
      sum(c.agency_commission)::bigint as agency_commission,
      sum(c.refunds)::bigint as refunds, sum(c.net)::bigint as revenue
    from counted c group by 1 order by 1`);
  return rows.map((x) => ({
    period: x.period,
    orders: Number(x.orders),
    gross: Number(x.gross),
    discount: Number(x.discount),
    agency_commission: Number(x.agency_commission),
    refunds: Number(x.refunds),
    revenue: Number(x.revenue),
  }));
}

async function customerTable(db: Db, r: Range) {
  const { rows } = await db.execute<{
    user_id: string;
    name: string;
    email: string;
    orders: number;
    revenue: string;
  }>(
    sql`${figuresWith(r)}
    select p.id as user_id, p.nome_completo as name, p.email, count(*)::int as orders, sum(c.net)::bigint as revenue
    from counted c join profiles p on p.id = c.user_id
    group by p.id order by revenue desc, p.email limit 20`,
  );
  return rows.map((x) => ({ ...x, orders: Number(x.orders), revenue: Number(x.revenue) }));
}

/**
 * Sales of the range and occupancy of `occ`. "Receita" is the receita líquida everywhere (bruto −
 * descontos − reembolsos, services/figures.ts); tables of items also give the bruto.
 */
export async function salesReport(
  db: Db,
  r: Range,
  occ: Range = resolveOccupancyRange(undefined, undefined),
) {
  const days =
    (new Date(`${r.to}T00:00:00Z`).getTime() - new Date(`${r.from}T00:00:00Z`).getTime()) / 86_400_000 + 1;
  const grain: 'day' | 'month' = days > 92 ? 'month' : 'day';
  const produtos = await itemTable<{
    product_id: string;
    name: string;
    type: ProductType;
    city: string;
    state: string;
  }>(
    db,
    r,
    sql`x.product_id, max(x.product_name) as name, max(x.product_type) as type, max(x.city) as city, max(x.state) as state`,
    sql`x.product_id`,
    sql`name`,
  );
  const cidades = await itemTable<{ city: string; state: string; orders: number }>(
    db,
    r,
    sql`x.city, x.state, count(distinct x.order_id)::int as orders`,
    sql`x.city, x.state`,
    sql`x.city`,
  );
  const tipos = await itemTable<{ type: ProductType }>(
    db,
    r,
    sql`x.product_type as type`,
    sql`x.product_type`,
    sql`type`,
  );
  return {
    range: r,
    occupancy_range: occ,
    grain,
    totals: await revenueTotals(db, r),
    periodo: await periodTable(db, r, grain),
    produtos,
    cidades: cidades.map((x) => ({ ...x, orders: Number(x.orders) })),
    tipos,
    clientes: await customerTable(db, r),
    ocupacao: await towerOccupancy(db, occ),
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

/** The occupancy table: slot-days sold, in reserva técnica and blocked, and the two rates (decision 092). */
function occupancyCsv(report: SalesReport): [string[], string[][]] {
  const header = [
    'Produto',
    'Cidade',
    'Torre',
    'Slots',
    'Slot-dias vendidos',
    'Slot-dias em reserva técnica',
    'Slot-dias bloqueados',
    'Slot-dias no período',
    'Ocupação (vendas)',
    'Indisponível (vendas, reservas e bloqueios)',
  ];
  const rows = report.ocupacao.map((r) => [
    r.product,
    r.city,
    r.tower,
    int(r.slots),
    int(r.booked),
    int(r.technical),
    int(r.blocked),
    int(r.capacity),
    percent(r.rate),
    percent(r.unavailable_rate),
  ]);
  return [header, rows];
}

export function reportCsv(report: SalesReport, table: ReportTable): { filename: string; body: string } {
  let header: string[];
  let rows: string[][];
  switch (table) {
    case 'periodo':
      header = [
        'Período',
        'Pedidos',
        'Bruto (R$)',
        'Descontos (R$)',
        'Desconto-padrão de agência (R$)',
        'Reembolsos (R$)',
        'Receita líquida (R$)',
      ];
      rows = report.periodo.map((r) => [
        day(r.period),
        int(r.orders),
        csvMoney(r.gross),
        csvMoney(r.discount),
        csvMoney(r.agency_commission),
        csvMoney(r.refunds),
        csvMoney(r.revenue),
      ]);
      break;
    case 'produtos':
      header = ['Produto', 'Tipo', 'Cidade', 'UF', 'Itens', 'Bruto (R$)', 'Receita líquida (R$)'];
      rows = report.produtos.map((r) => [
        r.name,
        typeLabel(r.type),
        r.city,
        r.state,
        int(r.items),
        csvMoney(r.gross),
        csvMoney(r.revenue),
      ]);
      break;
    case 'cidades':
      header = ['Cidade', 'UF', 'Pedidos', 'Itens', 'Bruto (R$)', 'Receita líquida (R$)'];
      rows = report.cidades.map((r) => [
        r.city,
        r.state,
        int(r.orders),
        int(r.items),
        csvMoney(r.gross),
        csvMoney(r.revenue),
      ]);
      break;
    case 'tipos':
      header = ['Tipo', 'Itens', 'Bruto (R$)', 'Receita líquida (R$)'];
      rows = report.tipos.map((r) => [
        typeLabel(r.type),
        int(r.items),
        csvMoney(r.gross),
        csvMoney(r.revenue),
      ]);
      break;
    case 'ocupacao':
      [header, rows] = occupancyCsv(report);
      break;
    case 'clientes':
      header = ['Cliente', 'Email', 'Pedidos', 'Receita líquida (R$)'];
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
