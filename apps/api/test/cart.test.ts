import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDate, todayInBrasilia } from '@urbana/shared';
import { products } from '../src/db/schema/index.ts';
import { createTestApp, createUser, inject, signIn, type TestContext } from './helpers.ts';

let ctx: TestContext;
let ana: string;
let bruno: string;
let productIds: string[];

beforeAll(async () => {
  ctx = await createTestApp();
  const a = await createUser(ctx);
  const b = await createUser(ctx);
  ana = await signIn(ctx, a.email, a.password);
  bruno = await signIn(ctx, b.email, b.password);
  const rows = await ctx.database.db
    .insert(products)
    .values(
      [1, 2, 3].map((n) => ({
        slug: `produto-${n}`,
        name: `Produto ${n}`,
        type: 'outdoor' as const,
        city: 'Brasília',
        state: 'DF',
        latitude: -15.79,
        longitude: -47.88,
        daily_price: 10_000 * n,
      })),
    )
    .returning({ id: products.id });
  productIds = rows.map((r) => r.id);
});
afterAll(async () => {
  await ctx.close();
});

const item = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  product_id: 'p',
  daily_price: 1000,
  weeks: 2,
  towerCount: 1,
  selectedTowers: [],
  isTowerBased: false,
  towers: [],
  ...extra,
});

describe('carrinho na nuvem', () => {
  it('sem linha no banco é um carrinho vazio', async () => {
    const res = await inject(ctx, { method: 'GET', url: '/api/cart', cookie: ana });
    expect(res.statusCode).toBe(200);
    // A direct customer's cart names no advertiser (decision 116).
    expect(res.json()).toEqual({ products: [], advertiser: null });
  });

  it('salva por upsert e cada um vê só o seu', async () => {
    await inject(ctx, { method: 'PUT', url: '/api/cart', cookie: ana, payload: { products: [item('a-1')] } });
    const second = await inject(ctx, {
      method: 'PUT',
      url: '/api/cart',
      cookie: ana,
      payload: { products: [item('a-1'), item('a-2')] },
    });
    expect(second.statusCode).toBe(200);
    expect(
      (await inject(ctx, { method: 'GET', url: '/api/cart', cookie: ana }))
        .json()
        .products.map((i: { id: string }) => i.id),
    ).toEqual(['a-1', 'a-2']);
    expect((await inject(ctx, { method: 'GET', url: '/api/cart', cookie: bruno })).json()).toEqual({
      products: [],
      advertiser: null,
    });
  });

  it('recusa itens malformados e visitantes', async () => {
    const bad = await inject(ctx, {
      method: 'PUT',
      url: '/api/cart',
      cookie: ana,
      payload: { products: [item('x', { daily_price: 10.5 })] },
    });
    expect(bad.statusCode).toBe(400);
    expect(typeof bad.json().message).toBe('string');
    expect((await inject(ctx, { method: 'GET', url: '/api/cart' })).statusCode).toBe(401);
    const many = await inject(ctx, {
      method: 'PUT',
      url: '/api/cart',
      cookie: ana,
      payload: { products: Array.from({ length: 101 }, (_, i) => item(`i${i}`)) },
    });
    expect(many.json()).toEqual({ message: 'O carrinho aceita até 100 itens.' });
  });

  it('recusa uma data de início que já passou, com mensagem em português, sem mudar o carrinho', async () => {
    const today = todayInBrasilia();
    const saved = await inject(ctx, {
      method: 'PUT',
      url: '/api/cart',
      cookie: ana,
      payload: { products: [item('hoje', { name: 'Outdoor Eixo', startDate: today })] },
    });
    expect(saved.statusCode).toBe(200);
    const past = await inject(ctx, {
      method: 'PUT',
      url: '/api/cart',
      cookie: ana,
      payload: { products: [item('ontem', { name: 'Outdoor Eixo', startDate: addDays(today, -1) })] },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({
      message: `A data de início de “Outdoor Eixo” já passou. Escolha uma data a partir de ${formatDate(today)}.`,
    });
    const kept = (await inject(ctx, { method: 'GET', url: '/api/cart', cookie: ana })).json();
    expect(kept.products.map((i: { id: string }) => i.id)).toEqual(['hoje']);
  });
});

describe('favoritos na nuvem', () => {
  it('adiciona uma vez só, remove e limpa, só para o próprio usuário', async () => {
    const [p1, p2] = productIds;
    expect((await inject(ctx, { method: 'PUT', url: `/api/favorites/${p1}`, cookie: ana })).statusCode).toBe(
      204,
    );
    expect((await inject(ctx, { method: 'PUT', url: `/api/favorites/${p1}`, cookie: ana })).statusCode).toBe(
      204,
    );
    await inject(ctx, { method: 'PUT', url: `/api/favorites/${p2}`, cookie: ana });
    expect((await inject(ctx, { method: 'GET', url: '/api/favorites', cookie: ana })).json()).toEqual({
      product_ids: [p1, p2],
    });
    expect((await inject(ctx, { method: 'GET', url: '/api/favorites', cookie: bruno })).json()).toEqual({
      product_ids: [],
    });

    // Bruno removing Ana's favourite changes nothing of hers.
    await inject(ctx, { method: 'DELETE', url: `/api/favorites/${p1}`, cookie: bruno });
    expect(
      (await inject(ctx, { method: 'GET', url: '/api/favorites', cookie: ana })).json().product_ids,
    ).toHaveLength(2);

    await inject(ctx, { method: 'DELETE', url: `/api/favorites/${p1}`, cookie: ana });
    expect((await inject(ctx, { method: 'GET', url: '/api/favorites', cookie: ana })).json()).toEqual({
      product_ids: [p2],
    });
    expect((await inject(ctx, { method: 'DELETE', url: '/api/favorites', cookie: ana })).statusCode).toBe(
      204,
    );
    expect((await inject(ctx, { method: 'GET', url: '/api/favorites', cookie: ana })).json()).toEqual({
      product_ids: [],
    });
  });

  it('produto inexistente responde 404; a sincronização em lote ignora ids desconhecidos', async () => {
    const res = await inject(ctx, {
      method: 'PUT',
      url: '/api/favorites/00000000-0000-0000-0000-000000000000',
      cookie: bruno,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Produto não encontrado.' });
    const bulk = await inject(ctx, {
      method: 'POST',
      url: '/api/favorites',
      cookie: bruno,
      payload: {
        product_ids: [productIds[2], 'nao-e-uuid', productIds[2], '00000000-0000-0000-0000-000000000000'],
      },
    });
    expect(bulk.json()).toEqual({ product_ids: [productIds[2]] });
  });
});

describe('provedores de entrada', () => {
  it('Google fica oculto quando não configurado', async () => {
    expect((await inject(ctx, { method: 'GET', url: '/api/auth/providers' })).json()).toEqual({
      google: false,
    });
  });
});
