import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, inject, signIn, testConfig, type TestContext } from './helpers.ts';

let ctx: TestContext;
const cookies: Record<string, string | undefined> = { visitante: undefined };

beforeAll(async () => {
  ctx = await createTestApp({
    config: testConfig({ ADMIN_EMAILS: 'chefe@urbana.com.br,diretora@urbana.com.br' }),
  });
  const roles = [
    ['cliente', 'cliente@exemplo.com.br', 'cliente'],
    ['operador', 'operador@urbana.com.br', 'operador'],
    ['admin', 'chefe@urbana.com.br', 'admin'],
    // tipo admin but not on the allow-list: not admin, not staff (docs/spec/specification.md §6).
    ['admin_fora_da_lista', 'intruso@urbana.com.br', 'admin'],
  ] as const;
  for (const [name, email, tipo] of roles) {
    const { password } = await createUser(ctx, { email, tipo });
    cookies[name] = await signIn(ctx, email, password);
  }
});
afterAll(async () => {
  await ctx.close();
});

// docs/spec/product.md §1: 401 without a session, 403 for a role that may not use the section.
const matrix: Array<[url: string, expected: Record<string, number>]> = [
  [
    '/api/admin/resumo',
    { visitante: 401, cliente: 403, admin_fora_da_lista: 403, operador: 200, admin: 200 },
  ],
  [
    '/api/admin/pedidos',
    { visitante: 401, cliente: 403, admin_fora_da_lista: 403, operador: 200, admin: 200 },
  ],
  [
    '/api/admin/pedidos/csv',
    { visitante: 401, cliente: 403, admin_fora_da_lista: 403, operador: 200, admin: 200 },
  ],
  [
    '/api/admin/usuarios',
    { visitante: 401, cliente: 403, admin_fora_da_lista: 403, operador: 403, admin: 200 },
  ],
  // Issue #19: the inventory and proposals are for all staff.
  [
    '/api/admin/inventario',
    { visitante: 401, cliente: 403, admin_fora_da_lista: 403, operador: 200, admin: 200 },
  ],
  [
    '/api/admin/propostas',
    { visitante: 401, cliente: 403, admin_fora_da_lista: 403, operador: 200, admin: 200 },
  ],
];

describe('matriz de papéis do /api/admin', () => {
  for (const [url, expected] of matrix) {
    for (const [role, status] of Object.entries(expected)) {
      it(`${url} como ${role} → ${status}`, async () => {
        const res = await inject(ctx, { method: 'GET', url, cookie: cookies[role] });
        expect(res.statusCode).toBe(status);
        if (status !== 200) expect(typeof res.json().message).toBe('string');
      });
    }
  }

  it('a sessão diz quem é admin e quem é equipe', async () => {
    const get = async (role: string) =>
      (await inject(ctx, { method: 'GET', url: '/api/auth/session', cookie: cookies[role] })).json().user;
    expect(await get('admin')).toMatchObject({
      is_admin: true,
      is_staff: true,
      permissoes: { can_access_dashboard: true, can_manage_campaigns: true, can_view_analytics: true },
    });
    expect(await get('operador')).toMatchObject({
      is_admin: false,
      is_staff: true,
      permissoes: { can_access_dashboard: true },
    });
    expect(await get('cliente')).toMatchObject({
      is_admin: false,
      is_staff: false,
      permissoes: { can_access_dashboard: false },
    });
    expect(await get('admin_fora_da_lista')).toMatchObject({ is_admin: false, is_staff: false });
  });

  it('lista usuários com busca e paginação', async () => {
    const res = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/usuarios?q=urbana.com&page=1&page_size=2',
      cookie: cookies.admin,
    });
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.items).toHaveLength(2);
    const bad = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/usuarios?page=0',
      cookie: cookies.admin,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Página inválida.');
  });
});

describe('cookies em https', () => {
  it('usa __Host- e Secure quando PUBLIC_URL é https', async () => {
    const secure = await createTestApp({
      database: ctx.database,
      config: testConfig({ PUBLIC_URL: 'https://urbana.example' }),
    });
    try {
      const { email, password } = await createUser(secure);
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email, password },
      });
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toMatch(/^__Host-urbana_sessao=/);
      expect(setCookie).toContain('Secure');
      expect(String(res.headers['strict-transport-security'])).toContain('max-age=31536000');
    } finally {
      await secure.app.close();
    }
  });
});
