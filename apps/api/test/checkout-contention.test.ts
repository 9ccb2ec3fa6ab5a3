import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { addDays, earliestBookableStart, todayInBrasilia } from '@urbana/shared';
import { orders, products, reservations, towers } from '../src/db/schema/index.ts';
import {
  createTestApp,
  createUser,
  inject,
  NO_ORDER_LIMITS,
  signIn,
  testConfig,
  type TestContext,
} from './helpers.ts';

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
      payload: {
        person_type: 'pf',
        name: 'Pessoa',
        document: '52998224725',
        phone: '61999990000',
        cep: '70040010',
        street: 'Rua',
        number: '1',
        district: 'Centro',
        city: 'Brasília',
        state: 'DF',
      },
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
});
