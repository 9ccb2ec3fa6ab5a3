import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpMessages } from '@urbana/shared';
import { and, eq } from 'drizzle-orm';
import { auditLog, products, profiles, towers, userCart } from '../src/db/schema/index.ts';
import { createTestApp, createUser, inject, signIn, testConfig, type TestContext } from './helpers.ts';

/** The inputs the fuzzer (test/fuzz.test.ts) found answered with a 5xx or in English, one by one. */
const SECRET = 'segredo-do-webhook-pix';
let ctx: TestContext;
let cliente: string;
let admin: string;
let productId: string;

beforeAll(async () => {
  ctx = await createTestApp({
    config: testConfig({
      // The PSP's address is never called here: only its webhook is posted to.
      PIX_PSP_URL: 'https://127.0.0.1:9/v2',
      PIX_WEBHOOK_SECRET: SECRET,
    }),
  });
  const c = await createUser(ctx);
  cliente = await signIn(ctx, c.email, c.password);
  const a = await createUser(ctx, { tipo: 'admin', email: 'admin@urbana.com.br' });
  admin = await signIn(ctx, a.email, a.password);
  const [row] = await ctx.database.db
    .insert(products)
    .values({
      slug: 'outdoor-eixo',
      name: 'Outdoor Eixo',
      type: 'outdoor',
      city: 'Brasília',
      state: 'DF',
      latitude: -15.79,
      longitude: -47.88,
      daily_price: 10_000,
      weekly_audience: 10_000,
    })
    .returning();
  productId = row!.id;
  await ctx.database.db.insert(towers).values({ product_id: productId, name: 'Face principal', slots: 1 });
});
afterAll(async () => {
  await ctx.close();
});

const expectMessage = (res: { statusCode: number; json(): unknown }, status: number, message: string) => {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({ message });
};

describe('erros do próprio Fastify', () => {
  it('um endereço com codificação percentual quebrada é 400 em português', async () => {
    for (const url of ['/api/products/%E0%A4%A', '/api/orders/%', '/api/products/x%ED%A0%80y']) {
      expectMessage(await inject(ctx, { method: 'GET', url }), 400, httpMessages.badRequest);
    }
  });

  it('um segmento de caminho longo demais é 414 em português', async () => {
    const res = await inject(ctx, {
      method: 'DELETE',
      url: `/api/favorites/${'x'.repeat(101)}`,
      cookie: cliente,
    });
    expectMessage(res, 414, httpMessages.uriTooLong);
  });

  it('uma codificação de conteúdo desconhecida é 415 com a mensagem de tipo não suportado', async () => {
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json', 'content-encoding': 'x-desconhecida' },
      payload: '{}',
    });
    expectMessage(res, 415, httpMessages.unsupportedMediaType);
  });
});

describe('U+0000, que o PostgreSQL não guarda em texto', () => {
  it.each([
    ['GET', '/api/products/%00', undefined],
    ['GET', '/api/admin/usuarios?q=a%00b', undefined],
    ['PUT', '/api/cart', { products: [{ id: 'a\u0000b' }] }],
    ['PATCH', '/api/profile', { nome_completo: 'Ana\u0000' }],
    ['PUT', '/api/billing-profile', { name: '\u0000' }],
    ['POST', '/api/favorites', { product_ids: [], ['x\u0000']: 1 }],
  ])('%s %s → 400', async (method, url, payload) => {
    const res = await inject(ctx, {
      method: method as 'GET',
      url,
      cookie: url.startsWith('/api/admin') ? admin : cliente,
      ...(payload ? { payload } : {}),
    });
    expectMessage(res, 400, httpMessages.invalidCharacters);
  });

  it('nada é gravado', async () => {
    expect(await ctx.database.db.select().from(userCart)).toEqual([]);
  });
});

describe('surrogates isolados, que não são Unicode (issue #39 item 9)', () => {
  const dadosAlterados = (userId: string) =>
    ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'conta.dados_alterados'), eq(auditLog.entity_id, userId)));

  it.each(['/api/account/profile', '/api/profile'])(
    'PATCH %s com \\ud800 no nome grava U+FFFD e a sua entrada de auditoria',
    async (url) => {
      const u = await createUser(ctx);
      const cookie = await signIn(ctx, u.email, u.password);
      const res = await inject(ctx, {
        method: 'PATCH',
        url,
        cookie,
        payload: { nome_completo: 'Ana \ud800 Souza', empresa: 'Bar\udc00', telefone: null },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ nome_completo: 'Ana \ufffd Souza', empresa: 'Bar\ufffd' });
      const [row] = await ctx.database.db.select().from(profiles).where(eq(profiles.id, u.user.id));
      expect(row!.nome_completo).toBe('Ana \ufffd Souza');
      const [entry, ...more] = await dadosAlterados(u.user.id);
      expect(more).toEqual([]);
      expect(entry!.after).toMatchObject({ nome_completo: 'Ana \ufffd Souza', empresa: 'Bar\ufffd' });
    },
  );

  it('uma chave com surrogate isolado e uma busca também são aceitas sem erro', async () => {
    const key = await inject(ctx, {
      method: 'POST',
      url: '/api/favorites',
      cookie: cliente,
      payload: { product_ids: [], ['x\ud800']: 'y\udfff' },
    });
    expect(key.statusCode).toBeLessThan(500);
    const search = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/usuarios?q=%EF%BF%BD',
      cookie: admin,
    });
    expect(search.statusCode).toBe(200);
  });
});

describe('datas de início', () => {
  const item = (start_date: string) => ({ product_id: productId, start_date, weeks: 52 });

  it.each(['6863-01-82', '2026-02-30', '9999-12-31', '10000-01-01'])(
    'o orçamento recusa %s',
    async (date) => {
      const res = await inject(ctx, {
        method: 'POST',
        url: '/api/checkout/quote',
        payload: { items: [item(date)] },
      });
      expectMessage(res, 400, 'Data de início inválida.');
    },
  );

  it('a última data de início possível ainda dá um período de 52 semanas', async () => {
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/checkout/quote',
      payload: { items: [item('9998-12-31')] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0]).toMatchObject({ start: '9998-12-31', end: '9999-12-30' });
  });

  it('o produto e a busca recusam um início além de 9998', async () => {
    for (const url of ['/api/products/outdoor-eixo?inicio=9999-12-31', '/api/search?inicio=9999-12-31']) {
      expectMessage(await inject(ctx, { method: 'GET', url }), 400, 'Data de início inválida.');
    }
    const ok = await inject(ctx, {
      method: 'GET',
      url: '/api/products/outdoor-eixo?inicio=9998-12-31&semanas=52',
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('filtros de preço', () => {
  it('um preço fora do inteiro do banco é recusado, não um erro 500', async () => {
    for (const [param, message] of [
      ['preco_max', 'Preço máximo inválido.'],
      ['preco_min', 'Preço mínimo inválido.'],
    ]) {
      const res = await inject(ctx, { method: 'GET', url: `/api/search?${param}=2147483648` });
      expectMessage(res, 400, message!);
    }
    const ok = await inject(ctx, { method: 'GET', url: '/api/search?preco_max=2147483647' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().total).toBe(1);
  });
});

describe('webhook do Pix', () => {
  const signed = (body: string, contentType?: string) =>
    inject(ctx, {
      method: 'POST',
      url: `/api/webhooks/pix/pix?segredo=${SECRET}`,
      headers: contentType ? { 'content-type': contentType } : {},
      payload: body,
    });

  it('um corpo vazio e autenticado é uma notificação inválida, não um erro 500', async () => {
    expectMessage(await signed(''), 400, 'Notificação inválida.');
  });

  it('um corpo de texto é recusado como em toda a API (415), nunca um 500', async () => {
    expectMessage(await signed('{"id":1}', 'text/plain'), 415, httpMessages.unsupportedMediaType);
  });

  it('uma notificação com U+0000 é recusada como em toda a API, antes de tocar o banco', async () => {
    const body = JSON.stringify({
      pix: [{ endToEndId: 'E\u0000', txid: 't', valor: '1.00', horario: '2026-11-29T10:00:00Z' }],
    });
    expectMessage(await signed(body, 'application/json'), 400, httpMessages.invalidCharacters);
  });
});
