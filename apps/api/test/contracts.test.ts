import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import * as shared from '@urbana/shared';
import { createTestApp, inject, type TestContext } from './helpers.ts';

/**
 * One contract per endpoint (docs/decisions/037-one-contract-per-endpoint.md): every JSON answer of
 * /api declares a response schema for its success codes, the schema is one exported from
 * @urbana/shared (the web derives its types from the same object), and none is z.any()/z.unknown().
 */

/** Answers that are not JSON: files, PDFs, CSVs, images, the event stream and redirects. */
const NOT_JSON = new Set([
  'GET /api/auth/google',
  'GET /api/auth/google/callback',
  'GET /api/account/exports/:id/download',
  'GET /api/email/descadastrar',
  'GET /api/arquivos/catalogo/:name',
  'POST /api/proposta',
  'GET /api/propostas/:id/pdf',
  'GET /api/notifications/stream',
  'GET /api/admin/relatorios/csv',
  'GET /api/admin/pedidos/csv',
  'GET /api/admin/pedidos/:id/fatura.pdf',
  'GET /api/admin/pedidos/:id/nota-de-credito.pdf',
  'GET /api/admin/pedidos/:id/nfse.xml',
  'GET /api/admin/pedidos/:id/nfse.pdf',
  'GET /api/admin/pedidos/:id/pi.pdf',
  'GET /api/agencia/pedidos/:id/pi.pdf',
  'GET /api/admin/propostas/:id/pdf',
  'GET /api/media/:id/:variant',
  'GET /api/telas/:id/midias/:mediaId',
  'GET /api/comprovacoes/:id/:variant',
  'GET /api/invoices/:id/pdf',
  'GET /api/midia-kit/pdf',
  'GET /api/orders/:id/relatorio.pdf',
  'GET /api/orders/:id/nota-de-credito.pdf',
  'GET /api/orders/:id/nfse.xml',
  'GET /api/orders/:id/nfse.pdf',
  'GET /api/planos/:id/mapa.png',
  'GET /api/planos-compartilhados/:token/mapa.png',
  'GET /api/planos-compartilhados/:token/pdf',
]);

interface Seen {
  route: string;
  response: Record<string, unknown>;
}

const routes: Seen[] = [];
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({
    onRoute: (options: RouteOptions) => {
      const methods = Array.isArray(options.method) ? options.method : [options.method];
      for (const method of methods) {
        if (method === 'HEAD' || !options.url.startsWith('/api/') || options.url.startsWith('/api/docs'))
          continue;
        const response = (options.schema?.response ?? {}) as Record<string, unknown>;
        routes.push({ route: `${method} ${options.url}`, response });
      }
    },
  });
});
afterAll(() => ctx.close());

const sharedSchemas = new Set<unknown>(Object.values(shared).filter((v) => v instanceof z.ZodType));

const successSchemas = (seen: Seen) => Object.entries(seen.response).filter(([code]) => /^2\d\d$/.test(code));

/** What keeps a route from meeting the contract, or null when it meets it. */
function breach(seen: Seen): string | null {
  const success = successSchemas(seen);
  if (success.length === 0) return 'sem schema de resposta de sucesso';
  for (const [code, schema] of success) {
    if (!(schema instanceof z.ZodType)) return `${code}: não é um schema zod`;
    if (!sharedSchemas.has(schema)) return `${code}: schema local, não exportado por @urbana/shared`;
  }
  return null;
}

/**
 * The zod nodes of a schema that change the value they read (a transform, a pipe, a codec): the
 * response serializer checks answers with `safeParse` (apps/api/src/lib/zod-serializer.ts), which
 * gives the same JSON as zod's `encode` only when there is none.
 */
function transforming(schema: unknown, seen = new Set<unknown>()): string[] {
  if (!(schema instanceof z.ZodType) || seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  if (def.type === 'transform' || def.type === 'pipe') return [def.type];
  const children: unknown[] = [];
  for (const key of ['innerType', 'element', 'left', 'right', 'keyType', 'valueType', 'rest'])
    children.push(def[key]);
  if (def.type === 'object') children.push(...Object.values(def.shape as Record<string, unknown>));
  if (Array.isArray(def.options)) children.push(...(def.options as unknown[]));
  if (Array.isArray(def.items)) children.push(...(def.items as unknown[]));
  if (def.type === 'lazy') children.push((def.getter as () => unknown)());
  return children.flatMap((child) => transforming(child, seen));
}

describe('contratos das rotas', () => {
  it('encontra as rotas da API', () => {
    expect(routes.length).toBeGreaterThan(150);
    expect(routes.map((r) => r.route)).toContain('GET /api/admin/resumo');
  });

  it('nenhuma resposta é z.any() ou z.unknown()', () => {
    const loose = routes.flatMap((seen) =>
      Object.entries(seen.response)
        .filter(([, schema]) => schema instanceof z.ZodAny || schema instanceof z.ZodUnknown)
        .map(([code]) => `${seen.route} ${code}`),
    );
    expect(loose).toEqual([]);
  });

  it('cada resposta JSON declara um schema exportado por @urbana/shared', () => {
    const breaches = routes
      .filter((seen) => !NOT_JSON.has(seen.route))
      .map((seen) => [seen.route, breach(seen)])
      .filter(([, why]) => why !== null);
    expect(breaches).toEqual([]);
  });

  it('as respostas que não são JSON não declaram schema de sucesso', () => {
    const declared = routes.filter((seen) => NOT_JSON.has(seen.route) && successSchemas(seen).length > 0);
    expect(declared.map((seen) => seen.route)).toEqual([]);
  });

  it('a lista das respostas que não são JSON só cita rotas que existem', () => {
    const known = new Set(routes.map((seen) => seen.route));
    expect([...NOT_JSON].filter((route) => !known.has(route))).toEqual([]);
  });

  it('nenhum schema de resposta transforma o valor (o serializador valida sem codecs)', () => {
    expect(transforming(shared.healthLiveSchema)).toEqual([]);
    expect(transforming(z.object({ a: z.array(z.string().transform((v) => v.trim())) }))).toEqual(['pipe']);
    const found = routes.flatMap((seen) =>
      Object.entries(seen.response).flatMap(([code, schema]) =>
        transforming(schema).map((kind) => `${seen.route} ${code}: ${kind}`),
      ),
    );
    expect(found).toEqual([]);
  });

  it('o documento OpenAPI descreve as respostas compartilhadas (inclusive o JSON da auditoria)', async () => {
    const res = await inject(ctx, { method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const ok = res.json().paths['/api/admin/logs'].get.responses['200'];
    expect(JSON.stringify(ok)).toContain('actor_href');
  });
});
