import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { httpMessages } from '@urbana/shared';
import { createTestApp, createUser, inject, signIn, type TestContext } from './helpers.ts';

/**
 * Issue 18: routes/admin/index.ts puts one staff gate on /api/admin, so no admin route can forget
 * it. Every registered admin route answers 401 to a visitor and 403 to a customer, with the gate's
 * messages, whatever its body or section; and every one of them sits behind the gate's hook.
 */

const routes: Array<{ method: string; url: string; gated: boolean }> = [];
let ctx: TestContext;
let cliente: string;

beforeAll(async () => {
  ctx = await createTestApp({
    onRoute(this: FastifyInstance, options: RouteOptions) {
      if (!options.url.startsWith('/api/admin')) return;
      // routes/admin/index.ts decorates its encapsulated instance with the gate it hooks on onRequest.
      const gated = this.hasDecorator('staffGate');
      const methods = Array.isArray(options.method) ? options.method : [options.method];
      for (const method of methods) routes.push({ method, url: options.url, gated });
    },
  });
  const { email, password } = await createUser(ctx, { tipo: 'cliente' });
  cliente = await signIn(ctx, email, password);
});
afterAll(() => ctx.close());

/** A URL that matches the route, every parameter a well-formed id (validation would accept it). */
const concrete = (url: string) => url.replace(/:\w+/g, () => randomUUID());

/** A body the route could accept in shape: JSON for writes, nothing for reads. */
const bodyFor = (method: string) => (['POST', 'PUT', 'PATCH'].includes(method) ? { payload: {} } : {});

describe('a porta única da equipe em /api/admin', () => {
  it('encontra as rotas de administração, inclusive as que vieram de pedidos e suporte', () => {
    const seen = routes.map((r) => `${r.method} ${r.url}`);
    expect(seen.length).toBeGreaterThan(60);
    expect(seen).toEqual(
      expect.arrayContaining([
        'POST /api/admin/orders/:id/confirm-payment',
        'GET /api/admin/usuarios/:id/limites-pedido',
        'PUT /api/admin/usuarios/:id/limites-pedido',
        'GET /api/admin/support/tickets',
        'PATCH /api/admin/support/tickets/:id',
        'GET /api/admin/campanhas',
        'POST /api/admin/notificacoes',
        'GET /api/admin/emails-agendados',
        'GET /api/admin/convites',
      ]),
    );
  });

  it('um visitante recebe 401 e um cliente 403 em todas as rotas', async () => {
    const wrong: string[] = [];
    for (const { method, url } of routes) {
      const target = { method: method as 'GET', url: concrete(url), ...bodyFor(method) };
      const anonymous = await inject(ctx, target);
      const customer = await inject(ctx, { ...target, cookie: cliente });
      const withBody = method !== 'HEAD';
      if (
        anonymous.statusCode !== 401 ||
        (withBody && anonymous.json().message !== httpMessages.unauthenticated)
      )
        wrong.push(`${method} ${url} visitante → ${anonymous.statusCode}`);
      if (customer.statusCode !== 403 || (withBody && customer.json().message !== httpMessages.forbidden))
        wrong.push(`${method} ${url} cliente → ${customer.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a porta recusa antes de ler o corpo (onRequest): um tipo de conteúdo desconhecido dá 401, não 415', async () => {
    const writes = routes.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method));
    expect(writes.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const { method, url } of writes) {
      const res = await inject(ctx, {
        method: method as 'POST',
        url: concrete(url),
        headers: { 'content-type': 'application/x-desconhecido' },
        payload: 'qualquer coisa',
      });
      if (res.statusCode !== 401) wrong.push(`${method} ${url} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('nenhuma rota de /api/admin é registrada fora do plugin com a porta', () => {
    expect(routes.filter((r) => !r.gated).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    expect(ctx.app.hasDecorator('staffGate')).toBe(false);
  });
});
