/**
 * The search map's groups from the server (issue #21, docs/decisions/045-map-clusters-from-the-server.md):
 * past the marker cap the map receives groups with their counts, from the per-cell table for wide
 * views and from the products themselves (every filter) for narrower ones; under it, the markers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SEARCH_MAP_LIMIT, type SearchMapResponse } from '@urbana/shared';
import { MAP_EXACT_MAX } from '../src/services/catalog/search-map.ts';
import { createTestApp, inject, type TestContext } from './helpers.ts';

let ctx: TestContext;

/** `count` products around a spot (within ~0.01°), in one statement. */
async function addMany(
  tag: string,
  count: number,
  spot: { lat: number; lng: number },
  type: string,
  price: number,
  status = 'ativo',
) {
  await ctx.database.db.execute(sql`
    insert into products (slug, name, type, address, neighborhood, city, state, latitude, longitude,
      daily_price, is_tower_based, weekly_audience, status)
    select ${tag} || '-' || g, ${tag} || ' ' || g, ${type}, 'Rua', 'Centro', 'Cidade', 'MT',
      ${spot.lat} + (g % 100) * 0.0001, ${spot.lng} + (g / 100) * 0.0001, ${price}, ${type === 'torre'},
      1000 + g, ${status}
    from generate_series(1, ${count}::int) as g`);
}

const country = 'norte=5&sul=-33&leste=-34&oeste=-74';
const A1 = { lat: -10, lng: -55 };
const A2 = { lat: -12, lng: -52 };
const B1 = { lat: -20, lng: -40 };
const B2 = { lat: -20.5, lng: -40.5 };
const regionB = 'norte=-19&sul=-21&leste=-39&oeste=-41';

async function map(query: string) {
  const res = await inject(ctx, { method: 'GET', url: `/api/search/mapa?${query}` });
  return { status: res.statusCode, body: res.json() as SearchMapResponse };
}
const countNear = (body: SearchMapResponse, spot: { lat: number; lng: number }) =>
  body.clusters
    .filter((c) => Math.abs(c.latitude - spot.lat) < 0.5 && Math.abs(c.longitude - spot.lng) < 0.5)
    .reduce((sum, c) => sum + c.count, 0);

beforeAll(async () => {
  ctx = await createTestApp({ env: { CATALOG_CACHE_SECONDS: '0' } });
  await addMany('a1', 3000, A1, 'outdoor', 10_000);
  await addMany('a1-inativo', 100, A1, 'outdoor', 10_000, 'inativo');
  await addMany('a2', 2500, A2, 'painel_led', 50_000);
  await addMany('b1', 400, B1, 'outdoor', 10_000);
  await addMany('b1-torre', 250, B1, 'torre', 30_000);
  await addMany('b2', 10, B2, 'outdoor', 10_000);
}, 60_000);

afterAll(async () => {
  await ctx.close();
});

describe('grupos do servidor no mapa', () => {
  it('o país inteiro em zoom baixo: grupos com a contagem certa de cada lugar, sem os inativos', async () => {
    const { status, body } = await map(`${country}&zoom=4`);
    expect(status).toBe(200);
    expect(body.total).toBe(3000 + 2500 + 400 + 250 + 10);
    expect(body.total).toBeGreaterThan(MAP_EXACT_MAX);
    expect(body.items).toEqual([]);
    expect(body.grid).toBeCloseTo(5.625);
    expect(countNear(body, A1)).toBe(3000);
    expect(countNear(body, A2)).toBe(2500);
    expect(body.clusters.reduce((sum, c) => sum + c.count, 0)).toBe(body.total);
    const a1 = body.clusters.find((c) => c.count === 3000)!;
    // The centroid of the spot's places and a box around them to zoom into.
    expect(a1.latitude).toBeCloseTo(A1.lat + 0.00495, 3);
    expect(a1.sul).toBeLessThanOrEqual(A1.lat);
    expect(a1.norte).toBeGreaterThan(A1.lat);
    expect(body.ignored_filters).toEqual([]);
  });

  it('o tipo vale nos grupos; preço não, e a resposta diz isso', async () => {
    const led = (await map(`${country}&zoom=4&tipo=painel_led`)).body;
    expect(led.total).toBe(2500);
    expect(led.clusters.map((c) => c.count)).toEqual([2500]);
    const priced = (await map(`${country}&zoom=4&preco_max=20000`)).body;
    expect(priced.ignored_filters).toEqual(['preco']);
    expect(priced.total).toBe(6160);
  });

  it('uma região com mais locais que o teto: grupos contados dos produtos, com todos os filtros', async () => {
    const { body } = await map(`${regionB}&zoom=7`);
    expect(body.total).toBe(660);
    expect(body.total).toBeGreaterThan(SEARCH_MAP_LIMIT);
    expect(body.items).toEqual([]);
    expect(countNear(body, B1)).toBe(650);
    expect(countNear(body, B2)).toBe(10);
    expect(body.ignored_filters).toEqual([]);
  });

  it('abaixo do teto vêm os marcadores, com o filtro de preço ou de tipo', async () => {
    const cheap = (await map(`${regionB}&zoom=7&preco_max=20000`)).body;
    expect(cheap.clusters).toEqual([]);
    expect(cheap.total).toBe(410);
    expect(cheap.items).toHaveLength(410);
    expect(cheap.items.every((i) => i.daily_price <= 20_000)).toBe(true);
    const towers = (await map(`${regionB}&zoom=7&tipo=torre`)).body;
    expect(towers.items).toHaveLength(250);
  });

  it('a área visível do mapa corta a busca: aproximado de um grupo, seus marcadores', async () => {
    const view = 'vista_norte=-20.4&vista_sul=-20.6&vista_leste=-40.4&vista_oeste=-40.6';
    const { body } = await map(`${regionB}&zoom=12&${view}`);
    expect(body.clusters).toEqual([]);
    expect(body.items.map((i) => i.slug).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `b2-${i + 1}`).sort(),
    );
  });

  it('a contagem acompanha o catálogo na mesma transação', async () => {
    await ctx.database.db.execute(
      sql`update products set status = 'inativo' where slug like 'a1-%' and slug not like 'a1-inativo%' and (substr(slug, 4))::int <= 1000`,
    );
    await ctx.database.db.execute(
      sql`update products set latitude = latitude - 2, longitude = longitude + 3 where slug like 'a2-%' and (substr(slug, 4))::int <= 500`,
    );
    const { body } = await map(`${country}&zoom=4`);
    expect(countNear(body, A1)).toBe(2000);
    expect(countNear(body, A2)).toBe(2000);
    expect(countNear(body, { lat: A2.lat - 2, lng: A2.lng + 3 })).toBe(500);
    await ctx.database.db.execute(sql`delete from products where slug like 'a2-%'`);
    expect((await map(`${country}&zoom=4&tipo=painel_led`)).body.total).toBe(0);
  });

  it('zoom ou área visível inválidos: 400 com a mensagem em português', async () => {
    for (const zoom of ['abc', '21', '-1', '2.5']) {
      const res = await inject(ctx, { method: 'GET', url: `/api/search/mapa?${country}&zoom=${zoom}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'O zoom do mapa deve ser um número inteiro de 0 a 20.' });
    }
    const res = await inject(ctx, { method: 'GET', url: `/api/search/mapa?${country}&zoom=5&vista_norte=1` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Informe os quatro limites da área visível do mapa/);
  });
});
