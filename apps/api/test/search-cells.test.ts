import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { periodEnd, searchCountText, searchQuerySchema } from '@urbana/shared';
import { products, reservations, towers } from '../src/db/schema/index.ts';
import { networkStats } from '../src/services/catalog/cards.ts';
import { areaOf, searchProducts, searchSql } from '../src/services/catalog/search.ts';
import { cellsOf } from '../src/services/catalog/search-cells.ts';
import { createTestApp, inject, type TestContext } from './helpers.ts';

/**
 * Issue #21 (docs/decisions/043): the search by cells answers the same pages, in the same order, as
 * the ranking of every product of the area — with ties, filters, availability, pages and map bounds —
 * and counts up to 1,000 ("mais de 1.000 locais").
 */
let ctx: TestContext;
const S = '2030-01-07';
const E = periodEnd(S, 2);
const TYPES = ['torre', 'painel_led', 'outdoor', 'empena', 'mobiliario_urbano'] as const;

beforeAll(async () => {
  ctx = await createTestApp();
  // 1,300 products around Brasília over six cells, with prices and audiences that tie often.
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const rows = Array.from({ length: 1300 }, (_, i) => ({
    slug: `celula-${i}`,
    name: `Celula ${i}`,
    type: TYPES[i % TYPES.length]!,
    city: 'Brasília',
    state: 'DF',
    latitude: -15.79 + (random() - 0.5) * 0.4,
    longitude: -47.88 + (random() - 0.5) * 0.4,
    daily_price: [5_000, 8_000, 10_000, 20_000, 50_000][Math.floor(random() * 5)]!,
    weekly_audience: [10_000, 20_000, 50_000, 100_000][Math.floor(random() * 4)]!,
    status: (i % 37 === 0 ? 'inativo' : 'ativo') as 'ativo' | 'inativo',
  }));
  const made = await ctx.database.db.insert(products).values(rows).returning();
  const faces = await ctx.database.db
    .insert(towers)
    .values(made.map((p, i) => ({ product_id: p.id, name: 'Face', slots: i % 2 ? 2 : 1 })))
    .returning();
  // Every 5th face booked for the period: full with one slot, "poucas vagas" with two.
  await ctx.database.db.insert(reservations).values(
    faces
      .filter((_, i) => i % 5 === 0)
      .map((t) => {
        const p = made.find((m) => m.id === t.product_id)!;
        return {
          tower_id: t.id,
          product_id: p.id,
          latitude: p.latitude,
          longitude: p.longitude,
          slot: 1,
          starts_on: S,
          ends_on: E,
        };
      }),
  );
});
afterAll(async () => {
  await ctx.close();
});

type Row = Record<string, unknown>;
async function both(query: string) {
  const q = searchQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
  const area = areaOf(q);
  const run = async (how: 'cells' | 'full') =>
    (await ctx.database.db.execute(searchSql(q, area, S, E, how))).rows as Row[];
  // Counted up to 1,000, or past the page asked for.
  const countLimit = Math.max(1000, q.pagina * q.por_pagina) + 1;
  return { cells: await run('cells'), full: await run('full'), area, countLimit };
}

describe('busca por células', () => {
  it.each([
    'local=Brasília',
    'local=Brasília&ordem=menor_preco',
    'local=Brasília&ordem=maior_preco&pagina=3',
    'local=Brasília&ordem=maior_audiencia&por_pagina=100&pagina=2',
    'local=Brasília&ordem=menor_preco&disponivel=true',
    'local=Brasília&disponivel=true&pagina=4',
    'local=Brasília&tipo=painel_led&preco_max=20000',
    'local=Brasília&preco_min=8000&preco_max=10000&ordem=maior_audiencia',
    'lat=-15.75&lng=-47.75&raio=6',
    'lat=-15.75&lng=-47.75&raio=6&ordem=maior_preco&pagina=2&por_pagina=5',
    'norte=-15.70&sul=-15.85&leste=-47.80&oeste=-47.95',
    'norte=-15.70&sul=-15.85&leste=-47.80&oeste=-47.95&ordem=menor_preco&disponivel=true&pagina=2',
    'local=Brasília&pagina=200',
  ])('mesma página, mesma ordem que o ranking completo: %s', async (query) => {
    const { cells, full, area, countLimit } = await both(query);
    expect(cellsOf(area)?.length).toBeGreaterThan(1);
    expect(cells.map((r) => r.id)).toEqual(full.map((r) => r.id));
    // The cells answered (their rows say whether the count stopped at the cap).
    for (const row of cells) expect(typeof row.total_capped).toBe('boolean');
    expect(cells.map((r) => Number(r.distance_km))).toEqual(full.map((r) => Number(r.distance_km)));
    if (full.length > 0) {
      const total = Number(full[0]!.total);
      expect(Number(cells[0]!.total)).toBe(Math.min(total, countLimit));
      expect(cells[0]!.total_capped).toBe(total >= countLimit);
    }
  });

  it('distância e áreas grandes ficam com o ranking completo', async () => {
    const far = areaOf(searchQuerySchema.parse({ local: 'Brasília', raio: '300' }));
    expect(cellsOf(far)).toBeNull();
    const { cells, full } = await both('local=Brasília&ordem=distancia&pagina=2');
    expect(cells).toEqual(full);
  });

  it('conta até 1.000: passado o teto, diz "mais de 1.000 locais"', async () => {
    const many = await inject(ctx, { method: 'GET', url: `/api/search?local=Brasília&inicio=${S}` });
    expect(many.statusCode).toBe(200);
    expect(many.json()).toMatchObject({ total: 1001, total_capped: true });
    expect(searchCountText(many.json().total, many.json().total_capped)).toBe('mais de 1.000 locais');
    const [{ n } = { n: -1 }] = (
      await ctx.database.db.execute(
        sql`select count(*)::int as n from products where status = 'ativo' and type = 'torre'
          and point(longitude, latitude) <@ box(point(-47.95, -15.85), point(-47.80, -15.70))`,
      )
    ).rows as Array<{ n: number }>;
    const few = await inject(ctx, {
      method: 'GET',
      url: `/api/search?norte=-15.70&sul=-15.85&leste=-47.80&oeste=-47.95&tipo=torre&inicio=${S}`,
    });
    expect(few.json()).toMatchObject({ total: n, total_capped: false });
    expect(n).toBeGreaterThan(0);
    // A page past the last still says how many there are.
    const past = await inject(ctx, {
      method: 'GET',
      url: `/api/search?norte=-15.70&sul=-15.85&leste=-47.80&oeste=-47.95&tipo=torre&inicio=${S}&pagina=900`,
    });
    expect(past.json()).toMatchObject({ total: n, total_capped: false, items: [] });
  });
});

describe('o catálogo muda, a busca e os números da rede acompanham na mesma hora', () => {
  it('inclusão, mudança de preço e desativação', async () => {
    const q = (ordem: string) =>
      searchQuerySchema.parse({
        lat: '-15.61',
        lng: '-47.71',
        raio: '3',
        ordem,
        inicio: S,
        flexivel: 'false',
      });
    const before = await networkStats(ctx.database.db);
    const [made] = await ctx.database.db
      .insert(products)
      .values({
        slug: 'celula-nova',
        name: 'Celula nova',
        type: 'outdoor',
        city: 'Sobradinho',
        state: 'DF',
        latitude: -15.61,
        longitude: -47.71,
        daily_price: 1,
        weekly_audience: 5,
      })
      .returning();
    const cheapest = await searchProducts(ctx.database.db, q('menor_preco'), 2);
    expect(cheapest.items[0]!.id).toBe(made!.id);
    const after = await networkStats(ctx.database.db);
    expect(after.locations).toBe(before.locations + 1);
    expect(after.cities).toBe(before.cities + 1);
    expect(after.weekly_audience).toBe(before.weekly_audience + 5);

    await ctx.database.db.update(products).set({ daily_price: 9_999_999 }).where(eq(products.id, made!.id));
    expect((await searchProducts(ctx.database.db, q('maior_preco'), 2)).items[0]!.id).toBe(made!.id);
    expect((await searchProducts(ctx.database.db, q('menor_preco'), 2)).items[0]!.id).not.toBe(made!.id);
    expect(await networkStats(ctx.database.db)).toEqual(after);

    await ctx.database.db.update(products).set({ status: 'inativo' }).where(eq(products.id, made!.id));
    const gone = await searchProducts(ctx.database.db, q('maior_preco'), 2);
    expect(gone.items.map((i) => i.id)).not.toContain(made!.id);
    expect(gone.total).toBe(cheapest.total - 1);
    expect(await networkStats(ctx.database.db)).toEqual(before);
  });
});
