import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, adminSections, endpoints, todayInBrasilia, type Endpoint } from '@urbana/shared';
import { createTestApp, createUser, inject, signIn, testConfig, type TestContext } from './helpers.ts';

let ctx: TestContext;
const cookies: Record<string, string | undefined> = { visitante: undefined };
/** Every route registered under /api/admin, as `METHOD /path` (Fastify's onRoute hook). */
const registered: string[] = [];
/** A face of a product the panel created (beforeAll), for the inventory cell. */
let face = '';

beforeAll(async () => {
  ctx = await createTestApp({
    config: testConfig({ ADMIN_EMAILS: 'chefe@urbana.com.br,diretora@urbana.com.br' }),
    onRoute(options: RouteOptions) {
      if (!options.url.startsWith('/api/admin')) return;
      const methods = Array.isArray(options.method) ? options.method : [options.method];
      for (const method of methods) registered.push(`${method} ${options.url}`);
    },
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
  const product = await inject(ctx, {
    method: 'POST',
    url: '/api/admin/produtos',
    cookie: cookies.admin,
    payload: {
      name: 'Outdoor W3 Sul',
      type: 'outdoor',
      address: 'SCRS 502',
      city: 'Brasília',
      state: 'DF',
      latitude: -15.8,
      longitude: -47.9,
      daily_price: 8_000,
      weekly_audience: 10_000,
      towers: [{ name: 'Face A', screens: 1, weekly_audience: 10_000, slots: 50 }],
    },
  });
  expect(product.statusCode, product.body).toBe(201);
  face = product.json().towers[0].id;
});
afterAll(async () => {
  await ctx.close();
});

/** Every staff endpoint of the table (packages/shared/src/endpoints/admin.ts), by domain and name. */
const adminEntries: Array<[name: string, entry: Endpoint]> = Object.entries(endpoints.admin).flatMap(
  ([domain, group]) => Object.entries(group).map(([name, e]): [string, Endpoint] => [`${domain}.${name}`, e]),
);
const keyOf = (e: Endpoint) => `${e.method} ${e.path}`;

/** A query the endpoint accepts, for the reads that cannot go without one (`{face}`: that face). */
const sampleQueries: Record<string, string> = {
  'GET /api/admin/inventario/celula': `torre={face}&de=${todayInBrasilia()}&ate=${addDays(todayInBrasilia(), 7)}`,
  'GET /api/admin/relatorios/csv': 'tabela=periodo',
  'GET /api/admin/notificacoes/destinatarios': 'q=urbana',
  'GET /api/admin/notificacoes/alcance': 'segment=todos',
};

/** docs/spec/product.md §1, from each entry's section: what every role gets. */
const expectedBy = (e: Endpoint): Record<string, number> => {
  const adminOnly = adminSections[e.section!] === 'admin';
  return {
    visitante: 401,
    cliente: 403,
    admin_fora_da_lista: 403,
    operador: adminOnly ? 403 : 200,
    admin: 200,
  };
};

/** Every read of the table without path parameters: the guard its section names, for every role. */
const tableMatrix: Array<[url: string, expected: Record<string, number>]> = adminEntries
  .map(([, e]) => e)
  .filter((e) => e.method === 'GET' && !e.path.includes(':'))
  .map((e) => {
    const sample = sampleQueries[keyOf(e)];
    return [sample ? `${e.path}?${sample}` : e.path, expectedBy(e)];
  });

describe('a tabela de endpoints e as rotas de /api/admin', () => {
  it('toda rota registrada em /api/admin está na tabela com o mesmo método e caminho, e vice-versa', () => {
    // HEAD is Fastify's automatic twin of each GET.
    const routes = registered.filter((r) => !r.startsWith('HEAD ')).sort();
    expect(routes.length).toBeGreaterThan(60);
    expect(new Set(routes).size).toBe(routes.length);
    expect(routes).toEqual(adminEntries.map(([, e]) => keyOf(e)).sort());
  });

  it('toda entrada da tabela nomeia a sua seção, e todo GET sem parâmetros tem uma consulta aceita', () => {
    expect(adminEntries.filter(([, e]) => !e.section).map(([name]) => name)).toEqual([]);
    const refused = adminEntries
      .filter(([, e]) => e.method === 'GET' && !e.path.includes(':') && !sampleQueries[keyOf(e)])
      .filter(([, e]) => e.query && !e.query.safeParse({}).success)
      .map(([name]) => name);
    expect(refused).toEqual([]);
  });
});

// docs/spec/product.md §1: 401 without a session, 403 for a role that may not use the section.
// The explicit cases below name what the table derives, so a section moved by mistake shows here too.
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
  for (const [url, expected] of [...tableMatrix, ...matrix]) {
    for (const [role, status] of Object.entries(expected)) {
      it(`${url} como ${role} → ${status}`, async () => {
        const res = await inject(ctx, {
          method: 'GET',
          url: url.replace('{face}', face),
          cookie: cookies[role],
        });
        expect(res.statusCode, res.body).toBe(status);
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
