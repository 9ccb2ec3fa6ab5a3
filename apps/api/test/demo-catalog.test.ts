import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq, sql } from 'drizzle-orm';
import { productTypes } from '@urbana/shared';
import { products, towers } from '../src/db/schema/index.ts';
import { seedCatalog } from '../src/services/demo-catalog.ts';
import { demoCities } from '../src/services/demo-cities.ts';
import { LocalStorage } from '../src/services/storage.ts';
import { createTestApp, createTestDatabase, inject, type TestContext } from './helpers.ts';

let ctx: TestContext;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'urbana-demo-'));
  const storage = new LocalStorage(dir);
  ctx = await createTestApp({ storage });
  const result = await seedCatalog(ctx.database.db, storage);
  expect(result.skipped).toBe(false);
});
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('catálogo de demonstração', () => {
  it('tem 40+ produtos em Brasília, todas as capitais e os cinco tipos', async () => {
    const db = ctx.database.db;
    const [bsb] = await db.select({ n: count() }).from(products).where(eq(products.city, 'Brasília'));
    expect(bsb!.n).toBeGreaterThanOrEqual(40);
    const states = await db.selectDistinct({ s: products.state }).from(products);
    expect(states).toHaveLength(27);
    const types = await db.selectDistinct({ t: products.type }).from(products);
    expect(types.map((t) => t.t).sort()).toEqual([...productTypes].sort());
    const perTower = await db.execute(
      sql`select count(t.id)::int as n from products p join towers t on t.product_id = p.id where p.is_tower_based group by p.id`,
    );
    const counts = (perTower.rows as Array<{ n: number }>).map((r) => r.n);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(2);
    expect(Math.max(...counts)).toBeLessThanOrEqual(12);
    const faces = await db.execute(
      sql`select count(t.id)::int as n from products p join towers t on t.product_id = p.id where not p.is_tower_based group by p.id having count(t.id) <> 1`,
    );
    expect(faces.rows).toHaveLength(0);
  });

  it('cada endereço usa uma rua do próprio bairro (e o bairro é da própria cidade)', async () => {
    const rows = await ctx.database.db
      .select({
        city: products.city,
        state: products.state,
        neighborhood: products.neighborhood,
        address: products.address,
      })
      .from(products);
    expect(rows.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const row of rows) {
      const city = demoCities.find((c) => c.name === row.city && c.uf === row.state);
      const area = city?.areas.find((a) => a.name === row.neighborhood);
      const street = row.address.replace(/, \d+$/, '');
      if (!area || !area.streets.includes(street)) {
        wrong.push(`${street} em ${row.neighborhood}, ${row.city}`);
      }
    }
    expect(wrong).toEqual([]);
    // No street list is shared by two neighbourhoods of a city wholesale (each has its own).
    for (const city of demoCities) {
      const lists = city.areas.map((a) => [...a.streets].sort().join('|'));
      expect(new Set(lists).size).toBe(lists.length);
    }
  });

  it('não tem dois produtos com o mesmo nome (issue #40 item 10)', async () => {
    const rows = await ctx.database.db.select({ name: products.name }).from(products);
    const seen = new Map<string, number>();
    for (const { name } of rows) seen.set(name, (seen.get(name) ?? 0) + 1);
    expect([...seen].filter(([, n]) => n > 1)).toEqual([]);
  });

  it('preços inteiros em centavos e textos em português', async () => {
    const rows = await ctx.database.db.select().from(products).limit(20);
    for (const p of rows) {
      expect(Number.isInteger(p.daily_price)).toBe(true);
      expect(p.daily_price % 100).toBe(0);
      expect(p.description.length).toBeGreaterThan(40);
    }
  });

  it('é determinístico: a mesma geração em outro banco', async () => {
    const other = await createTestDatabase();
    const dir2 = mkdtempSync(path.join(os.tmpdir(), 'urbana-demo2-'));
    try {
      await seedCatalog(other.db, new LocalStorage(dir2));
      const pick = (db: typeof other.db) =>
        db
          .select({
            id: products.id,
            slug: products.slug,
            price: products.daily_price,
            lat: products.latitude,
          })
          .from(products)
          .orderBy(asc(products.slug));
      expect(await pick(other.db)).toEqual(await pick(ctx.database.db));
      const [t1] = await other.db.select({ n: count() }).from(towers);
      const [t2] = await ctx.database.db.select({ n: count() }).from(towers);
      expect(t1!.n).toBe(t2!.n);
    } finally {
      await other.drop();
      rmSync(dir2, { recursive: true, force: true });
    }
  });

  it('não duplica ao rodar de novo', async () => {
    const again = await seedCatalog(ctx.database.db, new LocalStorage(dir));
    expect(again.skipped).toBe(true);
  });

  it('serve as fotos geradas com tipo, cache longo e nosniff', async () => {
    const search = (
      await inject(ctx, { method: 'GET', url: '/api/search?local=brasilia&por_pagina=1' })
    ).json();
    const res = await inject(ctx, { method: 'GET', url: search.items[0].photo });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect(
      (await inject(ctx, { method: 'GET', url: '/api/arquivos/catalogo/nao-existe.webp' })).statusCode,
    ).toBe(404);
    expect(
      (await inject(ctx, { method: 'GET', url: '/api/arquivos/catalogo/..%2F..%2Fsegredo' })).statusCode,
    ).toBe(400);
  });

  it('a rede em números confere com o banco', async () => {
    const stats = (await inject(ctx, { method: 'GET', url: '/api/network' })).json();
    const [n] = await ctx.database.db
      .select({ n: count() })
      .from(products)
      .where(eq(products.status, 'ativo'));
    expect(stats.locations).toBe(n!.n);
    expect(stats.states).toBe(27);
    expect(stats.by_type).toHaveLength(5);
    const featured = (await inject(ctx, { method: 'GET', url: '/api/products/featured' })).json();
    expect(featured.items).toHaveLength(8);
    expect(new Set(featured.items.slice(0, 5).map((i: { type: string }) => i.type)).size).toBe(5);
  });
});
