import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../src/plugins/external/security.ts';
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
    const expected = securityHeaders(ctx.config);
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

  it('HSTS só quando o endereço público é https', () => {
    expect(securityHeaders(testConfig())['strict-transport-security']).toBeUndefined();
    expect(
      securityHeaders(testConfig({ PUBLIC_URL: 'https://urbana.com.br' }))['strict-transport-security'],
    ).toBe('max-age=31536000; includeSubDomains');
  });
});
