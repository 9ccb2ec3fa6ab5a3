/**
 * The security suite (docs/decisions/010-security-suite.md), V2.2.1: the per-IP limits and a spoofed X-Forwarded-For.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInErrors } from '@urbana/shared';
import { createTestApp, testConfig, type TestContext } from '../helpers.ts';
import { expectMessageOnly } from './world.ts';
import { apps, database, useSecurityWorld } from './setup.ts';

useSecurityWorld();

describe('V2.2.1 limites por IP com X-Forwarded-For falsificado', () => {
  const small = { signIn: { max: 3, timeWindow: 60_000 } };
  const attempt = (app: TestContext, remoteAddress: string, xff?: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress,
      headers: xff ? { 'x-forwarded-for': xff } : {},
      payload: { email: `ninguem-${randomUUID()}@exemplo.com.br`, password: 'qualquer-senha-1' },
    });

  let direct: TestContext;
  let proxied: TestContext;
  beforeAll(async () => {
    direct = await createTestApp({ database, rateLimits: small });
    proxied = await createTestApp({
      database,
      rateLimits: small,
      config: testConfig({ TRUST_PROXY: '10.0.0.1' }),
    });
    apps.push(direct, proxied);
  });

  it('URB-SEC-07 sem TRUST_PROXY, trocar o X-Forwarded-For a cada tentativa não escapa do limite de entrada', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await attempt(direct, '192.0.2.10', `203.0.113.${i}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429, 429]);
    const res = await attempt(direct, '192.0.2.10', '203.0.113.200');
    expect(res.statusCode).toBe(429);
    expectMessageOnly(res, signInErrors.tooManyRequests);
    // Another real client is not affected.
    expect((await attempt(direct, '192.0.2.11')).statusCode).toBe(401);
  });

  it('URB-SEC-08 com TRUST_PROXY, o X-Forwarded-For de quem não é o proxy não vale', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await attempt(proxied, '192.0.2.20', `198.51.100.${i}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });

  it('URB-SEC-08 atrás do proxy confiável, vale o cliente que o proxy viu, não o que o cliente inventou', async () => {
    const codes: number[] = [];
    // The client forges the left part; the proxy appends the address it saw (198.51.100.77).
    for (let i = 0; i < 4; i++)
      codes.push((await attempt(proxied, '10.0.0.1', `203.0.113.${i}, 198.51.100.77`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    // A different real client behind the same proxy has its own count.
    expect((await attempt(proxied, '10.0.0.1', '198.51.100.78')).statusCode).toBe(401);
  });
});
