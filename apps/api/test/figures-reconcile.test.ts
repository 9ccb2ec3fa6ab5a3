import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earliestBookableStart, todayInBrasilia } from '@urbana/shared';
import { coupons } from '../src/db/schema/index.ts';
import { createTestApp, inject, NO_ORDER_LIMITS, type TestContext } from './helpers.ts';
import { billing, insertProduct, person, placeOrder, START, type Person } from './security/world.ts';

/**
 * Issue #40 item 4: one definition of each figure (docs/decisions/092-one-definition-of-each-figure.md).
 * The same orders give the same receita líquida on the dashboard, in the report, in the report's CSV
 * and in the orders CSV; money kept from an order cancelled after payment counts.
 */

let ctx: TestContext;
let cliente: Person;
let admin: Person;
let productId: string;
let towerId: string;
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp({ env: { ...NO_ORDER_LIMITS, ADMIN_EMAILS: 'chefe@urbana.com.br' } });
  cliente = await person(ctx, { nome: 'Lúcia Figueira' });
  admin = await person(ctx, { tipo: 'admin', email: 'chefe@urbana.com.br', nome: 'Chefe' });
  const res = await inject(ctx, {
    method: 'PUT',
    url: '/api/billing-profile',
    cookie: cliente.cookie,
    payload: { ...billing, person_type: 'pj', name: 'Figueira Ltda.', document: '11.222.333/0001-81' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const face = await insertProduct(ctx.database, 'Empena Asa Norte', 10_000, 4);
  productId = face.id;
  towerId = face.towerId;
  await ctx.database.db.insert(coupons).values({ code: 'FIGURA10', kind: 'percentual', value: 10 });
});
afterAll(() => ctx.close());

const staff = (method: 'GET' | 'POST', url: string, payload?: object) =>
  inject(ctx, {
    method,
    url,
    cookie: admin.cookie,
    ...(payload ? { payload } : {}),
    remoteAddress: `10.79.0.${++n % 250}`,
  });

async function order(extra: object = {}) {
  return placeOrder(ctx, cliente, productId, {
    payment_method: 'faturado',
    items: [{ product_id: productId, start_date: START, weeks: 1, tower_ids: [] }],
    ...extra,
  });
}
async function paid(extra: object = {}) {
  const o = await order(extra);
  const res = await staff('POST', `/api/admin/orders/${o.id}/confirm-payment`);
  expect(res.statusCode, res.body).toBe(200);
  return o;
}

/** The cells of a CSV column, as centavos ("1.234,56" → 123456). */
function column(csv: string, header: string): number[] {
  const [head, ...lines] = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  const at = head!.split(';').indexOf(header);
  expect(at, `${header} in ${head}`).toBeGreaterThanOrEqual(0);
  return lines.map((l) => Number(l.split(';')[at]!.replace(/\./g, '').replace(',', '')));
}
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

describe('uma receita líquida no painel, no relatório e nos CSVs', () => {
  it('conta o que ficou de um pedido cancelado depois de pago, descontos e cupom à parte', async () => {
    const withCoupon = await paid({ coupon_code: 'FIGURA10' });
    const kept = await paid();
    await order(); // unpaid: no figure
    const cancel = await staff('POST', `/api/admin/pedidos/${kept.id}/cancelar`, {
      motivo: 'Cliente desistiu da campanha',
      reembolso: 'parcial',
      valor_reembolso: 30_000,
      motivo_reembolso: 'Metade da semana, por acordo com o cliente',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const gross = 2 * 70_000;
    const couponDiscount = 7_000;
    const net = withCoupon.total + kept.total - 30_000;
    expect(withCoupon.total).toBe(70_000 - couponDiscount);

    const today = todayInBrasilia();
    const range = `from=${today.slice(0, 7)}-01&to=${today}`;

    const dashboard = (await staff('GET', '/api/admin/resumo')).json();
    expect(dashboard.revenue_this_month).toBe(net);
    expect(dashboard.orders_this_month).toBe(2);

    const report = (await staff('GET', `/api/admin/relatorios?${range}`)).json();
    expect(report.totals).toMatchObject({
      orders: 2,
      gross,
      discounts: couponDiscount,
      refunds: 30_000,
      revenue: net,
    });
    // Every table gives the same receita líquida: the items of an order add up to it.
    for (const table of ['periodo', 'produtos', 'cidades', 'tipos', 'clientes'] as const) {
      expect(sum(report[table].map((r: { revenue: number }) => r.revenue)), table).toBe(net);
    }

    const periodCsv = (await staff('GET', `/api/admin/relatorios/csv?${range}&tabela=periodo`)).body;
    expect(sum(column(periodCsv, 'Receita líquida (R$)'))).toBe(net);
    expect(sum(column(periodCsv, 'Reembolsos (R$)'))).toBe(30_000);
    expect(sum(column(periodCsv, 'Bruto (R$)'))).toBe(gross);

    const ordersCsv = await staff('GET', `/api/admin/pedidos/csv?from=${today.slice(0, 7)}-01&to=${today}`);
    expect(ordersCsv.statusCode, ordersCsv.body).toBe(200);
    expect(sum(column(ordersCsv.body, 'Receita líquida (R$)'))).toBe(net);
    expect(sum(column(ordersCsv.body, 'Reembolso (R$)'))).toBe(30_000);
    expect(ordersCsv.body).toContain(';FIGURA10;');
    const head = ordersCsv.body.replace(/^\uFEFF/, '').split('\r\n')[0]!;
    expect(head).toContain('Bruto (R$);Descontos (R$);Cupom;Total (R$);Reembolso (R$);Receita líquida (R$)');
  });

  it('a ocupação conta reservas técnicas e bloqueios como o inventário, à parte das vendas', async () => {
    const start = earliestBookableStart(todayInBrasilia(), 2);
    const block = await staff('POST', '/api/admin/inventario/bloqueios', {
      tower_ids: [towerId],
      start_date: start,
      weeks: 1,
      reason: 'Manutenção da estrutura',
    });
    expect(block.statusCode, block.body).toBe(201);
    const res = await staff('GET', `/api/admin/relatorios?ocupacao_de=${start}&ocupacao_ate=${start}`);
    const row = res.json().ocupacao.find((r: { tower_id: string }) => r.tower_id === towerId);
    // A block takes every slot of the face: 4 slot-days of the one day, none of them a sale.
    expect(row).toMatchObject({
      booked: 0,
      technical: 0,
      blocked: 4,
      capacity: 4,
      rate: 0,
      unavailable_rate: 1,
    });
    const csv = (
      await staff(
        'GET',
        `/api/admin/relatorios/csv?ocupacao_de=${start}&ocupacao_ate=${start}&tabela=ocupacao`,
      )
    ).body;
    expect(csv).toContain('Slot-dias bloqueados');
    expect(csv).toMatch(/Empena Asa Norte;Brasília;Face A;4;0;0;4;4;0,0\s?%;100,0\s?%/);
  });
});
