/**
 * The security suite (docs/decisions/010-security-suite.md), V14.4: security headers (CSP, nosniff, referrer policy, HSTS).
 */
import { describe, expect, it } from 'vitest';
import { cspDirectives } from './world.ts';
import type { InjectOptions } from 'fastify';
import { ctx, plainProd, secure, w, useSecurityWorld, type World } from './setup.ts';

useSecurityWorld();

const headerCases: Array<[label: string, req: (w: World) => InjectOptions, status: number, type: RegExp]> = [
  ['página HTML (/)', () => ({ method: 'GET', url: '/' }), 200, /^text\/html/],
  [
    'página HTML do app (/buscar-locais)',
    () => ({ method: 'GET', url: '/buscar-locais' }),
    200,
    /^text\/html/,
  ],
  ['página HTML inexistente', () => ({ method: 'GET', url: '/nao-existe' }), 404, /^text\/html/],
  [
    'arquivo estático (/assets/…js)',
    () => ({ method: 'GET', url: '/assets/app-3f2a1b.js' }),
    200,
    /javascript/,
  ],
  ['documentação da API (HTML)', () => ({ method: 'GET', url: '/api/docs' }), 200, /^text\/html/],
  ['resposta JSON da API', () => ({ method: 'GET', url: '/api/health' }), 200, /^application\/json/],
  [
    'foto do catálogo',
    (w) => ({ method: 'GET', url: `/api/arquivos/catalogo/${w.photo}` }),
    200,
    /^image\/webp/,
  ],
  ['erro 404 da API', () => ({ method: 'GET', url: '/api/nao-existe' }), 404, /^application\/json/],
  ['erro 400 de validação', () => ({ method: 'GET', url: '/api/places?q=' }), 400, /^application\/json/],
  ['erro 401', () => ({ method: 'GET', url: '/api/profile' }), 401, /^application\/json/],
  [
    'erro 403 de outro site',
    () => ({ method: 'POST', url: '/api/auth/sign-out', headers: { 'sec-fetch-site': 'cross-site' } }),
    403,
    /^application\/json/,
  ],
  [
    'erro de URL malformada',
    () => ({ method: 'GET', url: '/api/orders/%E0%A4%A' }),
    400,
    /^application\/json/,
  ],
  [
    'erro 415',
    () => ({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    }),
    415,
    /^application\/json/,
  ],
];

describe('V14.4 cabeçalhos de segurança', () => {
  it.each(headerCases)('V14.4.3–V14.4.7 %s', async (_label, req, status, type) => {
    const res = await ctx.app.inject(req(w));
    expect(res.statusCode).toBe(status);
    expect(String(res.headers['content-type'])).toMatch(type);
    const csp = cspDirectives(res.headers['content-security-policy']);
    expect(csp.size, 'Content-Security-Policy').toBeGreaterThan(0);
    const scriptSrc = csp.get('script-src') ?? csp.get('default-src');
    expect(scriptSrc, 'script-src (ou default-src)').toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(csp.get('script-src-attr') ?? []).not.toContain("'unsafe-inline'");
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toMatch(
      /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
    );
    // Plain http (tests): no HSTS.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it.each([
    ['resposta JSON', { method: 'GET', url: '/api/health' }],
    ['erro 404', { method: 'GET', url: '/api/nao-existe' }],
    ['erro de URL malformada', { method: 'GET', url: '/api/%zz' }],
  ] as const)(
    'V14.4.5 HSTS em produção com https (%s), ausente em produção com http',
    async (_label, req) => {
      const over = await secure.app.inject(req);
      const hsts = String(over.headers['strict-transport-security'] ?? '');
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
      expect(hsts).toContain('includeSubDomains');
      const plain = await plainProd.app.inject(req);
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    },
  );
});
