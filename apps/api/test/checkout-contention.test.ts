import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne, sql } from 'drizzle-orm';
import { addDays, earliestBookableStart, todayInBrasilia } from '@urbana/shared';
import { checkoutRefusals, orders, products, reservations, towers } from '../src/db/schema/index.ts';
import {
  createTestApp,
  createUser,
  inject,
  NO_ORDER_LIMITS,
  signIn,
  testConfig,
  type TestContext,
} from './helpers.ts';
import { personBilling } from '@urbana/shared/samples';

let ctx: TestContext;
const cookies: string[] = [];
let productId: string;
let towerId: string;
const SLOTS = 3;

beforeAll(async () => {
  // 40 checkouts per account in one burst: the per-account order limits (decision 026) have their own
  // tests in abuse-edges.test.ts; this one is about slots.
  ctx = await createTestApp({ config: testConfig(NO_ORDER_LIMITS) });
  const [p] = await ctx.database.db
    .insert(products)
    .values({
      slug: 'painel-disputado',
      name: 'Painel Disputado',
      type: 'painel_led',
      city: 'Brasília',
      state: 'DF',
      latitude: -15.8,
      longitude: -47.9,
      daily_price: 20_000,
    })
    .returning();
  productId = p!.id;
  const [t] = await ctx.database.db
    .insert(towers)
    .values({ product_id: productId, name: 'Face principal', slots: SLOTS })
    .returning();
  towerId = t!.id;
  for (let i = 0; i < 5; i++) {
    const u = await createUser(ctx);
    const c = await signIn(ctx, u.email, u.password);
    await inject(ctx, {
      method: 'PUT',
      url: '/api/billing-profile',
      cookie: c,
      payload: personBilling('Pessoa'),
    });
    cookies.push(c);
  }
});
afterAll(async () => {
  await ctx.close();
});

describe('concorrência no checkout', () => {
  it('200 checkouts ao mesmo tempo para a mesma face e semana: só cabem as vagas', async () => {
    const start = addDays(earliestBookableStart(todayInBrasilia(), 2), 7);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        inject(ctx, {
          method: 'POST',
          url: '/api/orders',
          cookie: cookies[i % cookies.length],
          headers: { 'idempotency-key': `disputa-${i}-${Date.now()}` },
          payload: { items: [{ product_id: productId, start_date: start, weeks: 1 }] },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 201)).toHaveLength(SLOTS);
    expect(codes.filter((c) => c === 409)).toHaveLength(200 - SLOTS);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().message).toMatch(/Painel Disputado/);
    const held = await ctx.database.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.tower_id, towerId), ne(reservations.status, 'liberada')));
    expect(held).toHaveLength(SLOTS);
    expect(new Set(held.map((r) => r.slot)).size).toBe(SLOTS);
    const placed = await ctx.database.db.select().from(orders);
    expect(placed).toHaveLength(SLOTS);
  }, 120_000);

  it('a última vaga tomada entre a leitura e a escrita: place_order recusa, guarda a recusa e a mesma chave recebe a mesma resposta', async () => {
    // Another checkout committing between this one's look (checkoutContext: slots free) and its
    // write: a trigger takes every slot of the face when place_order writes the order's row, so the
    // refusal comes from inside place_order (migration 0020), not from the look before.
    const start = addDays(earliestBookableStart(todayInBrasilia(), 2), 21);
    const end = addDays(start, 7);
    await ctx.database.db.execute(
      sql.raw(`create function test_toma_vagas() returns trigger language plpgsql as $$
        begin
          insert into reservations (tower_id, product_id, latitude, longitude, slot, starts_on, ends_on, status)
          select s.tower_id, '${productId}', -15.8, -47.9, s.slot, '${start}', '${end}', 'confirmada'
          from tower_slots s where s.tower_id = '${towerId}';
          return new;
        end $$`),
    );
    await ctx.database.db.execute(
      sql.raw(
        'create trigger test_toma_vagas after insert on orders for each row execute function test_toma_vagas()',
      ),
    );
    const key = `ultima-vaga-${Date.now()}`;
    const send = (idempotencyKey: string) =>
      inject(ctx, {
        method: 'POST',
        url: '/api/orders',
        cookie: cookies[0],
        headers: { 'idempotency-key': idempotencyKey },
        payload: { items: [{ product_id: productId, start_date: start, weeks: 1 }] },
      });
    const ordersBefore = (await ctx.database.db.select().from(orders)).length;
    const first = await send(key);
    await ctx.database.db.execute(sql.raw('drop trigger test_toma_vagas on orders'));
    await ctx.database.db.execute(sql.raw('drop function test_toma_vagas()'));
    expect(first.statusCode).toBe(409);
    expect(first.json().message).toBe(
      'Não há mais vaga em Painel Disputado para o período escolhido. Escolha outra data ou outra torre.',
    );
    // No order's row is left behind; the refusal is kept under the key, once.
    expect(await ctx.database.db.select().from(orders)).toHaveLength(ordersBefore);
    const kept = await ctx.database.db
      .select()
      .from(checkoutRefusals)
      .where(eq(checkoutRefusals.idempotency_key, key));
    expect(kept.map((r) => [r.status, r.message])).toEqual([[409, first.json().message]]);
    // The slots the trigger took are given back: a new key books, the same key is answered as before.
    await ctx.database.db
      .update(reservations)
      .set({ status: 'liberada' })
      .where(and(eq(reservations.tower_id, towerId), eq(reservations.starts_on, start)));
    const again = await send(key);
    expect([again.statusCode, again.json().message]).toEqual([409, first.json().message]);
    const other = await send(`${key}-nova`);
    expect(other.statusCode).toBe(201);
    // The answer place_order returned is the order as it is read later: the same key sent again is
    // answered from the database (200), field by field the same.
    const replayed = await send(`${key}-nova`);
    expect(replayed.statusCode).toBe(200);
    expect(other.json()).toEqual(replayed.json());
  }, 60_000);
});
