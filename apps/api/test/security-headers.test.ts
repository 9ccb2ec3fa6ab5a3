import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders, securityHeadersFor } from '../src/plugins/external/security.ts';
import { createTestApp, inject, testConfig, type TestContext } from './helpers.ts';

/** Issue #21: the security headers are computed once and sent on every kind of answer. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('cabeçalhos de segurança', () => {
  it('os mesmos numa resposta, num erro e num endereço que não se decodifica', async () => {
    const expected = securityHeaders(ctx.config, 'api');
    expect(Object.keys(expected)).toEqual(
      expect.arrayContaining([
        'content-security-policy',
        'cross-origin-opener-policy',
        'x-content-type-options',
        'x-frame-options',
        'referrer-policy',
      ]),
    );
    for (const url of ['/api/health/live', '/api/nao-existe', '/api/%zz']) {
      const res = await inject(ctx, { method: 'GET', url });
      for (const [name, value] of Object.entries(expected))
        expect(res.headers[name], `${url} ${name}`).toBe(value);
    }
  });

  it('a API não carrega nada nem é emoldurada; as páginas e a documentação da API têm a política das páginas', async () => {
    const headersFor = securityHeadersFor(ctx.config);
    expect(headersFor('/api/products/x')['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    const page = securityHeaders(ctx.config, 'page');
    expect(page['content-security-policy']).toContain("script-src 'self'");
    expect(headersFor('/locais/x')).toBe(headersFor('/'));
    expect(headersFor('/locais/x')['content-security-policy']).toBe(page['content-security-policy']);
    expect(headersFor('/api/docs/json')['content-security-policy']).toBe(page['content-security-policy']);
    // Every other header is the same on both.
    const { 'content-security-policy': _p, ...pageRest } = page;
    const { 'content-security-policy': _a, ...apiRest } = securityHeaders(ctx.config, 'api');
    expect(apiRest).toEqual(pageRest);
    const res = await inject(ctx, { method: 'GET', url: '/api/docs' });
    expect(String(res.headers['content-security-policy'])).not.toContain("default-src 'none'");
  });

  it('HSTS só quando o endereço público é https', () => {
    expect(securityHeaders(testConfig())['strict-transport-security']).toBeUndefined();
    expect(
      securityHeaders(testConfig({ PUBLIC_URL: 'https://urbana.com.br' }))['strict-transport-security'],
    ).toBe('max-age=31536000; includeSubDomains');
  });
});
