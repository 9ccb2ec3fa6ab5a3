/**
 * Issue #16 items 2, 3, 4, 13 and 15: one face booked once per period, the audience of the chosen
 * towers, one period text ("de … até …") in every document, a Unicode invoice, sentences instead of
 * status codes in notifications and e-mails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  addDays,
  earliestBookableStart,
  formatBookingPeriod,
  formatDate,
  orderStatuses,
  todayInBrasilia,
} from '@urbana/shared';
import {
  coupons,
  emailLog,
  invoices,
  notifications,
  orders,
  products,
  towers,
} from '../src/db/schema/index.ts';
import { billingPf, createTestApp, createUser, inject, signIn, type TestContext } from './helpers.ts';

let ctx: TestContext;
let ana: { cookie: string; id: string; email: string };
let operador: string;
let outdoor: string;
let condo: { product: string; towers: string[] };
// The example (09/12 for two weeks) while it is still bookable; a later Wednesday otherwise.
const earliest = earliestBookableStart(todayInBrasilia(), 2);
const START = '2026-12-09' >= earliest ? '2026-12-09' : addDays(earliest, 14);
let keyN = 0;

async function product(p: { name: string; type: 'outdoor' | 'torre'; towers: Array<[number, number]> }) {
  const [row] = await ctx.database.db
    .insert(products)
    .values({
      slug: p.name.toLowerCase().replace(/\W+/g, '-'),
      name: p.name,
      type: p.type,
      city: 'Brasília',
      state: 'DF',
      latitude: -15.79,
      longitude: -47.88,
      daily_price: 10_000,
      is_tower_based: p.type === 'torre',
      weekly_audience: p.towers.reduce((s, [audience]) => s + audience, 0),
    })
    .returning();
  const ts = await ctx.database.db
    .insert(towers)
    .values(
      p.towers.map(([weekly_audience, slots], i) => ({
        product_id: row!.id,
        name: `Torre ${String.fromCharCode(65 + i)}`,
        weekly_audience,
        slots,
      })),
    )
    .returning();
  return { product: row!.id, towers: ts.map((t) => t.id) };
}

const line = (productId: string, extra: Record<string, unknown> = {}) => ({
  product_id: productId,
  start_date: START,
  weeks: 2,
  tower_ids: [],
  ...extra,
});
const quote = (items: object[], coupon_code?: string) =>
  inject(ctx, { method: 'POST', url: '/api/checkout/quote', payload: { items, coupon_code } });
const order = (items: object[], coupon_code?: string) =>
  inject(ctx, {
    method: 'POST',
    url: '/api/orders',
    cookie: ana.cookie,
    headers: { 'idempotency-key': `doc-${++keyN}-${Date.now()}` },
    payload: { items, coupon_code },
  });
async function pdfText(body: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  return (await extractText(pdf, { mergePages: true })).text;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const a = await createUser(ctx, { nome: 'Ana Souza' });
  ana = { cookie: await signIn(ctx, a.email, a.password), id: a.user.id, email: a.email };
  const o = await createUser(ctx, { tipo: 'operador', email: 'op-docs@urbana.com.br' });
  operador = await signIn(ctx, o.email, o.password);
  outdoor = (await product({ name: 'Outdoor Eixo Monumental', type: 'outdoor', towers: [[40_000, 3]] }))
    .product;
  condo = await product({
    name: 'Condomínio Aurora',
    type: 'torre',
    towers: [
      [1_000, 2],
      [2_500, 2],
      [7_000, 2],
    ],
  });
  await inject(ctx, {
    method: 'PUT',
    url: '/api/billing-profile',
    cookie: ana.cookie,
    payload: { ...billingPf, name: 'Conceição Publicidade Ltda' },
  });
  await ctx.database.db.insert(coupons).values({ code: 'BEMVINDO10', kind: 'percentual', value: 10 });
});
afterAll(async () => {
  await ctx.close();
});

describe('a face booked once per period (issue #16 item 2)', () => {
  const message =
    'Outdoor Eixo Monumental aparece duas vezes no pedido com semanas que se sobrepõem. Remova um dos itens ou mude o período.';

  it('the quote refuses the same face twice for overlapping weeks', async () => {
    const res = await quote([line(outdoor), line(outdoor, { start_date: addDays(START, 7), weeks: 1 })]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('the order refuses it too, and nothing is written', async () => {
    const before = await ctx.database.db.select({ n: count() }).from(orders);
    const res = await order([line(outdoor), line(outdoor)]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    const after = await ctx.database.db.select({ n: count() }).from(orders);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('towers in common overlap; other towers or following weeks do not', async () => {
    const shared = await quote([
      line(condo.product, { tower_ids: [condo.towers[0], condo.towers[1]] }),
      line(condo.product, { tower_ids: [condo.towers[1]] }),
    ]);
    expect(shared.statusCode).toBe(400);
    expect(shared.json().message).toContain('Condomínio Aurora aparece duas vezes');
    const apart = await quote([
      line(condo.product, { tower_ids: [condo.towers[0]] }),
      line(condo.product, { tower_ids: [condo.towers[1]] }),
      line(outdoor),
      line(outdoor, { start_date: addDays(START, 14) }),
    ]);
    expect(apart.statusCode).toBe(200);
  });
});

describe('the audience of the chosen towers (issue #16 item 3, issue #43 item 6)', () => {
  const chosen = () => [condo.towers[0]!, condo.towers[2]!];

  it('the quote gives audience = chosen towers ÷ their loop’s spots × weeks and CPM = price ÷ audience × 1000', async () => {
    const res = await quote([line(condo.product, { tower_ids: chosen(), weeks: 3 })]);
    expect(res.statusCode).toBe(200);
    const [item] = res.json().items;
    // Screens of 2 slots: each booking holds one spot of the loop, half of each tower's audience.
    expect(item.audience).toBe(((1_000 + 7_000) / 2) * 3);
    // 10 000 centavos a day × 7 × 3 weeks × 2 towers = 420 000 centavos; 420 000 × 1000 / 12 000.
    expect(item.cpm).toBe(35_000);
  });

  it('the order answer carries the same audience and CPM per item (issue #23 item 1)', async () => {
    // Far from the other tests' weeks, so no slot they need is taken.
    const placed = await order([
      line(condo.product, { tower_ids: chosen(), weeks: 3, start_date: addDays(START, 70) }),
    ]);
    expect(placed.statusCode).toBe(201);
    const res = await inject(ctx, {
      method: 'GET',
      url: `/api/orders/${placed.json().id}`,
      cookie: ana.cookie,
    });
    expect(res.statusCode).toBe(200);
    const [item] = res.json().items;
    expect(item.audience).toBe(((1_000 + 7_000) / 2) * 3);
    expect(item.cpm).toBe(35_000);
  });

  it('the proposal PDF prints the same audience, not the whole product’s', async () => {
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/proposta',
      payload: { items: [line(condo.product, { tower_ids: chosen(), weeks: 3 })] },
    });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Audiência estimada no período: 12.000 impactos');
    expect(text).not.toContain('31.500');
    expect(text).not.toContain('24.000');
    expect(text).toContain('Audiência total estimada: 12.000 impactos');
    expect(text).toContain('CPM: R$ 350,00');
    expect(text).toContain(`Período: ${formatBookingPeriod(START, 3)}`);
  });
});

describe('one period text, a Unicode invoice and sentences (issue #16 items 4, 13, 15)', () => {
  let orderId = '';
  let code = '';

  beforeAll(async () => {
    const res = await order([line(outdoor)], 'BEMVINDO10');
    expect(res.statusCode).toBe(201);
    orderId = res.json().id;
    code = res.json().code;
  });

  it('the order e-mail and notification name the period "de … até …" with the last day', async () => {
    const [mail] = await ctx.database.db
      .select()
      .from(emailLog)
      .where(and(eq(emailLog.to_email, ana.email), eq(emailLog.template, 'pedido_recebido')))
      .orderBy(desc(emailLog.created_at))
      .limit(1);
    const last = formatDate(addDays(START, 13));
    expect(mail!.body_text).toContain(`Outdoor Eixo Monumental: de ${formatDate(START)} até ${last}`);
    expect(mail!.body_html).toContain(`de ${formatDate(START)} até ${last}`);
    expect(mail!.body_text).not.toContain(formatDate(addDays(START, 14)));
    if (START === '2026-12-09') expect(mail!.body_text).toContain('até 22/12/2026');
  });

  it('the invoice PDF: Unicode name, the period to the last day, one line per discount with the coupon', async () => {
    // The billing snapshot of the order is what the invoice prints: a name no Latin-1 font can draw.
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    await ctx.database.db
      .update(orders)
      .set({ billing: { ...(row!.billing as object), name: 'Conceição 😀 Ltda' } })
      .where(eq(orders.id, orderId));
    const [inv] = await ctx.database.db.select().from(invoices).where(eq(invoices.order_id, orderId));
    const res = await inject(ctx, { method: 'GET', url: `/api/invoices/${inv!.id}/pdf`, cookie: ana.cookie });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Conceição 😀 Ltda');
    expect(text).toContain(formatBookingPeriod(START, 2));
    expect(text).not.toMatch(/\d{2}\/\d{2}\/\d{4} a \d{2}\/\d{2}\/\d{4}/);
    expect(text).toContain('Cupom BEMVINDO10');
    expect(text).toContain('−R$ 140,00');
    if (START === '2026-12-09') expect(text).toContain('até 22/12/2026');
  });

  it('notifications and e-mails of the order events are sentences, never status codes', async () => {
    const pay = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/orders/${orderId}/confirm-payment`,
      cookie: operador,
    });
    expect(pay.statusCode).toBe(200);
    const other = await order([line(outdoor, { start_date: addDays(START, 28) })]);
    const cancel = await inject(ctx, {
      method: 'POST',
      url: `/api/orders/${other.json().id}/cancel`,
      cookie: ana.cookie,
    });
    expect(cancel.statusCode).toBe(200);

    const notes = await ctx.database.db.select().from(notifications).where(eq(notifications.user_id, ana.id));
    const paid = notes.find((n) => n.kind === 'pedido_pago');
    expect(paid?.title).toBe(`Recebemos o pagamento do pedido ${code}`);
    const cancelled = notes.find((n) => n.kind === 'pedido_cancelado');
    expect(cancelled?.title).toBe(`O pedido ${other.json().code} foi cancelado`);
    const mails = await ctx.database.db.select().from(emailLog).where(eq(emailLog.to_email, ana.email));
    expect(mails.map((m) => m.subject)).toContain(`Recebemos o pagamento do pedido ${code}`);
    // Codes with an underscore never read as words; the old titles were "Pedido URB-…: pago".
    const codes = new RegExp(
      `${[...orderStatuses.filter((s) => s.includes('_')), 'em_analise'].join('|')}|: (${orderStatuses.join('|')})\\b`,
    );
    for (const n of notes) expect(`${n.title} ${n.body}`).not.toMatch(codes);
    for (const m of mails) expect(`${m.subject} ${m.body_text}`).not.toMatch(codes);
  });
});
