import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { addDays, earliestBookableStart, formatMoney, todayInBrasilia } from '@urbana/shared';
import {
  emailLog,
  invoices,
  notifications,
  orderItems,
  orders,
  products,
  towers,
} from '../src/db/schema/index.ts';
import { markOverdueInvoices } from '../src/services/invoices.ts';
import { transitionOrder } from '../src/services/orders/transition.ts';
import {
  billingPf,
  createTestApp,
  createUser,
  inject,
  NO_ORDER_LIMITS,
  signIn,
  testConfig,
  type TestContext,
} from './helpers.ts';

let ctx: TestContext;
let productId: string;
const customers: Array<{ id: string; cookie: string }> = [];
const SLOTS = 50;
const START = addDays(earliestBookableStart(todayInBrasilia(), 2), 28);
let keyN = 0;

const order = (cookie: string, start = START) =>
  inject(ctx, {
    method: 'POST',
    url: '/api/orders',
    cookie,
    headers: { 'idempotency-key': `fatura-${++keyN}-${Date.now()}` },
    payload: { items: [{ product_id: productId, start_date: start, weeks: 2 }] },
  });

/**
 * Customer i's first invoice. The contention test below decides which checkouts win, so a customer
 * may lose all six; such a customer then books the fortnight after, on the same face.
 */
async function invoiceOf(i: number) {
  const mine = () => ctx.database.db.select().from(invoices).where(eq(invoices.user_id, customers[i]!.id));
  let [inv] = await mine();
  if (!inv) {
    expect((await order(customers[i]!.cookie, addDays(START, 14))).statusCode).toBe(201);
    [inv] = await mine();
  }
  return inv!;
}

beforeAll(async () => {
  // Six checkouts per account at once: the per-account order limits (decision 026) are tested elsewhere.
  ctx = await createTestApp({ config: testConfig(NO_ORDER_LIMITS) });
  const [p] = await ctx.database.db
    .insert(products)
    .values({
      slug: 'painel-faturas',
      name: 'Painel das Faturas',
      type: 'painel_led',
      city: 'Brasília',
      state: 'DF',
      latitude: -15.8,
      longitude: -47.9,
      daily_price: 12_345,
    })
    .returning();
  productId = p!.id;
  await ctx.database.db
    .insert(towers)
    .values({ product_id: productId, name: 'Face principal', slots: SLOTS });
  for (let i = 0; i < 10; i++) {
    const u = await createUser(ctx, { nome: `Cliente ${i}` });
    const cookie = await signIn(ctx, u.email, u.password);
    const res = await inject(ctx, {
      method: 'PUT',
      url: '/api/billing-profile',
      cookie,
      payload: { ...billingPf, name: `Cliente ${i} da Silva` },
    });
    expect(res.statusCode).toBe(200);
    customers.push({ id: u.user.id, cookie });
  }
});
afterAll(async () => {
  await ctx.close();
});

describe('faturas', () => {
  it('60 checkouts ao mesmo tempo numa face de 50 vagas: 50 faturas sem número; pagas ao mesmo tempo, números consecutivos, sem buracos', async () => {
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => order(customers[i % customers.length]!.cookie)),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(50);
    expect(codes.filter((c) => c === 409)).toHaveLength(10);
    const placed = await ctx.database.db.select().from(invoices);
    expect(placed).toHaveLength(50);
    // Numbered when paid (docs/decisions/039): a checkout never takes the year's counter.
    expect(placed.every((r) => r.number === null && r.seq === null && r.status === 'pendente')).toBe(true);
    // The orders of customers 6–9 are paid at once (staff and webhook go through the same transition).
    const payers = new Set(customers.slice(6).map((c) => c.id));
    const toPay = placed.filter((r) => payers.has(r.user_id));
    expect(toPay.length).toBeGreaterThan(10);
    await Promise.all(
      toPay.map((r) =>
        transitionOrder(ctx.app.deps, { orderId: r.order_id, to: 'pago', actor: 'sistema', note: 'teste' }),
      ),
    );
    const rows = await ctx.database.db.select().from(invoices);
    const year = Number(todayInBrasilia().slice(0, 4));
    const paid = rows.filter((r) => r.status === 'paga');
    expect(paid).toHaveLength(toPay.length);
    const seqs = paid.map((r) => r.seq!).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: toPay.length }, (_, i) => i + 1));
    for (const r of paid) {
      expect(r.year).toBe(year);
      expect(r.number).toBe(`${year}-${String(r.seq).padStart(6, '0')}`);
      expect(r.paid_at).not.toBeNull();
    }
    expect(rows.filter((r) => r.number === null)).toHaveLength(50 - toPay.length);
    // Each order has its invoice, with the order's amounts.
    const byOrder = new Set(rows.map((r) => r.order_id));
    for (const r of results.filter((x) => x.statusCode === 201)) {
      const body = r.json<{ id: string; total: number; invoice: { number: string | null; total: number } }>();
      expect(byOrder.has(body.id)).toBe(true);
      expect(body.invoice.total).toBe(body.total);
    }
  }, 180_000);

  it('lista só as minhas faturas, filtra por status e ano, e resume o ano', async () => {
    const me = customers[0]!;
    const res = await inject(ctx, { method: 'GET', url: '/api/invoices', cookie: me.cookie });
    expect(res.statusCode).toBe(200);
    const items = res.json<{ items: Array<{ id: string; number: string; status: string; total: number }> }>()
      .items;
    const mine = await ctx.database.db.select().from(invoices).where(eq(invoices.user_id, me.id));
    expect(items.map((i) => i.id).sort()).toEqual(mine.map((i) => i.id).sort());
    expect(items.every((i) => i.status === 'pendente')).toBe(true);

    const paid = await inject(ctx, { method: 'GET', url: '/api/invoices?status=paga', cookie: me.cookie });
    expect(paid.json()).toEqual({ items: [] });
    const otherYear = await inject(ctx, { method: 'GET', url: '/api/invoices?year=2001', cookie: me.cookie });
    expect(otherYear.json()).toEqual({ items: [] });
    const bad = await inject(ctx, { method: 'GET', url: '/api/invoices?status=quitada', cookie: me.cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Status inválido.');

    const summary = await inject(ctx, { method: 'GET', url: '/api/invoices/summary', cookie: me.cookie });
    expect(summary.json()).toMatchObject({
      paid_this_year: 0,
      pending: mine.reduce((s, i) => s + i.total, 0),
      pending_count: mine.length,
      overdue: 0,
    });
    expect((await inject(ctx, { method: 'GET', url: '/api/invoices' })).statusCode).toBe(401);
  });

  it('uma fatura pendente (sem número) conta no ano do vencimento: o filtro de ano nunca oferece "0" (issue #40 item 9)', async () => {
    // A new customer with one pending invoice: the others' invoices were paid by the tests above.
    const u = await createUser(ctx, { nome: 'Cliente sem número' });
    const me = { cookie: await signIn(ctx, u.email, u.password) };
    const profile = await inject(ctx, {
      method: 'PUT',
      url: '/api/billing-profile',
      cookie: me.cookie,
      payload: { ...billingPf, name: 'Cliente Sem Número da Silva' },
    });
    expect(profile.statusCode).toBe(200);
    const placed = await order(me.cookie, addDays(START, 28));
    expect(placed.statusCode).toBe(201);
    const [inv] = await ctx.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.order_id, placed.json<{ id: string }>().id));
    expect(inv!.year).toBeNull();
    const dueYear = Number(inv!.due_date.slice(0, 4));
    const summary = await inject(ctx, { method: 'GET', url: '/api/invoices/summary', cookie: me.cookie });
    expect(summary.json().years).toEqual([dueYear]);
    const thatYear = await inject(ctx, {
      method: 'GET',
      url: `/api/invoices?year=${dueYear}`,
      cookie: me.cookie,
    });
    expect(thatYear.json<{ items: Array<{ id: string }> }>().items.map((i) => i.id)).toEqual([inv!.id]);
  });

  it('o PDF da fatura paga traz o número; o da pendente, o código do pedido', async () => {
    const payer = customers[6]!;
    const paidOf = () =>
      ctx.database.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.user_id, payer.id), eq(invoices.status, 'paga')));
    let [paid] = await paidOf();
    if (!paid) {
      const inv = await invoiceOf(6);
      await transitionOrder(ctx.app.deps, {
        orderId: inv.order_id,
        to: 'pago',
        actor: 'sistema',
        note: 'teste',
      });
      [paid] = await paidOf();
    }
    const res = await inject(ctx, {
      method: 'GET',
      url: `/api/invoices/${paid!.id}/pdf`,
      cookie: payer.cookie,
    });
    expect(res.headers['content-disposition']).toBe(`attachment; filename="fatura-${paid!.number}.pdf"`);
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    expect((await extractText(pdf, { mergePages: true })).text).toContain(`Fatura ${paid!.number}`);
    const listed = await inject(ctx, { method: 'GET', url: '/api/invoices', cookie: payer.cookie });
    expect(listed.json<{ items: Array<{ number: string | null }> }>().items[0]!.number).toMatch(
      /^\d{4}-\d{6}$/,
    );
  });

  it('o PDF da fatura abre e traz número, total, CPF, período e os dados da Urbana', async () => {
    const me = customers[1]!;
    const inv = await invoiceOf(1);
    const [placed] = await ctx.database.db.select().from(orders).where(eq(orders.id, inv.order_id));
    const [booked] = await ctx.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.order_id, inv.order_id));
    const res = await inject(ctx, { method: 'GET', url: `/api/invoices/${inv.id}/pdf`, cookie: me.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="fatura-${placed!.code}.pdf"`);
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain(`Fatura do pedido ${placed!.code}`);
    // The PDF's text may carry a plain space where formatMoney writes a no-break one (\s takes both).
    const amount = formatMoney(inv.total)
      .replace(/[$.]/g, '\\$&')
      .replace(/\u00a0/g, '\\s');
    expect(text).toMatch(new RegExp(`Total\\s+${amount}`));
    expect(text).toContain('CPF 529.982.247-25');
    expect(text).toContain('Cliente 1 da Silva');
    expect(text).toContain('Urbana Mídia Exterior Ltda.');
    expect(text).toContain('CNPJ 34.567.891/0001-84');
    const fmt = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
    // Decision 021: the last day on air, inclusive.
    expect(text).toContain(`de ${fmt(booked!.starts_on)} até ${fmt(addDays(booked!.starts_on, 13))}`);
    expect(text).toContain('Painel das Faturas');
  });

  it('a fatura de outra pessoa responde 404', async () => {
    const inv = await invoiceOf(2);
    const res = await inject(ctx, {
      method: 'GET',
      url: `/api/invoices/${inv.id}/pdf`,
      cookie: customers[3]!.cookie,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Fatura não encontrada.' });
  });

  it('o processo marca as vencidas uma vez só, avisa e manda email', async () => {
    const me = customers[4]!;
    const inv = await invoiceOf(4);
    const [placed] = await ctx.database.db.select().from(orders).where(eq(orders.id, inv.order_id));
    const yesterday = addDays(todayInBrasilia(), -1);
    await ctx.database.db.update(invoices).set({ due_date: yesterday }).where(eq(invoices.id, inv.id));
    // Due today is not overdue yet.
    const other = await invoiceOf(5);
    await ctx.database.db
      .update(invoices)
      .set({ due_date: todayInBrasilia() })
      .where(eq(invoices.id, other.id));

    const deps = ctx.app.deps;
    const [first, second] = await Promise.all([markOverdueInvoices(deps), markOverdueInvoices(deps)]);
    expect(first + second).toBe(1);
    expect(await markOverdueInvoices(deps)).toBe(0);

    const [after] = await ctx.database.db.select().from(invoices).where(eq(invoices.id, inv.id));
    expect(after!.status).toBe('vencida');
    const [stillPending] = await ctx.database.db.select().from(invoices).where(eq(invoices.id, other.id));
    expect(stillPending!.status).toBe('pendente');
    const told = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, me.id), eq(notifications.kind, 'fatura_vencida')));
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe(`Fatura do pedido ${placed!.code} vencida`);
    const mails = await ctx.database.db
      .select()
      .from(emailLog)
      .where(and(eq(emailLog.user_id, me.id), eq(emailLog.template, 'fatura_vencida')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Fatura do pedido ${placed!.code} vencida`);
    expect(mails[0]!.body_text).toContain(`A fatura do pedido ${placed!.code}, de`);
    expect(mails[0]!.body_text).toContain(formatMoney(inv.total));
    const summary = await inject(ctx, { method: 'GET', url: '/api/invoices/summary', cookie: me.cookie });
    expect(summary.json()).toMatchObject({ overdue: inv.total, overdue_count: 1 });
  });

  it('o pagamento confirmado marca a fatura paga, com o número seguinte, e entra no pago do ano', async () => {
    const me = customers[3]!;
    const staff = await createUser(ctx, { tipo: 'operador' });
    const staffCookie = await signIn(ctx, staff.email, staff.password);
    const inv = await invoiceOf(3);
    const res = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/orders/${inv.order_id}/confirm-payment`,
      cookie: staffCookie,
      headers: { origin: 'http://localhost:3000' },
    });
    expect(res.statusCode).toBe(200);
    const list = await inject(ctx, { method: 'GET', url: '/api/invoices?status=paga', cookie: me.cookie });
    const paid = list.json<{ items: Array<{ id: string; paid_at: string | null }> }>().items;
    expect(paid.map((i) => i.id)).toEqual([inv.id]);
    expect(paid[0]!.paid_at).not.toBeNull();
    const numbered = await ctx.database.db.select().from(invoices).where(eq(invoices.status, 'paga'));
    const [mine] = numbered.filter((r) => r.id === inv.id);
    expect(mine!.seq).toBe(numbered.length);
    expect(mine!.number).toBe(`${mine!.year}-${String(numbered.length).padStart(6, '0')}`);
    const summary = await inject(ctx, { method: 'GET', url: '/api/invoices/summary', cookie: me.cookie });
    expect(summary.json()).toMatchObject({ paid_this_year: inv.total });
  });
});
