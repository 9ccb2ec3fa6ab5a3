import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInErrors } from '@urbana/shared';
import { createTestApp, createTestDatabase, createUser, testConfig, type TestContext } from './helpers.ts';
import type { Database } from '../src/db/client.ts';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../src/db/schema/index.ts';

let database: Database & { drop(): Promise<void> };
let ctx: TestContext;
let proxied: TestContext;
const small = { signUp: { max: 3, timeWindow: 60_000 }, signIn: { max: 4, timeWindow: 60_000 } };

beforeAll(async () => {
  database = await createTestDatabase();
  ctx = await createTestApp({ database, rateLimits: small });
  proxied = await createTestApp({
    database,
    rateLimits: small,
    config: testConfig({ TRUST_PROXY: '127.0.0.1' }),
  });
});
afterAll(async () => {
  await ctx.close();
  await proxied.close();
  await database.drop();
});

const signUpFrom = (app: TestContext, ip: string, extraHeaders: Record<string, string> = {}) =>
  app.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    remoteAddress: ip,
    headers: extraHeaders,
    payload: {
      email: `rl-${Math.random().toString(36).slice(2)}@exemplo.com.br`,
      password: 'Outdoor-na-L2',
      nome_completo: 'Teste Limite',
    },
  });

describe('limites por IP', () => {
  it('uma entrada recusada pelo limite por IP vira um evento login.limitado (uma vez por janela)', async () => {
    const ip = '10.20.9.9';
    const attempt = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: ip,
        payload: { email: 'ninguem@exemplo.com.br', password: 'senha-errada-123' },
      });
    for (let i = 0; i < 4; i++) expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(429);
    expect((await attempt()).statusCode).toBe(429);
    // The event is written after the answer: wait for it.
    const read = () =>
      database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'login.limitado'), eq(auditLog.ip, ip)));
    let rows = await read();
    for (let i = 0; i < 40 && rows.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      rows = await read();
    }
    expect(rows).toHaveLength(1);
    expect(rows[0]!.after).toEqual({ limite: 'ip' });
  });

  it('responde 429 com Retry-After e a mensagem do catálogo', async () => {
    for (let i = 0; i < 3; i++) expect((await signUpFrom(ctx, '10.20.0.1')).statusCode).toBe(201);
    const blocked = await signUpFrom(ctx, '10.20.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: signInErrors.tooManyRequests });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another IP is not affected.
    expect((await signUpFrom(ctx, '10.20.0.2')).statusCode).toBe(201);
  });

  it('ignora X-Forwarded-For falsificado quando não há proxy configurado', async () => {
    for (let i = 0; i < 3; i++) await signUpFrom(ctx, '10.20.1.1', { 'x-forwarded-for': `203.0.113.${i}` });
    const res = await signUpFrom(ctx, '10.20.1.1', { 'x-forwarded-for': '203.0.113.99' });
    expect(res.statusCode).toBe(429);
  });

  it('usa X-Forwarded-For apenas vindo do proxy confiável', async () => {
    for (let i = 0; i < 3; i++)
      expect((await signUpFrom(proxied, '127.0.0.1', { 'x-forwarded-for': '198.51.100.7' })).statusCode).toBe(
        201,
      );
    expect((await signUpFrom(proxied, '127.0.0.1', { 'x-forwarded-for': '198.51.100.7' })).statusCode).toBe(
      429,
    );
    expect((await signUpFrom(proxied, '127.0.0.1', { 'x-forwarded-for': '198.51.100.8' })).statusCode).toBe(
      201,
    );
  });
});

describe('limite por email', () => {
  // Issue 22 item 8: the per-e-mail limit is the wide one (50 in an hour, from every IP); ten from one
  // IP only throttle that IP (abuse-edges.test.ts), and a known device passes (decision 026).
  it('após 50 senhas erradas em 1 hora, de IPs diferentes, recusa a senha certa de um dispositivo desconhecido', async () => {
    const { email, password } = await createUser(ctx);
    for (let i = 0; i < 50; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: `10.30.${i}.1`,
        payload: { email, password: 'errada-123' },
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: '10.30.99.1',
      payload: { email, password },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: signInErrors.tooManyRequests });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // The limit is shared by every instance: the other app (same database) refuses too.
    const other = await proxied.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: '10.30.98.1',
      payload: { email, password },
    });
    expect(other.statusCode).toBe(429);
  });

  it('limita pedidos de redefinição de senha por email', async () => {
    const { email } = await createUser(ctx);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: `10.40.${i}.1`,
        payload: { email },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('limita a entrada por IP', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: '10.50.0.1',
        payload: { email: `x${i}@exemplo.com.br`, password: 'qualquer-1' },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 429]);
  });
});
