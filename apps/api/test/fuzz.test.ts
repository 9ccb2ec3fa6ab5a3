import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { accountMessages, httpMessages, signInErrors } from '@urbana/shared';
import { DbDigest, SESSION_TOUCH } from './fuzz/db-digest.ts';
import { ENGLISH, formatViolation, type FuzzResult, type IdentityName } from './fuzz/engine.ts';
import { createFuzzWorld, type FuzzWorld } from './fuzz/world.ts';
import { testDriver } from './helpers.ts';

/**
 * Property-based fuzzing of every /api route (apps/api/test/fuzz/engine.ts): valid-shaped and hostile
 * requests from the routes' own zod schemas, each sent anonymously, as a cliente and as an admin.
 * `npm run fuzz` runs the same engine with more requests and a new seed each time.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? (testDriver === 'pg' ? 1500 : 3000));

let world: FuzzWorld;
let result: FuzzResult | undefined;

beforeAll(async () => {
  world = await createFuzzWorld();
}, 240_000);
afterAll(async () => {
  await world?.close();
});

const okCount = (route: string, identity: IdentityName) =>
  Object.entries(result?.perRoute.get(route)?.byIdentity[identity] ?? {})
    .filter(([status]) => Number(status) < 300)
    .reduce((sum, [, n]) => sum + n, 0);

describe('fuzz da API', () => {
  it('conhece todas as rotas /api, com os schemas de cada uma', () => {
    const keys = new Set(world.engine.routes.map((r) => r.key));
    const documented = world.ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const expected = Object.entries(documented.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`),
    );
    expect(expected.length).toBeGreaterThan(30);
    for (const key of expected) expect(keys, key).toContain(key);
    // Routes the documentation hides are listed too.
    expect(keys).toContain('GET /api/docs/json');
    const byKey = new Map(world.engine.routes.map((r) => [r.key, r]));
    expect(byKey.get('POST /api/orders')?.body).toBeDefined();
    expect(byKey.get('POST /api/orders')?.headers).toBeDefined();
    expect(byKey.get('GET /api/search')?.querystring).toBeDefined();
    expect(byKey.get('GET /api/orders/:id')?.params).toBeDefined();
  });

  it(`${REQUESTS} requisições: nenhuma 5xx, todo 4xx é { message } em português e não altera o banco`, async () => {
    result = await world.engine.run({ seed: SEED, requests: REQUESTS });
    const report = result.violations.slice(0, 12).map(formatViolation).join('\n\n');
    expect(result.violations, `seed ${SEED}: ${result.violations.length} violações\n\n${report}`).toEqual([]);
    expect(result.requests).toBeGreaterThanOrEqual(REQUESTS);
    for (const [route, stats] of result.perRoute) expect(stats.requests, route).toBeGreaterThanOrEqual(6);
  }, 900_000);

  it('passou das guardas: o cliente e o admin chegaram às rotas protegidas, o anônimo não', () => {
    expect(result, 'o fuzz precisa ter rodado').toBeDefined();
    for (const route of [
      'GET /api/cart',
      'GET /api/orders',
      'GET /api/orders/:id',
      'GET /api/billing-profile',
    ]) {
      expect(okCount(route, 'cliente'), route).toBeGreaterThan(0);
      expect(okCount(route, 'anonimo'), route).toBe(0);
    }
    for (const route of ['GET /api/admin/usuarios', 'GET /api/admin/resumo']) {
      expect(okCount(route, 'admin'), route).toBeGreaterThan(0);
      expect(okCount(route, 'cliente'), route).toBe(0);
      expect(okCount(route, 'anonimo'), route).toBe(0);
    }
  });
});

describe('as verificações do fuzz', () => {
  it('reconhece as mensagens em inglês do Fastify e do zod, e aceita as do app', () => {
    expect(ENGLISH.test("'/api/x/%' is not a valid url component")).toBe(true);
    expect(ENGLISH.test('body/email Invalid input: expected string, received number')).toBe(true);
    expect(ENGLISH.test('Route GET:/api/x not found')).toBe(true);
    expect(ENGLISH.test('Unsupported Media Type: text/plain')).toBe(true);
    for (const message of [
      ...Object.values(httpMessages),
      ...Object.values(accountMessages),
      ...Object.values(signInErrors),
      'Entrada inválida: esperado string, recebido number',
      'Grande demais: esperava que o número inteiro fosse <= 9007199254740991',
    ]) {
      expect(ENGLISH.test(message), message).toBe(false);
    }
  });

  it('o digest muda com qualquer escrita, menos as que uma recusa pode fazer', async () => {
    const { db } = world.ctx.database;
    const digest = new DbDigest(db);
    const before = await digest.digest();
    const xmax = await digest.xmax();
    // A read takes no transaction id, so it never moves xmax by itself. (xmax is the whole server's:
    // on the PostgreSQL server another test's database may move it meanwhile, which only costs the
    // fuzz a digest.)
    const read = await db.execute<{ xid: string | null }>(
      sql`select count(*), pg_current_xact_id_if_assigned()::text as xid from profiles`,
    );
    expect(read.rows[0]!.xid).toBeNull();

    await db.execute(
      sql`insert into audit_log (action, entity, entity_id) values ('login.falha', 'profile', 'x@exemplo.com')`,
    );
    expect(await digest.xmax()).not.toBe(xmax);
    expect(DbDigest.changed(before, await digest.digest())).toEqual([]);

    await db.execute(sql`update sessions set last_seen_at = last_seen_at + interval '1 minute'`);
    expect(DbDigest.changed(before, await digest.digest())).toEqual([SESSION_TOUCH]);

    await db.execute(sql`update profiles set telefone = '61999990000' where tipo_usuario = 'admin'`);
    await db.execute(sql`insert into audit_log (action, entity) values ('conta.cadastro', 'profile')`);
    await db.execute(sql`update coupons set uses = uses + 1`);
    expect(DbDigest.changed(before, await digest.digest())).toEqual([
      'audit_log',
      'coupons',
      'profiles',
      SESSION_TOUCH,
    ]);
  });
});
