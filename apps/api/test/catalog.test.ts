import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { earliestBookableStart, searchQuerySchema, todayInBrasilia } from '@urbana/shared';
import { products, reservations, towers } from '../src/db/schema/index.ts';
import { searchMap } from '../src/services/catalog/search-map.ts';
import { LocalStorage } from '../src/services/storage.ts';
import { createTestApp, inject, type TestContext } from './helpers.ts';

let ctx: TestContext;
let filesDir: string;
const C = { lat: -15.7939, lng: -47.8828 };
const S = '2030-01-07'; // a Monday, far beyond the lead time
const ids: Record<string, string> = {};
const towerIds: Record<string, string[]> = {};

async function addProduct(
  key: string,
  p: {
    type: string;
    lat: number;
    lng: number;
    price: number;
    audience: number;
    slots: number[];
    status?: string;
    city?: string;
    state?: string;
  },
) {
  const [row] = await ctx.database.db
    .insert(products)
    .values({
      slug: `produto-${key}`,
      name: `Produto ${key}`,
      type: p.type as 'outdoor',
      city: p.city ?? 'Brasília',
      state: p.state ?? 'DF',
      latitude: p.lat,
      longitude: p.lng,
      daily_price: p.price,
      weekly_audience: p.audience,
      is_tower_based: p.type === 'torre',
      status: (p.status ?? 'ativo') as 'ativo',
    })
    .returning();
  ids[key] = row!.id;
  const rows = await ctx.database.db
    .insert(towers)
    .values(
      p.slots.map((slots, i) => ({
        product_id: row!.id,
        name: `Torre ${String.fromCharCode(65 + i)}`,
        slots,
      })),
    )
    .returning();
  towerIds[key] = rows.map((t) => t.id);
}

async function reserve(towerId: string, starts_on: string, ends_on: string, hold?: Date) {
  const key = Object.keys(towerIds).find((k) => towerIds[k]!.includes(towerId))!;
  const product = await ctx.database.db.query.products.findFirst({ where: eq(products.id, ids[key]!) });
  // As a checkout does: give back expired holds, then take the lowest slot free for the period.
  await ctx.database.db.execute(
    sql`update reservations set status = 'liberada' where status = 'pendente' and hold_expires_at <= now()`,
  );
  const free = await ctx.database.db.execute(sql`
    select s.slot from tower_slots s where s.tower_id = ${towerId}
      and not exists (select 1 from reservations r where r.tower_id = s.tower_id and r.slot = s.slot
        and r.status <> 'liberada' and daterange(r.starts_on, r.ends_on) && daterange(${starts_on}::date, ${ends_on}::date))
    order by s.slot limit 1`);
  const slot = Number((free.rows[0] as { slot: number }).slot);
  await ctx.database.db.insert(reservations).values({
    tower_id: towerId,
    product_id: product!.id,
    latitude: product!.latitude,
    longitude: product!.longitude,
    slot,
    starts_on,
    ends_on,
    hold_expires_at: hold ?? null,
    status: hold ? 'pendente' : 'confirmada',
  });
}

const search = async (query: string) => {
  const res = await inject(ctx, { method: 'GET', url: `/api/search?${query}` });
  return { status: res.statusCode, body: res.json() };
};
const searchQueryOf = (query: string) =>
  searchQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
const names = (body: { items: Array<{ name: string }> }) => body.items.map((i) => i.name);

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(os.tmpdir(), 'urbana-arquivos-'));
  // These tests write reservations straight into the database, as another instance would: read
  // through the cache they would wait out its TTL (the cache has its own tests in orders.test.ts).
  ctx = await createTestApp({ storage: new LocalStorage(filesDir), env: { CATALOG_CACHE_SECONDS: '0' } });
  await addProduct('centro', {
    type: 'outdoor',
    lat: C.lat,
    lng: C.lng,
    price: 10_000,
    audience: 100_000,
    slots: [1],
  });
  await addProduct('norte', {
    type: 'painel_led',
    lat: C.lat + 0.045,
    lng: C.lng,
    price: 50_000,
    audience: 500_000,
    slots: [4],
  });
  await addProduct('leste', {
    type: 'torre',
    lat: C.lat,
    lng: C.lng + 0.093,
    price: 8_000,
    audience: 20_000,
    slots: [2, 2, 2],
  });
  await addProduct('longe', {
    type: 'outdoor',
    lat: C.lat - 0.36,
    lng: C.lng,
    price: 5_000,
    audience: 60_000,
    slots: [1],
  });
  await addProduct('inativo', {
    type: 'outdoor',
    lat: C.lat,
    lng: C.lng + 0.001,
    price: 1_000,
    audience: 1,
    slots: [1],
    status: 'inativo',
  });
  await addProduct('sp', {
    type: 'empena',
    lat: -23.5475,
    lng: -46.63611,
    price: 90_000,
    audience: 900_000,
    slots: [1],
    city: 'São Paulo',
    state: 'SP',
  });
});
afterAll(async () => {
  await ctx.close();
  rmSync(filesDir, { recursive: true, force: true });
});

const base = `lat=${C.lat}&lng=${C.lng}&inicio=${S}&semanas=2&flexivel=false`;

describe('área da busca', () => {
  it('raio: 25 km deixa de fora o que está a 40 km e os inativos; 50 km inclui', async () => {
    const r25 = await search(`${base}&raio=25&ordem=distancia`);
    expect(r25.status).toBe(200);
    expect(names(r25.body)).toEqual(['Produto centro', 'Produto norte', 'Produto leste']);
    expect(r25.body.total).toBe(3);
    expect(r25.body.items[1].distance_km).toBeCloseTo(5, 0);
    const r50 = await search(`${base}&raio=50`);
    expect(names(r50.body)).toContain('Produto longe');
  });

  it('limites do mapa', async () => {
    const res = await search(
      `inicio=${S}&norte=${C.lat + 0.06}&sul=${C.lat + 0.03}&leste=${C.lng + 0.01}&oeste=${C.lng - 0.01}`,
    );
    expect(names(res.body)).toEqual(['Produto norte']);
  });

  it('por nome de cidade, sem acento', async () => {
    const res = await search(`local=sao%20paulo&inicio=${S}`);
    expect(res.body.center.label).toBe('São Paulo, São Paulo, Brasil');
    expect(names(res.body)).toEqual(['Produto sp']);
  });

  it('sem local, o padrão é Brasília', async () => {
    const res = await search(`inicio=${S}`);
    expect(res.body.center.label).toBe('Brasília, Distrito Federal, Brasil');
  });
});

describe('ordem e filtros', () => {
  it.each([
    ['menor_preco', ['leste', 'centro', 'norte']],
    ['maior_preco', ['norte', 'centro', 'leste']],
    ['maior_audiencia', ['norte', 'centro', 'leste']],
    ['distancia', ['centro', 'norte', 'leste']],
  ])('ordem %s', async (ordem, expected) => {
    const res = await search(`${base}&ordem=${ordem}`);
    expect(names(res.body)).toEqual(expected.map((k) => `Produto ${k}`));
  });

  it('relevância: audiência por real, descontada pela distância', async () => {
    const res = await search(`${base}&ordem=relevancia`);
    // norte: 500000/50000/(1+0.5)=6.67; centro: 100000/10000/1=10; leste: 20000/8000/(1+1)=1.25
    expect(names(res.body)).toEqual(['Produto centro', 'Produto norte', 'Produto leste']);
  });

  it('tipo e faixa de preço', async () => {
    expect(names((await search(`${base}&tipo=torre`)).body)).toEqual(['Produto leste']);
    expect(names((await search(`${base}&preco_min=9000&preco_max=20000`)).body)).toEqual(['Produto centro']);
  });

  it('paginação com total', async () => {
    const p1 = await search(`${base}&ordem=menor_preco&por_pagina=2&pagina=1`);
    const p2 = await search(`${base}&ordem=menor_preco&por_pagina=2&pagina=2`);
    expect(p1.body.total).toBe(3);
    expect(names(p1.body)).toEqual(['Produto leste', 'Produto centro']);
    expect(names(p2.body)).toEqual(['Produto norte']);
  });
});

describe('página depois da última e marcadores do mapa', () => {
  it('uma página depois da última vem vazia, mas com o total da busca', async () => {
    const res = await search(`${base}&ordem=menor_preco&por_pagina=2&pagina=5`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 3, page: 5, page_size: 2, items: [] });
  });

  it('o mapa recebe todos os resultados, não só os da página, com os mesmos filtros', async () => {
    const res = await inject(ctx, {
      method: 'GET',
      url: `/api/search/mapa?${base}&ordem=menor_preco&por_pagina=1&pagina=2`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.clusters).toEqual([]);
    expect(body.items.map((i: { name: string }) => i.name)).toEqual([
      'Produto leste',
      'Produto centro',
      'Produto norte',
    ]);
    expect(Object.keys(body.items[0]).sort()).toEqual(
      ['daily_price', 'id', 'latitude', 'longitude', 'name', 'photo', 'slug'].sort(),
    );
    expect(body.items[0]).toMatchObject({ slug: 'produto-leste', daily_price: 8_000, latitude: C.lat });
    const typed = await inject(ctx, { method: 'GET', url: `/api/search/mapa?${base}&tipo=torre` });
    expect(typed.json().items.map((i: { name: string }) => i.name)).toEqual(['Produto leste']);
  });

  it('passado o teto de marcadores, o mapa recebe grupos com a contagem', async () => {
    const q = { ...(await searchQueryOf(`${base}&ordem=menor_preco`)) };
    const grouped = await searchMap(ctx.database.db, q, 2, 2);
    expect(grouped).toMatchObject({ total: 3, items: [] });
    expect(grouped.clusters.reduce((sum, c) => sum + c.count, 0)).toBe(3);
  });

  it('o mapa recusa os mesmos filtros inválidos que a busca', async () => {
    const res = await inject(ctx, { method: 'GET', url: `/api/search/mapa?preco_min=500&preco_max=100` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'O preço mínimo é maior que o máximo.' });
  });
});

describe('disponibilidade', () => {
  const status = async (key: string, extra = '') => {
    const res = await search(`${base}&raio=25${extra}`);
    return res.body.items.find((i: { id: string }) => i.id === ids[key])?.availability;
  };

  it('reservas que só encostam no período não contam; sobreposição parcial conta', async () => {
    await reserve(towerIds.centro![0]!, '2029-12-24', S); // ends the day the period starts
    await reserve(towerIds.centro![0]!, '2030-01-21', '2030-02-04'); // starts the day the period ends
    expect(await status('centro')).toMatchObject({ status: 'livre', remaining: 1, capacity: 1 });
    await reserve(towerIds.centro![0]!, '2030-01-14', '2030-01-21'); // the period's second week
    expect(await status('centro')).toMatchObject({ status: 'indisponivel', remaining: 0 });
  });

  it('no limite das vagas: uma sobrando é "poucas vagas", nenhuma é "indisponível"', async () => {
    const [face] = towerIds.norte!;
    for (let i = 0; i < 2; i++) await reserve(face!, S, '2030-01-21');
    expect(await status('norte')).toMatchObject({ status: 'livre', remaining: 2, capacity: 4 });
    await reserve(face!, '2030-01-10', '2030-01-17');
    expect(await status('norte')).toMatchObject({ status: 'poucas_vagas', remaining: 1 });
    // A hold whose payment window passed does not count; a live one does.
    await reserve(face!, S, '2030-01-21', new Date(Date.now() - 60_000));
    expect(await status('norte')).toMatchObject({ remaining: 1 });
    await reserve(face!, S, '2030-01-21', new Date(Date.now() + 30 * 60_000));
    expect(await status('norte')).toMatchObject({ status: 'indisponivel', remaining: 0 });
  });

  it('uma torre cheia deixa o produto com poucas vagas', async () => {
    const [a] = towerIds.leste!;
    await reserve(a!, S, '2030-01-14');
    await reserve(a!, '2030-01-14', '2030-01-21');
    await reserve(a!, S, '2030-01-21');
    expect(await status('leste')).toMatchObject({ status: 'poucas_vagas', remaining: 4, capacity: 6 });
  });

  it('só disponíveis exclui os indisponíveis', async () => {
    const res = await search(`${base}&raio=25&disponivel=true`);
    expect(names(res.body)).not.toContain('Produto centro');
    expect(names(res.body)).toContain('Produto leste');
  });

  it('só disponíveis com datas flexíveis mantém quem fica livre depois, com a data (issue #40 item 9)', async () => {
    const res = await search(
      `lat=${C.lat}&lng=${C.lng}&inicio=${S}&semanas=2&flexivel=true&raio=25&disponivel=true`,
    );
    const centro = res.body.items.find((i: { id: string }) => i.id === ids.centro);
    expect(centro?.availability).toMatchObject({ status: 'indisponivel', earliest_start: '2030-02-04' });
    expect(names(res.body)).toContain('Produto leste');
  });

  it('datas flexíveis: o primeiro início semanal com vaga', async () => {
    const res = await search(`lat=${C.lat}&lng=${C.lng}&inicio=${S}&semanas=2&flexivel=true`);
    const centro = res.body.items.find((i: { id: string }) => i.id === ids.centro);
    // [01-14, 01-21) and [01-21, 02-04) block every two-week start before 02-04.
    expect(centro.availability).toMatchObject({ status: 'indisponivel', earliest_start: '2030-02-04' });
    const norte = res.body.items.find((i: { id: string }) => i.id === ids.norte);
    expect(norte.availability.earliest_start).toBe('2030-01-21');
  });

  it('um início antes da antecedência mínima vira o primeiro dia possível', async () => {
    const res = await search(`lat=${C.lat}&lng=${C.lng}&inicio=2020-01-01`);
    expect(res.body.start).toBe(earliestBookableStart(todayInBrasilia(), 2));
  });
});

describe('parâmetros inválidos', () => {
  it.each([
    ['lat=abc&lng=1', 'Latitude inválida.'],
    ['lat=10', 'Informe latitude e longitude juntas.'],
    ['raio=0', 'O raio deve ficar entre 1 e 300 km.'],
    ['tipo=banca', 'Tipo de mídia inválido.'],
    ['ordem=aleatoria', 'Ordenação inválida.'],
    ['norte=1&sul=0', 'Informe os quatro limites do mapa.'],
    ['norte=0&sul=1&leste=1&oeste=0', 'Limites do mapa inválidos.'],
    ['preco_min=500&preco_max=100', 'O preço mínimo é maior que o máximo.'],
    ['inicio=2030-02-30', 'Data de início inválida.'],
    ['semanas=60', 'Escolha de 1 a 52 semanas.'],
    ['pagina=0', 'Página inválida.'],
    ['local=Xyzqwk', 'Não encontramos esse local. Escolha uma cidade da lista.'],
  ])('%s → 400', async (query, message) => {
    const res = await search(query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });
});

describe('produto e cidades', () => {
  it('detalhe com torres, período e calendário de 12 semanas', async () => {
    const res = await inject(ctx, {
      method: 'GET',
      url: `/api/products/produto-leste?inicio=${S}&semanas=2`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.towers.map((t: { remaining: number }) => t.remaining)).toEqual([0, 2, 2]);
    expect(body.period).toMatchObject({ start: S, end: '2030-01-21', status: 'poucas_vagas' });
    expect(body.calendar).toHaveLength(12);
    expect(body.calendar[0]).toMatchObject({ start: S, end: '2030-01-14' });
    expect(body.calendar[2].status).toBe('livre');
    expect(body.spec).toMatchObject({ width: 1080, height: 1920 });
  });

  it('o calendário fica nas próximas 12 semanas ao escolher uma delas: não recomeça na semana escolhida (issue #40 item 10)', async () => {
    const first = (await inject(ctx, { method: 'GET', url: '/api/products/produto-leste' })).json();
    const earliest = first.period.earliest_start as string;
    expect(first.calendar[0].start).toBe(earliest);
    const chosen = first.calendar[5].start as string;
    const res = await inject(ctx, {
      method: 'GET',
      url: `/api/products/produto-leste?inicio=${chosen}&semanas=2`,
    });
    const body = res.json();
    expect(body.period.start).toBe(chosen);
    expect(body.calendar.map((w: { start: string }) => w.start)).toEqual(
      first.calendar.map((w: { start: string }) => w.start),
    );
  });

  it('produto inativo ou inexistente é 404', async () => {
    expect((await inject(ctx, { method: 'GET', url: '/api/products/produto-inativo' })).statusCode).toBe(404);
    const res = await inject(ctx, { method: 'GET', url: '/api/products/nao-existe' });
    expect(res.json()).toEqual({ message: 'Local não encontrado.' });
  });

  it('autocompletar cidades sem acento, por população', async () => {
    const get = async (q: string) =>
      (await inject(ctx, { method: 'GET', url: `/api/places?q=${encodeURIComponent(q)}` })).json().items;
    expect((await get('brasilia'))[0].label).toBe('Brasília, Distrito Federal, Brasil');
    expect((await get('sao paulo'))[0].label).toBe('São Paulo, São Paulo, Brasil');
    expect((await get('rio'))[0].name).toBe('Rio de Janeiro');
    expect((await inject(ctx, { method: 'GET', url: '/api/places?q=' })).statusCode).toBe(400);
  });

  it('produtos por ids, na ordem pedida', async () => {
    const res = await inject(ctx, { method: 'GET', url: `/api/products?ids=${ids.norte},${ids.centro},xyz` });
    expect(res.json().items.map((i: { name: string }) => i.name)).toEqual([
      'Produto norte',
      'Produto centro',
    ]);
  });
});
