import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { products, towers } from '../src/db/schema/index.ts';
import { createTestApp, inject, type TestContext } from './helpers.ts';

/**
 * Issue #21: the home page's network figures are kept by the database as the catalogue changes
 * (migration 0012) and must always equal a count of the whole catalogue; the featured cards come
 * from an index and must be the best audience of each type, then the next best.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

async function fromScratch() {
  const [totals] = (
    await ctx.database.db.execute(sql`
      select count(*)::int as locations, count(distinct (p.city, p.state))::int as cities,
        count(distinct p.state)::int as states, coalesce(sum(p.weekly_audience), 0)::bigint as weekly_audience,
        coalesce((select sum(t.screens) from towers t join products p2 on p2.id = t.product_id
          where p2.status = 'ativo'), 0)::int as screens
      from products p where p.status = 'ativo'`)
  ).rows as Array<Record<string, unknown>>;
  const byType = (
    await ctx.database.db.execute(sql`
      select type, count(*)::int as locations, coalesce(sum(weekly_audience), 0)::bigint as weekly_audience
      from products where status = 'ativo' group by type order by type`)
  ).rows as Array<Record<string, unknown>>;
  return {
    locations: Number(totals!.locations),
    cities: Number(totals!.cities),
    states: Number(totals!.states),
    screens: Number(totals!.screens),
    weekly_audience: Number(totals!.weekly_audience),
    by_type: byType.map((r) => ({
      type: r.type,
      locations: Number(r.locations),
      weekly_audience: Number(r.weekly_audience),
    })),
  };
}

async function expectInStep() {
  const res = await inject(ctx, { method: 'GET', url: '/api/network' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual(await fromScratch());
}

let n = 0;
async function place(
  values: Partial<typeof products.$inferInsert> & { type: 'torre' | 'outdoor' | 'empena' },
) {
  n += 1;
  const [row] = await ctx.database.db
    .insert(products)
    .values({
      slug: `rede-${n}`,
      name: `Rede ${n}`,
      city: 'Brasília',
      state: 'DF',
      latitude: -15.8,
      longitude: -47.9,
      daily_price: 1_000,
      weekly_audience: 1_000 * n,
      ...values,
    })
    .returning();
  return row!.id;
}

describe('números da rede mantidos pelo banco', () => {
  it('acompanham inclusões, mudanças, torres e exclusões', async () => {
    await expectInStep();
    const a = await place({ type: 'torre', is_tower_based: true });
    const b = await place({ type: 'outdoor', city: 'Goiânia', state: 'GO' });
    const c = await place({ type: 'outdoor', status: 'inativo' });
    const [t1] = await ctx.database.db
      .insert(towers)
      .values({ product_id: a, name: 'A', screens: 4 })
      .returning();
    await ctx.database.db.insert(towers).values([
      { product_id: a, name: 'B', screens: 2 },
      { product_id: b, name: 'Face', screens: 1 },
      { product_id: c, name: 'Face', screens: 7 },
    ]);
    await expectInStep();

    await ctx.database.db.update(towers).set({ screens: 9 }).where(eq(towers.id, t1!.id));
    await expectInStep();
    await ctx.database.db.update(products).set({ status: 'ativo' }).where(eq(products.id, c));
    await expectInStep();
    await ctx.database.db
      .update(products)
      .set({ type: 'empena', city: 'Palmas', state: 'TO' })
      .where(eq(products.id, b));
    await expectInStep();
    await ctx.database.db.update(products).set({ status: 'inativo' }).where(eq(products.id, a));
    await expectInStep();
    await ctx.database.db.update(towers).set({ screens: 3 }).where(eq(towers.id, t1!.id));
    await ctx.database.db
      .update(products)
      .set({ status: 'ativo', weekly_audience: 77_777 })
      .where(eq(products.id, a));
    await expectInStep();
    await ctx.database.db.delete(towers).where(eq(towers.id, t1!.id));
    await expectInStep();
    // A product deleted with its towers (cascade) takes its screens along.
    await ctx.database.db.delete(products).where(eq(products.id, a));
    await expectInStep();
    await ctx.database.db.delete(products).where(eq(products.id, b));
    await expectInStep();
  });

  it('destaques: o maior público de cada tipo, depois os maiores no geral', async () => {
    for (let i = 0; i < 6; i++) await place({ type: i % 2 ? 'torre' : 'empena' });
    await place({ type: 'outdoor', weekly_audience: 5 });
    const res = await inject(ctx, { method: 'GET', url: '/api/products/featured' });
    const items = res.json().items as Array<{ id: string; type: string; weekly_audience: number }>;
    const active = (
      await ctx.database.db.execute(
        sql`select id, type, weekly_audience from products where status = 'ativo' order by weekly_audience desc, id`,
      )
    ).rows as Array<{ id: string; type: string; weekly_audience: number }>;
    const bestOfType = new Map<string, string>();
    for (const p of active) if (!bestOfType.has(p.type)) bestOfType.set(p.type, p.id);
    const expected = new Set(bestOfType.values());
    for (const p of active) if (expected.size < Math.min(8, active.length)) expected.add(p.id);
    expect(new Set(items.map((i) => i.id))).toEqual(expected);
  });
});
