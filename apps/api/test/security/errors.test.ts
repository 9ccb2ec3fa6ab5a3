/**
 * The security suite (docs/decisions/010-security-suite.md), V7.4.1 / V14.3.2: errors never reveal internals.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { httpMessages } from '@urbana/shared';
import { type Storage } from '../../src/services/storage.ts';
import { createTestApp } from '../helpers.ts';
import { expectMessageOnly, expectNoLeak, START } from './world.ts';
import { itAnswers, type RequestRow } from './request-table.ts';
import { apps, database, w, useSecurityWorld } from './setup.ts';

useSecurityWorld();

const SQLI = "' OR 1=1--";
const q = encodeURIComponent;
const malformed: RequestRow[] = [
  {
    label: 'JSON quebrado',
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { 'content-type': 'application/json' },
    body: '{"email":',
    status: 400,
  },
  {
    label: 'JSON vazio',
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { 'content-type': 'application/json' },
    body: '',
    status: 400,
  },
  { label: 'corpo que não é objeto', method: 'POST', url: '/api/auth/sign-in', body: [1, 2], status: 400 },
  {
    label: 'tipos errados',
    method: 'POST',
    url: '/api/auth/sign-in',
    body: { email: 42, password: { $ne: null } },
    status: 400,
  },
  {
    label: '__proto__ no corpo',
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { 'content-type': 'application/json' },
    body: '{"__proto__":{"admin":true},"email":"a@b.com","password":"x"}',
    status: 400,
  },
  {
    label: 'semanas enorme',
    method: 'POST',
    url: '/api/checkout/quote',
    body: (w) => ({ items: [{ product_id: w.product.id, start_date: START, weeks: 1e308, tower_ids: [] }] }),
    status: 400,
  },
  {
    label: 'semanas além do JSON seguro',
    method: 'POST',
    url: '/api/checkout/quote',
    headers: { 'content-type': 'application/json' },
    body: (w) =>
      `{"items":[{"product_id":"${w.product.id}","start_date":"${START}","weeks":99999999999999999999999,"tower_ids":[]}]}`,
    status: 400,
  },
  {
    label: 'data impossível',
    method: 'POST',
    url: '/api/checkout/quote',
    body: (w) => ({
      items: [{ product_id: w.product.id, start_date: '2026-02-31', weeks: 1, tower_ids: [] }],
    }),
    status: 400,
  },
  {
    label: 'preço mínimo enorme na busca',
    method: 'GET',
    url: '/api/search?local=Bras%C3%ADlia&preco_min=9007199254740991',
    status: 400,
  },
  {
    label: 'preço máximo enorme na busca',
    method: 'GET',
    url: '/api/search?local=Bras%C3%ADlia&preco_max=99999999999999',
    status: 400,
  },
  {
    label: 'página enorme na busca',
    method: 'GET',
    url: '/api/search?local=Bras%C3%ADlia&pagina=1e400',
    status: 400,
  },
  {
    label: 'limites do mapa absurdos',
    method: 'GET',
    url: '/api/search?norte=1e300&sul=-1e300&leste=1e300&oeste=-1e300',
    status: 400,
  },
  { label: 'limite enorme nas cidades', method: 'GET', url: '/api/places?q=bras&limite=1e400', status: 400 },
  {
    label: 'semanas enorme no produto',
    method: 'GET',
    url: (w) => `/api/products/${w.product.slug}?semanas=99999999999999999999`,
    status: 400,
  },
  { label: 'SQL na busca por local', method: 'GET', url: `/api/search?local=${q(SQLI)}`, status: 400 },
  { label: 'SQL no autocompletar', method: 'GET', url: `/api/places?q=${q(SQLI)}`, status: 200 },
  {
    label: 'SQL nos ids de produtos',
    method: 'GET',
    url: `/api/products?ids=${q(`${SQLI},1;DROP TABLE products`)}`,
    status: 200,
  },
  { label: 'SQL no slug', method: 'GET', url: `/api/products/${q(SQLI)}`, status: 404 },
  {
    label: 'SQL no status dos pedidos',
    method: 'GET',
    url: `/api/orders?status=${q(SQLI)}`,
    who: 'ana',
    status: 400,
  },
  { label: 'SQL no id do pedido', method: 'GET', url: `/api/orders/${q(SQLI)}`, who: 'ana', status: 400 },
  { label: 'SQL no favorito', method: 'PUT', url: `/api/favorites/${q(SQLI)}`, who: 'ana', status: 404 },
  {
    label: 'SQL no cupom',
    method: 'POST',
    url: '/api/checkout/quote',
    body: (w) => ({
      coupon_code: SQLI,
      items: [{ product_id: w.product.id, start_date: START, weeks: 1, tower_ids: [] }],
    }),
    status: 200,
  },
  {
    label: 'SQL na busca de usuários (admin)',
    method: 'GET',
    url: `/api/admin/usuarios?q=${q(`%${SQLI}`)}`,
    who: 'admin',
    status: 200,
  },
  {
    label: 'SQL no email de entrada',
    method: 'POST',
    url: '/api/auth/sign-in',
    body: { email: `a@b.com${SQLI}`, password: SQLI },
    status: 400,
  },
  { label: 'id de pedido que não é uuid', method: 'GET', url: '/api/orders/123', who: 'ana', status: 400 },
  {
    label: 'id de pedido desconhecido',
    method: 'GET',
    url: `/api/orders/${randomUUID()}/pix`,
    who: 'ana',
    status: 404,
  },
  {
    label: 'id de produto desconhecido no orçamento',
    method: 'POST',
    url: '/api/checkout/quote',
    who: 'ana',
    body: { items: [{ product_id: randomUUID(), start_date: START, weeks: 1, tower_ids: [] }] },
    status: 409,
  },
  {
    label: 'id de torre que não é uuid',
    method: 'POST',
    url: '/api/checkout/quote',
    body: (w) => ({
      items: [{ product_id: w.product.id, start_date: START, weeks: 1, tower_ids: ['nao-e-uuid'] }],
    }),
    status: 400,
  },
  {
    label: 'Idempotency-Key ausente',
    method: 'POST',
    url: '/api/orders',
    who: 'ana',
    body: { items: [] },
    status: 400,
  },
  { label: 'URL malformada', method: 'GET', url: '/api/%zz', status: 400 },
  { label: 'URL malformada em rota com parâmetro', method: 'GET', url: '/api/orders/%E0%A4%A', status: 400 },
  { label: 'rota inexistente', method: 'GET', url: '/api/nao-existe', status: 404 },
  { label: 'método inexistente', method: 'DELETE', url: '/api/health', status: 404 },
  {
    label: 'token de confirmação enorme',
    method: 'POST',
    url: '/api/auth/confirm-email',
    body: { token: 'x'.repeat(5000) },
    status: 400,
  },
];

describe('V7.4.1 / V14.3.2 erros sem detalhes internos', () => {
  itAnswers('V7.4.1 / V5.3.4 %s', malformed, (res, row) => {
    expectNoLeak(res.body);
    if (row.status >= 400) expectMessageOnly(res);
  });

  it('URB-SEC-11 uma falha inesperada responde a mensagem genérica, sem a mensagem técnica', async () => {
    const failing: Storage = {
      kind: 'local',
      put: async () => {},
      putFile: async () => {},
      delete: async () => {},
      get: async () => {
        const error = new Error(
          'SELECT * FROM products WHERE id = $1 -- postgres at /srv/urbana/node_modules/drizzle-orm/index.js:10',
        );
        throw error;
      },
    };
    const broken = await createTestApp({ database, storage: failing });
    apps.push(broken);
    const res = await broken.app.inject({ method: 'GET', url: `/api/arquivos/catalogo/${w.photo}` });
    expect(res.statusCode).toBe(500);
    expectMessageOnly(res, httpMessages.internal);
  });
});
