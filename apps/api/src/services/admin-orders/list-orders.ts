import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  foldText,
  storedFigures,
  normalizeDocument,
  formatDateTime,
  orderStatusLabels,
  paymentMethodLabels,
  todayInBrasilia,
  type AdminOrderListQuery,
  type AdminOrderRow,
} from '@urbana/shared';
import type { Db } from '../../db/client.ts';
import { coupons, orderItems, orders, profiles } from '../../db/schema/index.ts';
import { foldedSql, textSearch } from '../../db/search.ts';
import { TZ } from '../admin.ts';
import { csvCell, csvMoney } from '../admin-reports.ts';
import { countsAsRevenue, netSql, refundSql } from '../figures.ts';

/** The start of a masked CNPJ, numeric or alphanumeric ("12.ABC.345/01DE-35", "12.abc"). */
const MASKED_CNPJ = /^[0-9a-z]{2}\.[0-9a-z]{1,3}(?:\.[0-9a-z]{0,3}(?:\/[0-9a-z]{0,4}(?:-\d{0,2})?)?)?$/i;

/**
 * "123.456.789-09", "12.345.678/0001-95" and "12.abc.345/01de-35" are searched as the billing snapshot
 * keeps them: upper-case letters and digits (issue #42). An order code ("URB-…") keeps its dash.
 */
function documentQuery(q: string | undefined): string | undefined {
  const trimmed = q?.trim();
  if (trimmed && MASKED_CNPJ.test(trimmed)) return normalizeDocument(trimmed);
  return q?.replace(/(\d)[.\-/](?=\d)/g, '$1');
}

/** The WHERE of /admin/pedidos: search (code, customer, CPF/CNPJ, e-mail), status, method, period, city. */
function listConditions(input: AdminOrderListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  const search = textSearch(documentQuery(input.q), [
    orders.code,
    profiles.nome_completo,
    profiles.email,
    sql`${orders.billing}->>'name'`,
    sql`${orders.billing}->>'document'`,
  ]);
  if (search) conditions.push(search);
  if (input.status) conditions.push(eq(orders.status, input.status));
  if (input.metodo) conditions.push(eq(orders.payment_method, input.metodo));
  const placedOn = sql`(${orders.created_at} at time zone ${TZ})::date`;
  if (input.from) conditions.push(sql`${placedOn} >= ${input.from}::date`);
  if (input.to) conditions.push(sql`${placedOn} <= ${input.to}::date`);
  if (input.cidade) {
    conditions.push(sql`exists (select 1 from ${orderItems} i where i.order_id = ${orders.id}
      and ${foldedSql(sql`i.city`)} = ${foldText(input.cidade)})`);
  }
  return conditions.length ? and(...conditions) : undefined;
}

const sortColumns = {
  created_at: orders.created_at,
  total: orders.total,
  code: orders.code,
  customer: profiles.nome_completo,
  expires_at: orders.expires_at,
} as const;

/** The page of orders with what the list and the CSV show of each. */
async function queryOrders(db: Db, input: AdminOrderListQuery, limit: { page: number; pageSize: number }) {
  const where = listConditions(input);
  const [total] = await db
    .select({ n: count() })
    .from(orders)
    .innerJoin(profiles, eq(profiles.id, orders.user_id))
    .where(where);
  const column = sortColumns[input.sort];
  const rows = await db
    .select({
      order: orders,
      customer_name: profiles.nome_completo,
      email: profiles.email,
      cities: sql<string[]>`(select coalesce(array_agg(distinct i.city || '/' || i.state), '{}')
        from ${orderItems} i where i.order_id = ${orders.id})`,
      items: sql<number>`(select count(*)::int from ${orderItems} i where i.order_id = ${orders.id})`,
      coupon: sql<string | null>`(select c.code from ${coupons} c where c.id = ${orders.coupon_id})`,
      // The figures of services/figures.ts: what staff give back, and what Urbana keeps.
      refund: sql<string>`${refundSql(sql.raw('"orders"'))}::bigint`,
      net: sql<string>`(case when ${countsAsRevenue(sql.raw('"orders"'))} then ${netSql(sql.raw('"orders"'))} else 0 end)::bigint`,
    })
    .from(orders)
    .innerJoin(profiles, eq(profiles.id, orders.user_id))
    .where(where)
    .orderBy(input.dir === 'asc' ? asc(column) : desc(column), orders.id)
    .limit(limit.pageSize)
    .offset((limit.page - 1) * limit.pageSize);
  return { total: total?.n ?? 0, rows };
}

type OrderRow = Awaited<ReturnType<typeof queryOrders>>['rows'][number];

function toRow({ order, ...r }: OrderRow): AdminOrderRow {
  return {
    id: order.id,
    code: order.code,
    status: order.status,
    payment_method: order.payment_method,
    total: order.total,
    created_at: order.created_at.toISOString(),
    expires_at: order.expires_at.toISOString(),
    paid_at: order.paid_at?.toISOString() ?? null,
    figures: storedFigures(order),
    customer: {
      id: order.user_id,
      name: (order.billing as { name?: string }).name || r.customer_name,
      email: r.email,
      document: (order.billing as { document?: string }).document ?? '',
    },
    cities: r.cities ?? [],
    items: Number(r.items),
  };
}

export async function listAdminOrders(
  db: Db,
  input: AdminOrderListQuery,
  limit: { page: number; pageSize: number } = { page: input.page, pageSize: input.page_size },
): Promise<{ total: number; rows: AdminOrderRow[] }> {
  const { total, rows } = await queryOrders(db, input, limit);
  return { total, rows: rows.map(toRow) };
}

/** At most this many rows in one CSV export (a year of orders of a busy network). */
export const ORDERS_CSV_MAX_ROWS = 10_000;

const localTime = (iso: string | null) => (iso ? formatDateTime(iso) : '');

/** The filtered list as CSV in pt-BR (";" between fields, UTF-8 with BOM), as the reports export it. */
export async function adminOrdersCsv(db: Db, input: AdminOrderListQuery) {
  const { rows } = await queryOrders(db, input, { page: 1, pageSize: ORDERS_CSV_MAX_ROWS });
  // The money columns are the figures of the reports (decision 092): bruto − descontos = total;
  // total − reembolso = receita líquida (zero for an order that is not revenue: unpaid, expired…).
  const header = [
    'Pedido',
    'Situação',
    'Forma de pagamento',
    'Bruto (R$)',
    'Descontos (R$)',
    'Cupom',
    'Total (R$)',
    'Reembolso (R$)',
    'Receita líquida (R$)',
    'Cliente',
    'CPF/CNPJ',
    'E-mail',
    'Cidades',
    'Itens',
    'Feito em',
    'Pago em',
    // Decision 098: the three figures; a direct customer's gross is its total, with no commission.
    'Valor bruto da veiculação (R$)',
    'Desconto-padrão de agência (R$)',
    'Valor líquido (R$)',
  ];
  const lines = rows
    .map((raw) => [raw, toRow(raw)] as const)
    .map(([{ order, ...x }, r]) => [
      r.code,
      orderStatusLabels[r.status],
      paymentMethodLabels[r.payment_method],
      csvMoney(order.subtotal),
      csvMoney(order.discount + order.coupon_discount),
      x.coupon ?? '',
      csvMoney(r.total),
      csvMoney(Number(x.refund)),
      csvMoney(Number(x.net)),
      r.customer.name,
      r.customer.document,
      r.customer.email,
      r.cities.join(', '),
      String(r.items),
      localTime(r.created_at),
      localTime(r.paid_at),
      csvMoney(r.figures.gross),
      csvMoney(r.figures.commission),
      csvMoney(r.figures.net),
    ]);
  const body = [header, ...lines].map((line) => line.map((v) => csvCell(v)).join(';'));
  return {
    filename: `urbana-pedidos-${todayInBrasilia()}.csv`,
    body: `\uFEFF${body.join('\r\n')}\r\n`,
  };
}
