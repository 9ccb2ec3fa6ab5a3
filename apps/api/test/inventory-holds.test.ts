import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne, sql } from 'drizzle-orm';
import { addDays, earliestBookableStart, todayInBrasilia } from '@urbana/shared';
import { auditLog, inventoryHolds, products, reservations, towers } from '../src/db/schema/index.ts';
import { expireHolds } from '../src/services/inventory/holds.ts';
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
let staff: string;
let customer: { id: string; cookie: string };
const START = addDays(earliestBookableStart(todayInBrasilia(), 2), 7);

async function face(slug: string, slots: number) {
  const [p] = await ctx.database.db
    .insert(products)
    .values({
      slug,
      name: `Painel ${slug}`,
      type: 'painel_led',
      city: 'Goiânia',
      state: 'GO',
      latitude: -16.68,
      longitude: -49.25,
      daily_price: 10_000,
    })
    .returning();
  const [t] = await ctx.database.db
    .insert(towers)
    .values({ product_id: p!.id, name: 'Face única', slots })
    .returning();
  return { productId: p!.id, slug, towerId: t!.id };
}

const checkout = (cookie: string, productId: string, start = START) =>
  inject(ctx, {
    method: 'POST',
    url: '/api/orders',
    cookie,
    headers: { 'idempotency-key': `k-${Math.random()}` },
    payload: { items: [{ product_id: productId, start_date: start, weeks: 1 }] },
  });

const activeSlots = async (towerId: string) =>
  (
    await ctx.database.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.tower_id, towerId), ne(reservations.status, 'liberada')))
  ).length;

beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig(NO_ORDER_LIMITS) });
  const op = await createUser(ctx, { tipo: 'operador', email: 'operacao@urbana.com.br' });
  staff = await signIn(ctx, op.email, op.password);
  const c = await createUser(ctx, { nome: 'Agência Cerrado' });
  customer = { id: c.user.id, cookie: await signIn(ctx, c.email, c.password) };
  await inject(ctx, {
    method: 'PUT',
    url: '/api/billing-profile',
    cookie: customer.cookie,
    payload: billingPf,
  });
});
afterAll(async () => {
  await ctx.close();
});

describe('bloqueio de semanas', () => {
  it('toma todas as vagas da face: a busca e a página do produto mostram indisponível e o checkout recusa', async () => {
    const f = await face('bloqueado', 3);
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/inventario/bloqueios',
      cookie: staff,
      payload: { tower_ids: [f.towerId], start_date: START, weeks: 1, reason: 'Troca de lâmpadas' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'bloqueio', status: 'ativa', tower_count: 1 });
    expect(await activeSlots(f.towerId)).toBe(3);

    const page = await inject(ctx, {
      method: 'GET',
      url: `/api/products/${f.slug}?inicio=${START}&semanas=1`,
    });
    expect(page.json().period.status).toBe('indisponivel');
    const week = page.json().calendar.find((w: { start: string }) => w.start === START);
    expect(week.status).toBe('indisponivel');
    expect(page.json().towers[0].remaining).toBe(0);
    const search = await inject(ctx, {
      method: 'GET',
      url: `/api/search?lat=-16.68&lng=-49.25&raio=5&inicio=${START}&semanas=1`,
    });
    const found = search.json().items.find((i: { slug: string }) => i.slug === f.slug);
    expect(found.availability.status).toBe('indisponivel');

    const refused = await checkout(customer.cookie, f.productId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Não há mais vaga em Painel bloqueado/);
    // The week after is free.
    expect((await checkout(customer.cookie, f.productId, addDays(START, 7))).statusCode).toBe(201);

    // Released: the slots come back.
    const release = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/inventario/reservas/${res.json().id}/liberar`,
      cookie: staff,
    });
    expect(release.statusCode).toBe(200);
    expect(await activeSlots(f.towerId)).toBe(1);
    const again = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/inventario/reservas/${res.json().id}/liberar`,
      cookie: staff,
    });
    expect(again.statusCode).toBe(409);
  });

  it('uma face com uma vaga vendida: o bloqueio toma as vagas livres e a venda continua (issue #40 item 8)', async () => {
    const f = await face('com-pedido', 3);
    expect((await checkout(customer.cookie, f.productId)).statusCode).toBe(201);
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/inventario/bloqueios',
      cookie: staff,
      payload: { tower_ids: [f.towerId], start_date: START, weeks: 2, reason: 'Pintura da estrutura' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'bloqueio', tower_count: 1 });
    // The sold slot and the two blocked ones.
    expect(await activeSlots(f.towerId)).toBe(3);
    const blocked = await ctx.database.db
      .select()
      .from(reservations)
      .where(eq(reservations.hold_id, res.json().id));
    expect(blocked).toHaveLength(2);
    // Nothing is left to sell in those weeks.
    const refused = await checkout(customer.cookie, f.productId);
    expect(refused.statusCode).toBe(409);
  });

  it('recusa bloquear uma face sem vaga livre no período (nada é gravado)', async () => {
    const f = await face('lotado', 1);
    expect((await checkout(customer.cookie, f.productId)).statusCode).toBe(201);
    const other = await face('livre', 1);
    const before = (await ctx.database.db.select().from(inventoryHolds)).length;
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/inventario/bloqueios',
      cookie: staff,
      payload: { tower_ids: [other.towerId, f.towerId], start_date: START, weeks: 2, reason: 'Pintura' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Painel lotado (Face única) não tem vaga livre nesse período: todas estão vendidas ou reservadas. Escolha outras semanas para o bloqueio.',
    );
    expect((await ctx.database.db.select().from(inventoryHolds)).length).toBe(before);
    expect(await activeSlots(f.towerId)).toBe(1);
    expect(await activeSlots(other.towerId)).toBe(0);
  });

  it('mensagens em português para entrada inválida', async () => {
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/inventario/bloqueios',
      cookie: staff,
      payload: { tower_ids: [], start_date: START, weeks: 1, reason: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Escolha ao menos uma face|Informe o motivo/);
  });
});

describe('reserva técnica', () => {
  it('segura uma vaga por face até a validade; expirada, a vaga volta', async () => {
    const f = await face('reserva', 2);
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/inventario/reservas',
      cookie: staff,
      payload: {
        customer_id: customer.id,
        tower_ids: [f.towerId],
        start_date: START,
        weeks: 1,
        expires_on: todayInBrasilia(),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const holdId = res.json().id as string;
    // One slot left: one checkout passes, the next is refused — never past the slots.
    expect((await checkout(customer.cookie, f.productId)).statusCode).toBe(201);
    expect((await checkout(customer.cookie, f.productId)).statusCode).toBe(409);
    expect(await activeSlots(f.towerId)).toBe(2);
    // A second hold finds no slot either.
    const second = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/inventario/reservas',
      cookie: staff,
      payload: {
        customer_id: customer.id,
        tower_ids: [f.towerId],
        start_date: START,
        weeks: 1,
        expires_on: todayInBrasilia(),
      },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/Não há vaga livre em Painel reserva/);

    // Its time runs out: the worker gives the slot back and the next checkout gets it.
    await ctx.database.db
      .update(inventoryHolds)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(inventoryHolds.id, holdId));
    await ctx.database.db
      .update(reservations)
      .set({ hold_expires_at: new Date(Date.now() - 1000) })
      .where(eq(reservations.hold_id, holdId));
    expect(await expireHolds({ db: ctx.database.db })).toBe(1);
    const [hold] = await ctx.database.db.select().from(inventoryHolds).where(eq(inventoryHolds.id, holdId));
    expect(hold!.status).toBe('expirada');
    expect((await checkout(customer.cookie, f.productId)).statusCode).toBe(201);
    expect(await activeSlots(f.towerId)).toBe(2);
  });

  it('valida validade e cliente', async () => {
    const f = await face('reserva-invalida', 1);
    const past = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/inventario/reservas',
      cookie: staff,
      payload: {
        customer_id: customer.id,
        tower_ids: [f.towerId],
        start_date: START,
        weeks: 1,
        expires_on: addDays(todayInBrasilia(), -1),
      },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('A validade não pode estar no passado.');
  });
});

describe('calendário de inventário', () => {
  it('conta vendidas, reservadas, bloqueadas e livres por semana, e abre a célula', async () => {
    const f = await face('calendario', 4);
    const first = START;
    await inject(ctx, {
      method: 'POST',
      url: '/api/admin/inventario/bloqueios',
      cookie: staff,
      payload: { tower_ids: [f.towerId], start_date: addDays(first, 14), weeks: 1, reason: 'Manutenção' },
    });
    const order = await checkout(customer.cookie, f.productId, first);
    expect(order.statusCode).toBe(201);
    await inject(ctx, {
      method: 'POST',
      url: `/api/admin/orders/${order.json().id}/confirm-payment`,
      cookie: staff,
    });
    await inject(ctx, {
      method: 'POST',
      url: '/api/admin/inventario/reservas',
      cookie: staff,
      payload: {
        customer_id: customer.id,
        tower_ids: [f.towerId],
        start_date: first,
        weeks: 1,
        expires_on: todayInBrasilia(),
      },
    });
    const res = await inject(ctx, {
      method: 'GET',
      url: `/api/admin/inventario?de=${first}&semanas=4&produto=${f.productId}`,
      cookie: staff,
    });
    expect(res.statusCode, res.body).toBe(200);
    const grid = res.json();
    expect(grid.weeks).toHaveLength(4);
    expect(grid.faces).toHaveLength(1);
    const cells = grid.faces[0].cells;
    expect(cells[0]).toEqual({ sold: 1, held: 1, blocked: 0, free: 2 });
    expect(cells[1]).toEqual({ sold: 0, held: 0, blocked: 0, free: 4 });
    expect(cells[2]).toEqual({ sold: 0, held: 0, blocked: 4, free: 0 });

    const cell = await inject(ctx, {
      method: 'GET',
      url: `/api/admin/inventario/celula?torre=${f.towerId}&de=${first}&ate=${addDays(first, 7)}`,
      cookie: staff,
    });
    expect(cell.statusCode).toBe(200);
    expect(cell.json().orders).toHaveLength(1);
    expect(cell.json().orders[0]).toMatchObject({ order_id: order.json().id, status: 'pago' });
    expect(cell.json().holds).toMatchObject([{ kind: 'reserva_tecnica', customer: 'Agência Cerrado' }]);
    const audited = await ctx.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} like 'inventario.%'`);
    expect(audited.length).toBeGreaterThanOrEqual(3);
  });

  it('filtra por cidade e tipo', async () => {
    const res = await inject(ctx, {
      method: 'GET',
      url: `/api/admin/inventario?cidade=goiania&tipo=outdoor`,
      cookie: staff,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().faces).toEqual([]);
    const all = await inject(ctx, {
      method: 'GET',
      url: `/api/admin/inventario?cidade=Goiânia`,
      cookie: staff,
    });
    expect(all.json().faces.length).toBeGreaterThan(3);
    expect(all.json().cities).toContainEqual({ city: 'Goiânia', state: 'GO' });
  });
});
