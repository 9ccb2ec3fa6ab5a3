import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { adminOrderMessages, earliestBookableStart, formatMoney, todayInBrasilia } from '@urbana/shared';
import { auditLog, creditNotes, emailLog, invoices, notifications, orders } from '../src/db/schema/index.ts';
import { createTestApp, inject, NO_ORDER_LIMITS, type TestContext } from './helpers.ts';
import { billing, insertProduct, person, placeOrder, START, type Person } from './security/world.ts';

/**
 * Issue #40 item 3: staff cancelling a paid order choose the refund (the policy's amount by default,
 * in full or in part with a reason), and the customer sees it: on the order, by e-mail and on the bell
 * (docs/decisions/076-refunds-staff-choose.md).
 */

let ctx: TestContext;
let joana: Person;
let outra: Person;
let operador: Person;
let productId: string;
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp({ env: { ...NO_ORDER_LIMITS, ADMIN_EMAILS: 'chefe@urbana.com.br' } });
  joana = await person(ctx, { nome: 'Joana Conceição' });
  outra = await person(ctx, { nome: 'Outra Cliente' });
  operador = await person(ctx, { tipo: 'operador', email: 'operador@urbana.com.br', nome: 'Otávio' });
  const res = await inject(ctx, {
    method: 'PUT',
    url: '/api/billing-profile',
    cookie: joana.cookie,
    // Invoiced payment is for companies (CNPJ) only.
    payload: {
      ...billing,
      person_type: 'pj',
      name: 'Padaria Conceição Ltda.',
      document: '11.222.333/0001-81',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  productId = (await insertProduct(ctx.database, 'Abrigo de ônibus W3 Sul', 10_000, 500)).id;
});
afterAll(async () => {
  await ctx.close();
});

const staff = (method: 'GET' | 'POST', url: string, payload?: object) =>
  inject(ctx, {
    method,
    url,
    cookie: operador.cookie,
    ...(payload ? { payload } : {}),
    remoteAddress: `10.78.0.${++n % 250}`,
  });

/** A paid invoiced order of R$ 700,00 (one week at R$ 100,00 a day) starting on `start`. */
async function paidOrder(start = START) {
  const o = await placeOrder(ctx, joana, productId, {
    payment_method: 'faturado',
    items: [{ product_id: productId, start_date: start, weeks: 1, tower_ids: [] }],
  });
  const paid = await staff('POST', `/api/admin/orders/${o.id}/confirm-payment`);
  expect(paid.statusCode, paid.body).toBe(200);
  return o;
}
/** Starts within 5 business days: the policy refunds nothing. */
const soon = () => earliestBookableStart(todayInBrasilia(), 2);
const cancel = (id: string, body: object) => staff('POST', `/api/admin/pedidos/${id}/cancelar`, body);
const noteOf = async (id: string) =>
  (await ctx.database.db.select().from(creditNotes).where(eq(creditNotes.order_id, id)))[0];
const invoiceOf = async (id: string) =>
  (await ctx.database.db.select().from(invoices).where(eq(invoices.order_id, id)))[0]!;

describe('a equipe escolhe o reembolso ao cancelar um pedido pago', () => {
  it('sem escolha, vale a política: o valor previsto, sem justificativa', async () => {
    const o = await paidOrder();
    // Fields the server owns, sent in the body, are not taken (V5.1.2): the policy's amount stands.
    const res = await cancel(o.id, {
      motivo: 'Cliente mudou a campanha',
      refund_amount: 1,
      refund_reason: 'forjado',
      total: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelado',
      refund_amount: 70_000,
      refund_reason: null,
      cancel_reason: 'Cliente mudou a campanha',
      credit_note: { amount: 70_000, reason: 'Cliente mudou a campanha', refund_reason: null },
    });
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, o.id), eq(auditLog.action, 'pedido.cancelado')));
    expect(entry!.after).toMatchObject({
      refund_amount: 70_000,
      refund_policy_amount: 70_000,
      refund_choice: 'politica',
    });
  });

  it('integral a menos de 5 dias úteis do início (culpa da Urbana), com justificativa', async () => {
    const o = await paidOrder(soon());
    const preview = (await staff('GET', `/api/admin/pedidos/${o.id}`)).json();
    expect(preview.actions.cancel).toMatchObject({ refund: 0, paid: 70_000 });
    const missing = await cancel(o.id, { motivo: 'Abrigo em obra', reembolso: 'integral' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: adminOrderMessages.refundReason });
    expect((await ctx.database.db.select().from(orders).where(eq(orders.id, o.id)))[0]!.status).toBe('pago');

    const res = await cancel(o.id, {
      motivo: 'Abrigo em obra',
      reembolso: 'integral',
      motivo_reembolso: 'A obra no abrigo é responsabilidade da Urbana.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      refund_amount: 70_000,
      refund_reason: 'A obra no abrigo é responsabilidade da Urbana.',
    });
    const note = await noteOf(o.id);
    expect(note).toMatchObject({
      amount: 70_000,
      reason: 'Abrigo em obra',
      refund_reason: 'A obra no abrigo é responsabilidade da Urbana.',
    });
    expect((await invoiceOf(o.id)).status).toBe('cancelada');
    const pdf = await staff('GET', `/api/admin/pedidos/${o.id}/nota-de-credito.pdf`);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    expect(text).toContain('R$ 700,00');
    // The footnote wraps: compare the words, not the lines.
    expect(text.replace(/\s+/g, ' ')).toContain('Motivo: A obra no abrigo é responsabilidade da Urbana.');
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, o.id), eq(auditLog.action, 'pedido.cancelado')));
    expect(entry!.after).toMatchObject({
      refund_amount: 70_000,
      refund_policy_amount: 0,
      refund_choice: 'integral',
      refund_reason: 'A obra no abrigo é responsabilidade da Urbana.',
      credit_note: note!.number,
    });
  });

  it('parcial, em centavos, com justificativa: a fatura continua paga pelo que fica', async () => {
    const o = await paidOrder(soon());
    const res = await cancel(o.id, {
      motivo: 'Abrigo em obra na segunda metade',
      reembolso: 'parcial',
      valor_reembolso: 35_050,
      motivo_reembolso: 'Metade da semana ficou sem o abrigo.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ refund_amount: 35_050, credit_note: { amount: 35_050 } });
    expect((await invoiceOf(o.id)).status).toBe('paga');
  });

  it('recusa acima do pago, negativo, fracionado, sem valor ou sem justificativa, e nada muda', async () => {
    const o = await paidOrder();
    const refusals: Array<[object, string]> = [
      [
        { reembolso: 'parcial', valor_reembolso: 70_001, motivo_reembolso: 'Cliente pediu mais' },
        adminOrderMessages.refundOverPaid(70_000),
      ],
      [
        { reembolso: 'parcial', valor_reembolso: -1, motivo_reembolso: 'Valor negativo' },
        adminOrderMessages.refundNegative,
      ],
      [
        { reembolso: 'parcial', valor_reembolso: 100.5, motivo_reembolso: 'Meio centavo' },
        adminOrderMessages.refundAmount,
      ],
      [{ reembolso: 'parcial', motivo_reembolso: 'Sem valor' }, adminOrderMessages.refundAmount],
      [{ reembolso: 'parcial', valor_reembolso: 10_000 }, adminOrderMessages.refundReason],
      [
        { reembolso: 'parcial', valor_reembolso: 10_000, motivo_reembolso: '  ok  ' },
        adminOrderMessages.refundReason,
      ],
    ];
    for (const [body, message] of refusals) {
      const res = await cancel(o.id, { motivo: 'Cliente desistiu', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual({ message });
    }
    expect((await ctx.database.db.select().from(orders).where(eq(orders.id, o.id)))[0]!.status).toBe('pago');
    expect(await noteOf(o.id)).toBeUndefined();
    // The policy's own amount, chosen as a partial one, needs no reason.
    const same = await cancel(o.id, {
      motivo: 'Cliente desistiu',
      reembolso: 'parcial',
      valor_reembolso: 70_000,
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ refund_amount: 70_000, refund_reason: null });
  });

  it('um pedido sem pagamento não tem reembolso a escolher', async () => {
    const o = await placeOrder(ctx, joana, productId, { payment_method: 'faturado' });
    const res = await cancel(o.id, {
      motivo: 'Cliente desistiu',
      reembolso: 'integral',
      motivo_reembolso: 'Não há o que devolver',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: adminOrderMessages.refundUnpaid });
  });
});

describe('o cliente vê o reembolso', () => {
  it('no pedido (valor, motivo, nota de crédito em PDF), por e-mail e no sino, uma vez só', async () => {
    const o = await paidOrder(soon());
    const mailsBefore = await ctx.database.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.to_email, joana.email));
    const res = await cancel(o.id, {
      motivo: 'Abrigo em obra',
      reembolso: 'integral',
      motivo_reembolso: 'A obra no abrigo é responsabilidade da Urbana.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const number = res.json().credit_note.number as string;

    const mine = await inject(ctx, { method: 'GET', url: `/api/orders/${o.id}`, cookie: joana.cookie });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().cancellation).toEqual({
      reason: 'Abrigo em obra',
      refund: {
        amount: 70_000,
        pix_refund: null,
        reason: 'A obra no abrigo é responsabilidade da Urbana.',
        credit_note: { number, amount: 70_000, created_at: expect.any(String) },
      },
    });
    const pdf = await inject(ctx, {
      method: 'GET',
      url: `/api/orders/${o.id}/nota-de-credito.pdf`,
      cookie: joana.cookie,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const theirs = await inject(ctx, {
      method: 'GET',
      url: `/api/orders/${o.id}/nota-de-credito.pdf`,
      cookie: outra.cookie,
    });
    expect(theirs.statusCode).toBe(404);

    // The e-mails that are new since the cancellation (a table has no order without ORDER BY).
    const seen = new Set(mailsBefore.map((m) => m.id));
    const mails = (
      await ctx.database.db.select().from(emailLog).where(eq(emailLog.to_email, joana.email))
    ).filter((m) => !seen.has(m.id));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.template).toBe('pedido_cancelado_reembolso');
    for (const part of [
      formatMoney(70_000),
      number,
      'Abrigo em obra',
      'A obra no abrigo é responsabilidade da Urbana.',
    ])
      expect(mails[0]!.body_text).toContain(part);

    const bell = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, joana.id), eq(notifications.kind, 'pedido_cancelado')));
    const forOrder = bell.filter((b) => b.link?.includes(o.id));
    expect(forOrder).toHaveLength(1);
    expect(forOrder[0]!.body).toContain(formatMoney(70_000));
    expect(forOrder[0]!.body).toContain(number);
  });

  it('sem reembolso pela política: o pedido diz R$ 0,00 e o motivo, sem nota de crédito', async () => {
    const o = await paidOrder(soon());
    await cancel(o.id, { motivo: 'Cliente pediu o cancelamento' });
    const mine = (
      await inject(ctx, { method: 'GET', url: `/api/orders/${o.id}`, cookie: joana.cookie })
    ).json();
    expect(mine.cancellation).toEqual({
      reason: 'Cliente pediu o cancelamento',
      // No PSP here: staff return the money, no devolução by Pix.
      refund: { amount: 0, reason: null, credit_note: null, pix_refund: null },
    });
    const pdf = await inject(ctx, {
      method: 'GET',
      url: `/api/orders/${o.id}/nota-de-credito.pdf`,
      cookie: joana.cookie,
    });
    expect(pdf.statusCode).toBe(404);
  });

  it('um pedido cancelado pelo cliente antes de pagar não tem reembolso', async () => {
    const o = await placeOrder(ctx, joana, productId, { payment_method: 'faturado' });
    const res = await inject(ctx, {
      method: 'POST',
      url: `/api/orders/${o.id}/cancel`,
      cookie: joana.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().cancellation).toEqual({ reason: null, refund: null });
  });
});
