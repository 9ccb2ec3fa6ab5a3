/**
 * Issue #39 item 1: the panel's two-factor gate cannot be walked around by spelling the path another
 * way. Every /api/admin route (enumerated from the app) is tried canonical and in encoded variants
 * (`%61`, `%2F`, double slashes, dot segments, trailing dots, case): no variant answers anything the
 * canonical path does not, and a non-canonical spelling is refused before any route runs
 * (docs/decisions/070-canonical-paths.md).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { httpMessages, twoFactorMessages } from '@urbana/shared';
import { profiles } from '../src/db/schema/index.ts';
import { cookieFrom, createTestApp, createUser, nextIp, testConfig, type TestContext } from './helpers.ts';
import { fill, listRoutes } from './security/routes.ts';
import { rawRequest } from './security/world.ts';

let ctx: TestContext;

let unenrolled: string;
let enrolled: string;
const ORIGIN = { origin: 'http://localhost:3000' };

async function signIn(email: string, password: string): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: nextIp(),
    payload: { email, password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return cookieFrom(res)!;
}

beforeAll(async () => {
  ctx = await createTestApp({
    config: testConfig({
      ADMIN_EMAILS: 'chefe@urbana.com.br,segura@urbana.com.br',
      ADMIN_TWO_FACTOR_REQUIRED: 'true',
    }),
  });
  const a = await createUser(ctx, { tipo: 'admin', email: 'chefe@urbana.com.br' });
  unenrolled = await signIn(a.email, a.password);
  const b = await createUser(ctx, { tipo: 'admin', email: 'segura@urbana.com.br' });
  enrolled = await signIn(b.email, b.password);
  // Enrolled after signing in: the session stays, the gate lets this admin through.
  await ctx.database.db
    .update(profiles)
    .set({ totp_enabled_at: new Date() })
    .where(eq(profiles.id, b.user.id));
});
afterAll(async () => {
  await ctx.close();
});

/** Over a real socket with the path exactly as written (`app.inject` resolves dot segments first). */
async function send(method: string, path: string, cookie?: string) {
  const body = method === 'GET' || method === 'DELETE' ? undefined : '{}';
  const res = await rawRequest(ctx, {
    method,
    path,
    body,
    headers: {
      ...ORIGIN,
      ...(cookie ? { cookie } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
  });
  return { ...res, statusCode: res.status, json: () => JSON.parse(res.body) as Record<string, unknown> };
}

/** Other spellings of a path, each of which a lax router or a decoding proxy could take for it. */
function variants(path: string): string[] {
  const rest = path.slice('/api/admin'.length);
  const lastLetter = rest.search(/[a-z](?=[^a-z]*$)/);
  const encodedLast =
    lastLetter < 0
      ? []
      : [
          `/api/admin${rest.slice(0, lastLetter)}%${rest.charCodeAt(lastLetter).toString(16)}${rest.slice(lastLetter + 1)}`,
        ];
  return [
    `/api/%61dmin${rest}`,
    `/api/admi%6E${rest}`,
    `/api/admi%6e${rest}`,
    `/%61pi/admin${rest}`,
    `/api%2Fadmin${rest}`,
    `/api%2fadmin${rest}`,
    `/api/admin${rest.replace('/', '%2F')}`,
    `/api//admin${rest}`,
    `//api/admin${rest}`,
    `/api/admin/${rest}`,
    `/api/./admin${rest}`,
    `/api/x/../admin${rest}`,
    `/api/%2e/admin${rest}`,
    `/api/admin.${rest}`,
    `/api/admin${rest}.`,
    `/api/Admin${rest}`,
    `/API/admin${rest}`,
    `/api/ADMIN${rest}`,
    ...encodedLast,
  ];
}

describe('caminhos não canônicos do painel (#39, item 1)', () => {
  const routes = () =>
    listRoutes(ctx.app)
      .filter((r) => r.url.startsWith('/api/admin'))
      .map((r) => ({ method: r.method, path: fill(r.url, new Proxy({}, { get: () => randomUUID() })) }));

  it('o caminho canônico: admin sem duas etapas recebe 403; com duas etapas passa do portão', async () => {
    const list = routes();
    expect(list.length).toBeGreaterThan(40);
    for (const { method, path } of list) {
      const refused = await send(method, path, unenrolled);
      expect(refused.statusCode, `${method} ${path}`).toBe(403);
      expect(refused.json()).toEqual({ message: twoFactorMessages.adminRequired });
      const through = await send(method, path, enrolled);
      expect(through.body, `${method} ${path}`).not.toContain(twoFactorMessages.adminRequired);
      expect(through.statusCode, `${method} ${path}`).not.toBe(401);
    }
  });

  it('as reproduções do relatório não passam do portão: %61dmin, admi%6E, e o aviso a todos não sai', async () => {
    for (const [method, path] of [
      ['GET', '/api/%61dmin/usuarios'],
      ['GET', '/api/admi%6E/resumo'],
      ['POST', '/api/%61dmin/notificacoes'],
    ] as const) {
      const res = await send(method, path, unenrolled);
      expect(res.statusCode, path).toBe(400);
      expect(res.json()).toEqual({ message: httpMessages.nonCanonicalPath });
    }
  });

  it('toda variante codificada, com barras duplas, pontos ou caixa diferente é recusada, para todos', async () => {
    for (const { method, path } of routes()) {
      for (const variant of variants(path)) {
        for (const cookie of [undefined, unenrolled, enrolled]) {
          const res = await send(method, variant, cookie);
          const label = `${method} ${variant}`;
          if (variant.startsWith('/API/')) {
            // Not the API at all (paths are case-sensitive): a page of the web app, or not found.
            if (res.type.startsWith('application/json'))
              expect(res.json(), label).toEqual({ message: httpMessages.notFound });
            else expect(res.type, label).toMatch(/^text\/(html|plain)/);
            continue;
          }
          expect([400, 404], label).toContain(res.statusCode);
          expect(Object.keys(res.json()), label).toEqual(['message']);
          if (res.statusCode === 400) expect(res.json().message, label).toBe(httpMessages.nonCanonicalPath);
        }
      }
    }
  });
});
