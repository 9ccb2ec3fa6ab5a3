import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { addDays, earliestBookableStart, todayInBrasilia } from '@urbana/shared';
import {
  coupons,
  emailLog,
  invoices,
  orders,
  orderStatusHistory,
  products,
  reservations,
  towers,
  userCart,
} from '../src/db/schema/index.ts';
import { expireOrders } from '../src/services/orders/expire.ts';
import { applyReceivedPayment } from '../src/services/payments/apply-payment.ts';
import { decodeBrCode } from './brcode.ts';
import {
  createTestApp,
  createUser,
  inject,
  signIn,
  testConfig,
  type TestContext,
  billingPf,
  NO_ORDER_LIMITS,
} from './helpers.ts';

let ctx: TestContext;
let ana: string;
let anaId: string;
let bruno: string;
let operador: string;
let face: { product: string; tower: string };
let torres: { product: string; towers: string[] };
const START = addDays(earliestBookableStart(todayInBrasilia(), 2), 14);
let keyN = 0;
const key = () => `chave-teste-${++keyN}-${Date.now()}`;

const pf = billingPf;

async function product(p: { name: string; price: number; type: 'outdoor' | 'torre'; slots: number[] }) {
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
      daily_price: p.price,
      is_tower_based: p.type === 'torre',
      weekly_audience: 10_000,
    })
    .returning();
  const ts = await ctx.database.db
    .insert(towers)
    .values(
      p.slots.map((slots, i) => ({
        product_id: row!.id,
        name: `Torre ${String.fromCharCode(65 + i)}`,
        slots,
      })),
    )
    .returning();
  return { product: row!.id, towers: ts.map((t) => t.id) };
}

const order = (cookie: string | undefined, body: object, idem: string | null = key()) =>
  inject(ctx, {
    method: 'POST',
    url: '/api/orders',
    cookie,
    headers: idem ? { 'idempotency-key': idem } : {},
    payload: body,
  });
const item = (p: string, extra: Record<string, unknown> = {}) => ({
  product_id: p,
  start_date: START,
  weeks: 2,
  tower_ids: [],
  ...extra,
});

beforeAll(async () => {
  ctx = await createTestApp({
    // One busy account places many orders here: the limits on unpaid orders have their own tests
    // (abuse-edges.test.ts, docs/decisions/026-abuse-and-edge-cases.md).
    config: testConfig({ ...NO_ORDER_LIMITS }),
  });
  const a = await createUser(ctx, { nome: 'Ana Souza' });
  anaId = a.user.id;
  ana = await signIn(ctx, a.email, a.password);
  const b = await createUser(ctx);
  bruno = await signIn(ctx, b.email, b.password);
  const o = await createUser(ctx, { tipo: 'operador', email: 'op@urbana.com.br' });
  operador = await signIn(ctx, o.email, o.password);
  const f = await product({ name: 'Outdoor Eixo', price: 10_000, type: 'outdoor', slots: [2] });
  face = { product: f.product, tower: f.towers[0]! };
  torres = await product({ name: 'Condomínio Aurora', price: 5_000, type: 'torre', slots: [1, 1, 1] });
  for (const c of [ana, bruno])
    await inject(ctx, { method: 'PUT', url: '/api/billing-profile', cookie: c, payload: pf });
});
afterAll(async () => {
  await ctx.close();
});

describe('cadastro de faturamento', () => {
  it.each([
    [{ document: '111.111.111-11' }, 'CPF inválido. Confira os números.'],
    [{ person_type: 'pj', document: '11.222.333/0001-00' }, 'CNPJ inválido. Confira as letras e os números.'],
    [{ cep: '123' }, 'CEP inválido.'],
    [{ phone: '9999' }, 'Informe um telefone com DDD (10 ou 11 dígitos).'],
    [{ name: '  ' }, 'Informe o nome completo ou a razão social.'],
    [{ state: 'XX' }, 'Escolha o estado.'],
  ])('%j → 400', async (over, message) => {
    const res = await inject(ctx, {
      method: 'PUT',
      url: '/api/billing-profile',
      cookie: ana,
      payload: { ...pf, ...over },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('grava só dígitos e lê o próprio', async () => {
    const res = await inject(ctx, { method: 'GET', url: '/api/billing-profile', cookie: ana });
    expect(res.json().profile).toMatchObject({
      document: '52998224725',
      cep: '70040010',
      phone: '61999990000',
    });
  });

  it('sem cadastro de faturamento não há pedido', async () => {
    const c = await createUser(ctx);
    const cookie = await signIn(ctx, c.email, c.password);
    const res = await order(cookie, { items: [item(face.product)] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Complete seu cadastro de faturamento antes de finalizar o pedido.');
  });
});

describe('orçamento', () => {
  it('recalcula do banco e aplica o desconto de longa duração a partir de 12 semanas', async () => {
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/checkout/quote',
      payload: {
        items: [
          item(face.product, { weeks: 12, daily_price: 1 }),
          item(torres.product, { tower_ids: [torres.towers[0], torres.towers[1]] }),
        ],
      },
    });
    const q = res.json();
    expect(q.items[0]).toMatchObject({ subtotal: 10_000 * 7 * 12, discount: 84_000, total: 756_000 });
    expect(q.items[1]).toMatchObject({ subtotal: 5_000 * 7 * 2 * 2, discount: 0 });
    expect(q.total).toBe(756_000 + 140_000);
  });

  it('recusa início antes da antecedência mínima', async () => {
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/checkout/quote',
      payload: { items: [item(face.product, { start_date: todayInBrasilia() })] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/deve começar a partir de \d{2}\/\d{2}\/\d{4}/);
  });

  it('diz por que o cupom não vale', async () => {
    const db = ctx.database.db;
    await db.insert(coupons).values([
      { code: 'VENCIDO', kind: 'percentual', value: 10, ends_at: new Date(Date.now() - 1000) },
      { code: 'MINIMO', kind: 'valor', value: 1000, min_order: 100_000_000 },
      { code: 'ESGOTADO', kind: 'valor', value: 1000, max_uses: 1, uses: 1 },
      { code: 'INATIVO', kind: 'valor', value: 1000, active: false },
    ]);
    const msg = async (code: string) =>
      (
        await inject(ctx, {
          method: 'POST',
          url: '/api/checkout/quote',
          cookie: ana,
          payload: { items: [item(face.product)], coupon_code: code },
        })
      ).json().coupon_error;
    expect(await msg('vencido')).toBe('Este cupom expirou.');
    expect(await msg('MINIMO')).toBe('Este cupom vale para pedidos a partir de R$\u00a01.000.000,00.');
    expect(await msg('ESGOTADO')).toBe('Este cupom atingiu o limite de usos.');
    expect(await msg('INATIVO')).toBe('Este cupom não está ativo.');
    expect(await msg('NAOEXISTE')).toBe('Cupom não encontrado.');
  });

  it('um texto que não pode ser código (longo, com espaços ou emoji) é "Cupom não encontrado." e a cotação vem inteira', async () => {
    for (const code of ['X'.repeat(41), 'PROMO 10 😀', 'a'.repeat(200)]) {
      const res = await inject(ctx, {
        method: 'POST',
        url: '/api/checkout/quote',
        cookie: ana,
        payload: { items: [item(face.product)], coupon_code: code },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().coupon_error).toBe('Cupom não encontrado.');
      expect(res.json().items).toHaveLength(1);
      expect(res.json().total).toBeGreaterThan(0);
    }
    const beyond = await inject(ctx, {
      method: 'POST',
      url: '/api/checkout/quote',
      payload: { items: [item(face.product)], coupon_code: 'a'.repeat(201) },
    });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().message).toBe('Cupom não encontrado.');
  });
});

describe('pedido', () => {
  let placed: { id: string; code: string; total: number; pix_payload: string };

  it('uma transação: pedido, itens, reservas, fatura, histórico, carrinho vazio, email', async () => {
    await inject(ctx, {
      method: 'PUT',
      url: '/api/cart',
      cookie: ana,
      payload: { products: [{ id: 'x-1' }] },
    });
    const res = await order(ana, {
      items: [item(torres.product, { tower_ids: [torres.towers[0]] })],
      payment_method: 'pix',
      total: 1,
    });
    expect(res.statusCode).toBe(201);
    placed = res.json();
    expect(placed).toMatchObject({
      status: 'aguardando_pagamento',
      subtotal: 70_000,
      total: 70_000,
      discount_reason: 'longa_duracao',
      // No PSP configured: the static code, which staff confirm (issue #41 item 3).
      pix_confirmation: 'manual',
    });
    expect(placed.code).toMatch(/^URB-[A-Z2-9]{8}$/);
    const db = ctx.database.db;
    const held = await db.select().from(reservations).where(eq(reservations.tower_id, torres.towers[0]!));
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ status: 'pendente', starts_on: START });
    expect(held[0]!.hold_expires_at!.getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);
    const [invoice] = await db.select().from(invoices).where(eq(invoices.order_id, placed.id));
    // Numbered when paid, not when placed (docs/decisions/039).
    expect(invoice!.number).toBeNull();
    expect(invoice!.status).toBe('pendente');
    const cart = await db.query.userCart.findFirst({ where: eq(userCart.user_id, anaId) });
    expect(cart!.products).toEqual([]);
    const [mail] = await db
      .select()
      .from(emailLog)
      .where(and(eq(emailLog.user_id, anaId), eq(emailLog.template, 'pedido_recebido')));
    expect(mail!.body_text).toContain(placed.pix_payload);
  });

  it('o BR Code lido por outro leitor confere: valor, chave, txid e CRC', async () => {
    const pix = (
      await inject(ctx, { method: 'GET', url: `/api/orders/${placed.id}/pix`, cookie: ana })
    ).json();
    expect(pix.qr).toMatch(/^data:image\/png;base64,/);
    const decoded = decodeBrCode(pix.payload);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(decoded).toMatchObject({
      formatIndicator: '01',
      gui: 'br.gov.bcb.pix',
      key: 'pix@urbana.com.br',
      currency: '986',
      amount: '700.00',
      country: 'BR',
      txid: row!.payment_reference!,
    });
    expect(decoded.crc).toBe(decoded.crcComputed);
  });

  it('pedidos de outra pessoa respondem 404', async () => {
    for (const [method, url] of [
      ['GET', `/api/orders/${placed.id}`],
      ['GET', `/api/orders/${placed.id}/pix`],
      ['POST', `/api/orders/${placed.id}/cancel`],
    ] as const) {
      const res = await inject(ctx, { method, url, cookie: bruno });
      expect(res.statusCode).toBe(404);
    }
    expect(
      (await inject(ctx, { method: 'GET', url: '/api/orders', cookie: bruno })).json().items,
    ).toHaveLength(0);
  });

  it('sem vaga: 409 com o nome do local e nada gravado pela metade', async () => {
    const before = await ctx.database.db.select({ n: count() }).from(orders);
    const res = await order(bruno, {
      items: [item(face.product), item(torres.product, { tower_ids: [torres.towers[0]] })],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Não há mais vaga em Condomínio Aurora (Torre A) para o período escolhido. Escolha outra data ou outra torre.',
    );
    const after = await ctx.database.db.select({ n: count() }).from(orders);
    expect(after[0]!.n).toBe(before[0]!.n);
    const faceHolds = await ctx.database.db
      .select()
      .from(reservations)
      .where(eq(reservations.tower_id, face.tower));
    expect(faceHolds).toHaveLength(0);
  });

  it('Idempotency-Key: mesma chave e corpo devolvem o mesmo pedido; corpo diferente é recusado', async () => {
    const k = key();
    const body = {
      items: [item(torres.product, { tower_ids: [torres.towers[2]], start_date: addDays(START, 70) })],
    };
    const first = await order(ana, body, k);
    const again = await order(ana, body, k);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const other = await order(ana, { ...body, payment_method: 'pix', coupon_code: 'X' }, k);
    expect(other.statusCode).toBe(422);
    expect((await order(ana, body, null)).json().message).toBe('Envie o cabeçalho Idempotency-Key.');
  });

  it('10 envios em paralelo com a mesma chave geram um pedido', async () => {
    const k = key();
    const body = { items: [item(face.product, { start_date: addDays(START, 140) })] };
    const results = await Promise.all(Array.from({ length: 10 }, () => order(bruno, body, k)));
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    const [n] = await ctx.database.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.idempotency_key, k));
    expect(n!.n).toBe(1);
  });

  it('o cliente cancela antes de pagar e a vaga volta', async () => {
    const res = await order(bruno, { items: [item(face.product, { start_date: addDays(START, 210) })] });
    const id = res.json().id;
    const cancelled = await inject(ctx, { method: 'POST', url: `/api/orders/${id}/cancel`, cookie: bruno });
    expect(cancelled.json().status).toBe('cancelado');
    expect(cancelled.json().history.map((h: { to: string }) => h.to)).toEqual([
      'aguardando_pagamento',
      'cancelado',
    ]);
    const held = await ctx.database.db
      .select()
      .from(reservations)
      .where(sql`${reservations.order_item_id} in (select id from order_items where order_id = ${id})`);
    expect(held.every((r) => r.status === 'liberada')).toBe(true);
    const again = await inject(ctx, { method: 'POST', url: `/api/orders/${id}/cancel`, cookie: bruno });
    expect(again.statusCode).toBe(200);
  });

  it('o prazo de pagamento expira, a vaga é liberada e outra pessoa reserva', async () => {
    const start = addDays(START, 280);
    const first = (
      await order(ana, {
        items: [item(torres.product, { tower_ids: [torres.towers[1]], start_date: start })],
      })
    ).json();
    const blocked = await order(bruno, {
      items: [item(torres.product, { tower_ids: [torres.towers[1]], start_date: start })],
    });
    expect(blocked.statusCode).toBe(409);
    await ctx.database.db
      .update(orders)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(orders.id, first.id));
    await ctx.database.db
      .update(reservations)
      .set({ hold_expires_at: new Date(Date.now() - 1000) })
      .where(eq(reservations.tower_id, torres.towers[1]!));
    expect(await expireOrders(ctx.app.deps)).toBeGreaterThanOrEqual(1);
    const detail = (await inject(ctx, { method: 'GET', url: `/api/orders/${first.id}`, cookie: ana })).json();
    expect(detail.status).toBe('expirado');
    expect(detail.invoice.status).toBe('cancelada');
    const retry = await order(bruno, {
      items: [item(torres.product, { tower_ids: [torres.towers[1]], start_date: start })],
    });
    expect(retry.statusCode).toBe(201);
  });

  it('a página do produto vem do cache e reflete na hora um pedido feito por esta instância', async () => {
    const p = await product({ name: 'Painel do Cache', price: 8_000, type: 'outdoor', slots: [1] });
    const read = () =>
      inject(ctx, { method: 'GET', url: '/api/products/painel-do-cache?inicio=' + START + '&semanas=2' });
    const first = await read();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.json().towers[0].remaining).toBe(1);
    // A change made elsewhere (straight in the database) is not seen until the entry expires…
    await ctx.database.db.update(products).set({ name: 'Outro nome' }).where(eq(products.id, p.product));
    expect((await read()).body).toBe(first.body);
    // …but an order placed here clears the cache at once.
    const placed = await order(bruno, { items: [item(p.product, { tower_ids: [p.towers[0]] })] });
    expect(placed.statusCode).toBe(201);
    const after = (await read()).json();
    expect(after.name).toBe('Outro nome');
    expect(after.towers[0].remaining).toBe(0);
    expect(after.period.status).toBe('indisponivel');
  });

  it('cupom: uso contado, limite respeitado em paralelo', async () => {
    await ctx.database.db
      .insert(coupons)
      .values({ code: 'TRES', kind: 'percentual', value: 20, max_uses: 3 });
    const users = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const u = await createUser(ctx);
        const c = await signIn(ctx, u.email, u.password);
        await inject(ctx, { method: 'PUT', url: '/api/billing-profile', cookie: c, payload: pf });
        return c;
      }),
    );
    const results = await Promise.all(
      users.map((c, i) =>
        order(c, {
          items: [item(face.product, { start_date: addDays(START, 350 + i * 14) })],
          coupon_code: 'tres',
        }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 201);
    expect(ok).toHaveLength(3);
    for (const r of ok)
      expect(r.json()).toMatchObject({ coupon_code: 'TRES', coupon_discount: 28_000, total: 112_000 });
    for (const r of results.filter((x) => x.statusCode !== 201))
      expect(r.json().message).toBe('Este cupom atingiu o limite de usos.');
    const [c] = await ctx.database.db.select().from(coupons).where(eq(coupons.code, 'TRES'));
    expect(c!.uses).toBe(3);
  });
});

describe('pagamento', () => {
  let pending: { id: string; total: number };
  let txid: string;

  beforeAll(async () => {
    pending = (await order(ana, { items: [item(face.product, { start_date: addDays(START, 500) })] })).json();
    txid = (await ctx.database.db.select().from(orders).where(eq(orders.id, pending.id)))[0]!
      .payment_reference!;
  });

  const status = async () =>
    (await ctx.database.db.select().from(orders).where(eq(orders.id, pending.id)))[0]!.status;
  const received = (reference: string, data: { chargeReference?: string; amount?: number } = {}) =>
    applyReceivedPayment(ctx.app.deps, 'pix', {
      reference,
      chargeReference: 'chargeReference' in data ? data.chargeReference : txid,
      amount: data.amount ?? pending.total,
      paidAt: new Date(),
      refunds: [],
    });

  it('um Pix de cobrança desconhecida ou de valor diferente não paga o pedido', async () => {
    expect(await received('E1', { chargeReference: 'URBNAOEXISTE' })).toBe('sem_pedido');
    expect(await received('E2', { chargeReference: undefined })).toBe('sem_pedido');
    expect(await received('E3', { amount: 1 })).toBe('valor_divergente');
    expect(await status()).toBe('aguardando_pagamento');
  });

  it('um Pix recebido marca pago uma vez só; o mesmo Pix de novo é ignorado', async () => {
    expect(await received('E10')).toBe('pago');
    expect(await status()).toBe('pago');
    expect(await received('E10')).toBe('repetido');
    expect(await received('E11')).toBe('ja_pago');
    const paid = await ctx.database.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.order_id, pending.id), eq(orderStatusHistory.to_status, 'pago')));
    expect(paid).toHaveLength(1);
    const detail = (
      await inject(ctx, { method: 'GET', url: `/api/orders/${pending.id}`, cookie: ana })
    ).json();
    expect(detail.invoice.status).toBe('paga');
    const held = await ctx.database.db
      .select()
      .from(reservations)
      .where(
        sql`${reservations.order_item_id} in (select id from order_items where order_id = ${pending.id})`,
      );
    expect(held.every((r) => r.status === 'confirmada' && r.hold_expires_at === null)).toBe(true);
  });

  it('a equipe confirma um pagamento; o cliente não pode', async () => {
    const o = (
      await order(bruno, { items: [item(face.product, { start_date: addDays(START, 600) })] })
    ).json();
    expect(
      (
        await inject(ctx, {
          method: 'POST',
          url: `/api/admin/orders/${o.id}/confirm-payment`,
          cookie: bruno,
          payload: {},
        })
      ).statusCode,
    ).toBe(403);
    const res = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/orders/${o.id}/confirm-payment`,
      cookie: operador,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('pago');
    // A paid order cannot be cancelled by the customer.
    expect(
      (await inject(ctx, { method: 'POST', url: `/api/orders/${o.id}/cancel`, cookie: bruno })).statusCode,
    ).toBe(409);
  });

  it('sem provedor de pagamentos, o webhook do Pix recusa tudo', async () => {
    const plain = await createTestApp({ database: ctx.database });
    try {
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/webhooks/pix/pix',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          pix: [{ endToEndId: 'E20', txid, valor: '1.00', horario: new Date().toISOString() }],
        }),
      });
      expect(res.statusCode).toBe(401);
      expect(await status()).toBe('pago');
    } finally {
      await plain.app.close();
    }
  });
});
