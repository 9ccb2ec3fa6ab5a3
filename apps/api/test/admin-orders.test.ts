import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  adminOrderMessages,
  earliestBookableStart,
  formatDateTime,
  HOLD_EXTENSION_MAX_HOURS,
  todayInBrasilia,
} from '@urbana/shared';
import {
  adItems,
  ads,
  auditLog,
  creditNotes,
  emailLog,
  invoices,
  notifications,
  orderItems,
  orders,
  reservations,
} from '../src/db/schema/index.ts';
import { withTargets } from '../src/services/admin-log-targets.ts';
import { applyReceivedPayment } from '../src/services/payments/apply-payment.ts';
import { createTestApp, inject, NO_ORDER_LIMITS, type TestContext } from './helpers.ts';
import { billing, insertProduct, person, placeOrder, START, type Person } from './security/world.ts';

let ctx: TestContext;
let ana: Person;
let empresa: Person;
let operador: Person;
let productId: string;
let n = 0;

const pj = {
  ...billing,
  person_type: 'pj',
  name: 'Padaria Conceição Ltda.',
  document: '11.222.333/0001-81',
  city: 'Goiânia',
  state: 'GO',
};

beforeAll(async () => {
  ctx = await createTestApp({
    env: { ...NO_ORDER_LIMITS, ADMIN_EMAILS: 'chefe@urbana.com.br' },
  });
  ana = await person(ctx, { nome: 'Ana Souza' });
  empresa = await person(ctx, { nome: 'Joana Conceição' });
  operador = await person(ctx, {
    tipo: 'operador',
    email: 'operador@urbana.com.br',
    nome: 'Otávio Operador',
  });
  for (const [who, body] of [
    [ana, billing],
    [empresa, pj],
  ] as const) {
    const res = await inject(ctx, {
      method: 'PUT',
      url: '/api/billing-profile',
      cookie: who.cookie,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  productId = (await insertProduct(ctx.database, 'Outdoor Eixo Monumental', 10_000, 500)).id;
});
afterAll(async () => {
  await ctx.close();
});

const invoiced = (start = START) =>
  placeOrder(ctx, empresa, productId, {
    payment_method: 'faturado',
    items: [{ product_id: productId, start_date: start, weeks: 1, tower_ids: [] }],
  });
const staff = (method: 'GET' | 'POST', url: string, payload?: object, cookie = operador.cookie) =>
  inject(ctx, {
    method,
    url,
    cookie,
    ...(payload ? { payload } : {}),
    remoteAddress: `10.77.0.${++n % 250}`,
  });
const act = (id: string, action: string, payload?: object) =>
  staff('POST', `/api/admin/pedidos/${id}/${action}`, payload);
const row = async (id: string) => (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const reservationsOf = async (id: string) =>
  ctx.database.db
    .select({ status: reservations.status, hold: reservations.hold_expires_at })
    .from(reservations)
    .innerJoin(orderItems, eq(orderItems.id, reservations.order_item_id))
    .where(eq(orderItems.order_id, id));
const audited = async (id: string, action: string) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity_id, id), eq(auditLog.action, action)));

describe('/api/admin/pedidos: lista, busca, filtros, CSV', () => {
  let pix: { id: string; code: string };
  let fat: { id: string; code: string };
  beforeAll(async () => {
    pix = await placeOrder(ctx, ana, productId);
    fat = await invoiced();
  });
  const list = async (query: string) => {
    const res = await staff('GET', `/api/admin/pedidos?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { total: number; items: Array<{ id: string; code: string; cities: string[] }> };
  };
  const ids = (page: { items: Array<{ id: string }> }) => page.items.map((i) => i.id);

  it('busca por código, nome sem acento, CPF/CNPJ com pontuação e e-mail', async () => {
    expect(ids(await list(`q=${pix.code.toLowerCase()}`))).toEqual([pix.id]);
    expect(ids(await list('q=padaria conceicao'))).toContain(fat.id);
    expect(ids(await list('q=padaria conceicao'))).not.toContain(pix.id);
    expect(ids(await list(`q=${encodeURIComponent('11.222.333/0001-81')}`))).toContain(fat.id);
    expect(ids(await list(`q=${encodeURIComponent('529.982.247-25')}`))).toContain(pix.id);
    expect(ids(await list(`q=${encodeURIComponent(empresa.email)}`))).not.toContain(pix.id);
  });

  it('CNPJ alfanumérico (#42): perfil, pedido faturado, busca com máscara em qualquer caixa, CSV e PDF da fatura', async () => {
    const nova = await person(ctx, { nome: 'Rita Nova' });
    const profile = await inject(ctx, {
      method: 'PUT',
      url: '/api/billing-profile',
      cookie: nova.cookie,
      payload: { ...pj, name: 'Nova Mídia Ltda.', document: '12.abc.345/01de-35' },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const saved = await inject(ctx, { method: 'GET', url: '/api/billing-profile', cookie: nova.cookie });
    expect(saved.json().profile.document).toBe('12ABC34501DE35');
    const wrong = await inject(ctx, {
      method: 'PUT',
      url: '/api/billing-profile',
      cookie: nova.cookie,
      payload: { ...pj, document: '12.ABC.345/01DE-36' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('CNPJ inválido. Confira as letras e os números.');
    const order = await placeOrder(ctx, nova, productId, {
      payment_method: 'faturado',
      items: [{ product_id: productId, start_date: START, weeks: 1, tower_ids: [] }],
    });
    expect((await row(order.id)).billing).toMatchObject({ document: '12ABC34501DE35' });
    for (const q of ['12.ABC.345/01DE-35', '12.abc.345/01de-35', '12ABC34501DE35', '12.abc.345']) {
      expect(ids(await list(`q=${encodeURIComponent(q)}`)), q).toEqual([order.id]);
    }
    const csv = await staff('GET', '/api/admin/pedidos/csv?q=12ABC34501DE35');
    expect(csv.body).toContain(`${order.code};Aguardando pagamento;`);
    expect(csv.body).toContain(';Nova Mídia Ltda.;12ABC34501DE35;');
    const [invoice] = await ctx.database.db.select().from(invoices).where(eq(invoices.order_id, order.id));
    const pdf = await inject(ctx, {
      method: 'GET',
      url: `/api/invoices/${invoice!.id}/pdf`,
      cookie: nova.cookie,
    });
    expect(pdf.statusCode).toBe(200);
    const text = (
      await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true })
    ).text;
    expect(text).toContain('CNPJ 12.ABC.345/01DE-35');
  });

  it('filtra por situação, forma de pagamento, período e cidade; ordena e pagina', async () => {
    const faturados = await list('metodo=faturado');
    expect(ids(faturados)).toContain(fat.id);
    expect(ids(faturados)).not.toContain(pix.id);
    expect(ids(await list('status=pago'))).not.toContain(pix.id);
    const today = todayInBrasilia();
    expect(ids(await list(`from=${today}&to=${today}`))).toContain(pix.id);
    expect((await list('from=2001-01-01&to=2001-01-31')).total).toBe(0);
    expect(ids(await list('cidade=brasilia'))).toContain(pix.id);
    expect((await list('cidade=Recife')).total).toBe(0);
    const page = await list('page_size=1&sort=code&dir=asc');
    expect(page.items).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.items[0]!.cities).toEqual(['Brasília/DF']);
    const bad = await staff('GET', '/api/admin/pedidos?status=qualquer');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Situação inválida.' });
  });

  it('exporta a lista filtrada em CSV', async () => {
    const res = await staff('GET', '/api/admin/pedidos/csv?metodo=faturado');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Pedido;Situação;Forma de pagamento;Bruto (R$);Descontos (R$);Cupom;Total (R$);Reembolso (R$);Receita líquida (R$);Cliente;CPF/CNPJ;E-mail;Cidades;Itens;Feito em;Pago em;Valor bruto da veiculação (R$);Desconto-padrão de agência (R$);Valor líquido (R$)',
    );
    // A direct customer's order: the gross is its total, no commission (decision 098).
    expect(lines.find((l) => l.startsWith(fat.code))).toMatch(/;700,00;0,00;700,00$/);
    expect(
      lines.some((l) =>
        l.startsWith(
          `${fat.code};Aguardando pagamento;Boleto/transferência faturada;700,00;0,00;;700,00;0,00;0,00;Padaria Conceição Ltda.;11222333000181;`,
        ),
      ),
    ).toBe(true);
    expect(lines.some((l) => l.startsWith(pix.code))).toBe(false);
  });

  it('o detalhe traz cliente, itens, fatura, histórico e as ações possíveis', async () => {
    const res = await staff('GET', `/api/admin/pedidos/${fat.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      code: fat.code,
      status: 'aguardando_pagamento',
      customer: { id: empresa.id, email: empresa.email },
      billing: { person_type: 'pj', name: 'Padaria Conceição Ltda.' },
      items: [{ name: 'Outdoor Eixo Monumental', start: START, weeks: 1, campaign_status: null }],
      pix: null,
      invoice: { status: 'pendente', total: 70_000 },
      credit_note: null,
      actions: { confirm_payment: true, reissue_pix: false, cancel: { allowed: true, refund: 0 } },
    });
    expect(d.history[0]).toMatchObject({
      text: 'Pedido feito: Aguardando pagamento',
      actor: 'Cliente · Joana Conceição',
    });
    const pdf = await staff('GET', `/api/admin/pedidos/${fat.id}/fatura.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await staff('GET', `/api/admin/pedidos/${fat.id}/nota-de-credito.pdf`)).statusCode).toBe(404);
  });
});

describe('confirmar pagamento (pedido faturado)', () => {
  it('aguardando → pago pela equipe, com auditoria e IP; de novo → 409; cancelado → 409', async () => {
    const o = await invoiced();
    const res = await staff('POST', `/api/admin/orders/${o.id}/confirm-payment`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await row(o.id)).status).toBe('pago');
    expect((await reservationsOf(o.id)).every((r) => r.status === 'confirmada')).toBe(true);
    const [entry] = await audited(o.id, 'pedido.pagamento_confirmado');
    expect(entry).toMatchObject({ actor_id: operador.id, after: { status: 'pago' } });
    expect(entry!.ip).toMatch(/^10\.77\.0\./);
    const again = await staff('POST', `/api/admin/orders/${o.id}/confirm-payment`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: adminOrderMessages.alreadyPaid });

    const cancelled = await invoiced();
    await act(cancelled.id, 'cancelar', { motivo: 'Cliente desistiu' });
    const late = await staff('POST', `/api/admin/orders/${cancelled.id}/confirm-payment`);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: adminOrderMessages.confirmNotAllowed('cancelado') });
  });
});

describe('prorrogar a reserva', () => {
  it('soma as horas ao pedido e às reservas; limite por vez, teto total, só sem pagamento', async () => {
    const o = await invoiced();
    const before = (await row(o.id)).expires_at.getTime();
    const res = await act(o.id, 'prorrogar', { horas: 24 });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await row(o.id)).expires_at.getTime();
    expect(after - before).toBe(24 * 3600_000);
    expect((await reservationsOf(o.id)).every((r) => r.hold!.getTime() === after)).toBe(true);
    expect(await audited(o.id, 'pedido.reserva_prorrogada')).toHaveLength(1);
    expect(res.json().history.at(-1)).toMatchObject({ text: 'Prorrogou a reserva do pedido' });
    // The customer is told by e-mail too, with the new end of the hold (issue #40 item 7).
    const code = (await row(o.id)).code;
    const told = await ctx.database.db
      .select()
      .from(emailLog)
      .where(
        and(
          eq(emailLog.to_email, empresa.email),
          eq(emailLog.subject, `Reserva do pedido ${code} prorrogada`),
        ),
      );
    expect(told).toHaveLength(1);
    expect(told[0]!.body_text).toContain(formatDateTime(new Date(after)));

    const tooMuch = await act(o.id, 'prorrogar', { horas: HOLD_EXTENSION_MAX_HOURS + 1 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({ message: adminOrderMessages.extendHours });

    // The hold never goes beyond 10 days after the order: 72 h at a time reaches the ceiling, then 409.
    let last = 200;
    for (let i = 0; i < 5 && last === 200; i++)
      last = (await act(o.id, 'prorrogar', { horas: 72 })).statusCode;
    expect(last).toBe(409);
    const placed = (await row(o.id)).created_at.getTime();
    expect((await row(o.id)).expires_at.getTime()).toBe(placed + 10 * 86_400_000);

    await staff('POST', `/api/admin/orders/${o.id}/confirm-payment`);
    const paid = await act(o.id, 'prorrogar', { horas: 1 });
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toEqual({ message: adminOrderMessages.extendNotAllowed('pago') });
  });

  it('nunca passa do primeiro dia reservado', async () => {
    // Starts in 2 business days: the invoiced hold (72 h) already reaches the first day, so no more time.
    const soon = earliestBookableStart(todayInBrasilia(), 2);
    const o = await invoiced(soon);
    const before = (await row(o.id)).expires_at;
    const res = await act(o.id, 'prorrogar', { horas: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: adminOrderMessages.extendAtCeiling(formatDateTime(before)) });
    expect((await row(o.id)).expires_at).toEqual(before);
    const detail = (await staff('GET', `/api/admin/pedidos/${o.id}`)).json();
    expect(detail.actions.extend_hold).toEqual({ allowed: false, until_max: null });
  });
});

describe('reemitir o Pix', () => {
  // A Pix received for a charge, as the PSP's webhook or reconciliation hands it over.
  const received = (txid: string, total: number, id: string) =>
    applyReceivedPayment(ctx.app.deps, 'pix', {
      reference: id,
      chargeReference: txid,
      amount: total,
      paidAt: new Date(),
      refunds: [],
    });

  it('novo txid e código; um Pix do txid antigo não paga o pedido, o do novo paga', async () => {
    const o = await placeOrder(ctx, ana, productId);
    const old = await row(o.id);
    const res = await act(o.id, 'reemitir-pix');
    expect(res.statusCode, res.body).toBe(200);
    const now = await row(o.id);
    expect(now.payment_reference!).not.toBe(old.payment_reference!);
    expect(now.payment_data?.pix_copia_e_cola).not.toBe(old.payment_data?.pix_copia_e_cola);
    expect(now.payment_data?.pix_copia_e_cola).toContain(now.payment_reference!);
    expect(res.json().pix).toMatchObject({ txid: now.payment_reference!, retired: [old.payment_reference!] });
    const mails = await ctx.database.db.select().from(emailLog).where(eq(emailLog.to_email, ana.email));
    const reissued = mails.filter((m) => m.body_text.includes(now.payment_data!.pix_copia_e_cola!));
    expect(reissued).toHaveLength(1);
    // Its own subject, not the original order's "Recebemos o pedido …" (issue #40 item 7).
    expect(reissued[0]!.subject).toBe(`Novo código Pix para o pedido ${now.code}`);

    // The old code's Pix pays nothing: it is a Pix without order, for staff to give back.
    expect(await received(old.payment_reference!, old.total, `E-velho-${o.id}`)).toBe('sem_pedido');
    expect((await row(o.id)).status).toBe('aguardando_pagamento');
    expect(await received(now.payment_reference!, now.total, `E-novo-${o.id}`)).toBe('pago');
    expect((await row(o.id)).status).toBe('pago');

    const again = await act(o.id, 'reemitir-pix');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: adminOrderMessages.reissueNotAllowed('pago') });
    const fat = await invoiced();
    const noPix = await act(fat.id, 'reemitir-pix');
    expect(noPix.statusCode).toBe(409);
    expect(noPix.json()).toEqual({ message: adminOrderMessages.reissueNotPix });
  });
});

describe('cancelar', () => {
  it('sem pagamento: libera as vagas, cancela a fatura, nada a reembolsar', async () => {
    const o = await invoiced();
    const missing = await act(o.id, 'cancelar', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: adminOrderMessages.cancelReason });
    const res = await act(o.id, 'cancelar', { motivo: 'Cliente desistiu da campanha' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelado', refund_amount: null, credit_note: null });
    expect((await reservationsOf(o.id)).every((r) => r.status === 'liberada')).toBe(true);
    const [invoice] = await ctx.database.db.select().from(invoices).where(eq(invoices.order_id, o.id));
    expect(invoice!.status).toBe('cancelada');
    const again = await act(o.id, 'cancelar', { motivo: 'De novo' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: adminOrderMessages.cancelNotAllowed('cancelado') });
  });

  it('só um pedido pago espera arte: pago → "aguardando_arte"; cancelado → nenhuma campanha', async () => {
    const o = await invoiced();
    await staff('POST', `/api/admin/orders/${o.id}/confirm-payment`);
    const paid = (await staff('GET', `/api/admin/pedidos/${o.id}`)).json();
    expect(paid.items.map((i: { campaign_status: unknown }) => i.campaign_status)).toEqual([
      'aguardando_arte',
    ]);
    await act(o.id, 'cancelar', { motivo: 'Obra na via' });
    const cancelled = (await staff('GET', `/api/admin/pedidos/${o.id}`)).json();
    expect(
      cancelled.items.map((i: { campaign_status: unknown; ad: unknown }) => [i.campaign_status, i.ad]),
    ).toEqual([[null, null]]);
  });

  it('cancelado depois da revisão da arte: a equipe ainda vê o anúncio, e a auditoria leva ao pedido', async () => {
    const o = await invoiced();
    await staff('POST', `/api/admin/orders/${o.id}/confirm-payment`);
    const [item] = await ctx.database.db.select().from(orderItems).where(eq(orderItems.order_id, o.id));
    const [ad] = await ctx.database.db
      .insert(ads)
      .values({ user_id: empresa.id, name: 'Arte de verão', status: 'aprovado' })
      .returning();
    await ctx.database.db.insert(adItems).values({ ad_id: ad!.id, order_item_id: item!.id });
    const entry = {
      entity: 'ads',
      entity_id: ad!.id,
      after: null,
      created_at: new Date(),
      actor_email: null,
    };
    const [approved] = await withTargets(ctx.database.db, [entry]);
    expect(approved!.target?.href).toBe(`/admin/campanhas/${item!.id}`);

    await act(o.id, 'cancelar', { motivo: 'Obra na via' });
    const cancelled = (await staff('GET', `/api/admin/pedidos/${o.id}`)).json();
    expect(cancelled.items[0]).toMatchObject({
      campaign_status: null,
      ad: { id: ad!.id, name: 'Arte de verão', status: 'aprovado' },
    });
    // The campaign's page is gone with the order: the log's link goes to the order instead.
    const [after] = await withTargets(ctx.database.db, [entry]);
    expect(after!.target).toEqual({
      label: 'anúncio da campanha em Outdoor Eixo Monumental',
      href: `/admin/pedidos/${o.id}`,
    });
  });

  it('pago com início distante: reembolso integral e nota de crédito em PDF', async () => {
    const o = await invoiced();
    await staff('POST', `/api/admin/orders/${o.id}/confirm-payment`);
    const preview = (await staff('GET', `/api/admin/pedidos/${o.id}`)).json();
    expect(preview.actions.cancel).toMatchObject({ allowed: true, refund: 70_000 });
    const res = await act(o.id, 'cancelar', { motivo: 'Obra na via' });
    expect(res.statusCode, res.body).toBe(200);
    const [invoice] = await ctx.database.db.select().from(invoices).where(eq(invoices.order_id, o.id));
    expect(res.json()).toMatchObject({
      status: 'cancelado',
      refund_amount: 70_000,
      credit_note: { number: `NC-${invoice!.number}`, amount: 70_000 },
    });
    expect(invoice!.status).toBe('cancelada');
    expect((await reservationsOf(o.id)).every((r) => r.status === 'liberada')).toBe(true);
    const [note] = await ctx.database.db.select().from(creditNotes).where(eq(creditNotes.order_id, o.id));
    expect(note).toMatchObject({ amount: 70_000, reason: 'Obra na via', created_by: operador.id });
    const pdf = await staff('GET', `/api/admin/pedidos/${o.id}/nota-de-credito.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const [entry] = await audited(o.id, 'pedido.cancelado');
    expect(entry!.after).toMatchObject({ refund_amount: 70_000, credit_note: note!.number });
  });

  it('pago a menos de 5 dias úteis do início: sem reembolso, sem nota, a fatura continua paga', async () => {
    const o = await invoiced(earliestBookableStart(todayInBrasilia(), 2));
    await staff('POST', `/api/admin/orders/${o.id}/confirm-payment`);
    const res = await act(o.id, 'cancelar', { motivo: 'Cliente pediu' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelado', refund_amount: 0, credit_note: null });
    const [invoice] = await ctx.database.db.select().from(invoices).where(eq(invoices.order_id, o.id));
    expect(invoice!.status).toBe('paga');
  });
});

describe('transições ilegais: 409 com a mensagem, nada muda', () => {
  const cases: Array<
    [
      status: 'expirado' | 'concluido' | 'cancelado',
      action: string,
      body: object | undefined,
      message: string,
    ]
  > = [
    ['expirado', 'confirmar', undefined, adminOrderMessages.confirmNotAllowed('expirado')],
    ['concluido', 'confirmar', undefined, adminOrderMessages.confirmNotAllowed('concluido')],
    ['expirado', 'prorrogar', { horas: 24 }, adminOrderMessages.extendNotAllowed('expirado')],
    ['cancelado', 'prorrogar', { horas: 24 }, adminOrderMessages.extendNotAllowed('cancelado')],
    ['expirado', 'reemitir-pix', undefined, adminOrderMessages.reissueNotAllowed('expirado')],
    [
      'concluido',
      'cancelar',
      { motivo: 'Campanha já terminou' },
      adminOrderMessages.cancelNotAllowed('concluido'),
    ],
    ['expirado', 'cancelar', { motivo: 'Prazo já passou' }, adminOrderMessages.cancelNotAllowed('expirado')],
  ];
  it.each(cases)('pedido %s: %s → 409', async (status, action, body, message) => {
    const o = await placeOrder(ctx, ana, productId);
    await ctx.database.db.update(orders).set({ status }).where(eq(orders.id, o.id));
    const before = await row(o.id);
    const res =
      action === 'confirmar'
        ? await staff('POST', `/api/admin/orders/${o.id}/confirm-payment`)
        : await act(o.id, action, body);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message });
    expect(await row(o.id)).toEqual(before);
  });

  it('um pedido cujo prazo passou não é prorrogado nem tem o Pix reemitido', async () => {
    const o = await placeOrder(ctx, ana, productId);
    await ctx.database.db
      .update(orders)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(orders.id, o.id));
    for (const [action, body] of [
      ['prorrogar', { horas: 24 }],
      ['reemitir-pix', undefined],
    ] as const) {
      const res = await act(o.id, action, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: adminOrderMessages.holdOver });
    }
  });

  it('dois da equipe ao mesmo tempo: o primeiro confirma (ou cancela), o segundo recebe 409', async () => {
    const paid = await invoiced();
    const confirms = await Promise.all(
      [1, 2].map(() => staff('POST', `/api/admin/orders/${paid.id}/confirm-payment`)),
    );
    expect(confirms.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await audited(paid.id, 'pedido.pagamento_confirmado')).toHaveLength(1);
    const cancelled = await invoiced();
    const cancels = await Promise.all(
      [1, 2].map(() => act(cancelled.id, 'cancelar', { motivo: 'Cliente desistiu' })),
    );
    expect(cancels.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await audited(cancelled.id, 'pedido.cancelado')).toHaveLength(1);
  });
});

describe('reenviar o e-mail do pedido', () => {
  it('manda de novo o e-mail da situação atual, auditado', async () => {
    const o = await invoiced();
    const count = async () =>
      (await ctx.database.db.select().from(emailLog).where(eq(emailLog.to_email, empresa.email))).length;
    const before = await count();
    const res = await act(o.id, 'reenviar-email');
    expect(res.statusCode, res.body).toBe(200);
    expect(await count()).toBe(before + 1);
    expect(await audited(o.id, 'pedido.email_reenviado')).toHaveLength(1);
    const missing = await act('00000000-0000-4000-8000-000000000000', 'reenviar-email');
    expect(missing.statusCode).toBe(404);
  });
});

describe('a equipe é avisada (sino e tempo real)', () => {
  const toldStaff = async (kind: string) =>
    ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, kind), inArray(notifications.user_id, [operador.id])));

  it('um pedido faturado avisa a equipe com o link do pedido; um Pix não', async () => {
    const before = (await toldStaff('pedido_faturado')).length;
    const o = await invoiced();
    const told = await toldStaff('pedido_faturado');
    expect(told).toHaveLength(before + 1);
    expect(told.find((n) => n.title === `Pedido faturado para confirmar: ${o.code}`)).toMatchObject({
      link: `/admin/pedidos/${o.id}`,
      body: expect.stringContaining('Padaria Conceição Ltda.'),
    });
    await placeOrder(ctx, ana, productId);
    expect(await toldStaff('pedido_faturado')).toHaveLength(before + 1);
    // Customers are not told about other people's orders.
    const customers = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'pedido_faturado'), eq(notifications.user_id, ana.id)));
    expect(customers).toHaveLength(0);
  });

  it('um atendimento aberto avisa a equipe', async () => {
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/support/tickets',
      cookie: ana.cookie,
      headers: { origin: 'http://localhost:3000' },
      payload: {
        category: 'pedidos',
        subject: 'Dúvida sobre a fatura',
        message: 'Quando vence a minha fatura?',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const told = await toldStaff('atendimento_aberto');
    expect(told.map((n) => n.title)).toContain(`Novo atendimento ${res.json().code}: Dúvida sobre a fatura`);
  });
});
