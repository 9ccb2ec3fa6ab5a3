import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/db/client.ts';
import { profiles, sessions } from '../src/db/schema/index.ts';
import { hashToken } from '../src/lib/tokens.ts';
import {
  createTestApp,
  createTestDatabase,
  createUser,
  inject,
  signIn,
  testDriver,
  type TestContext,
} from './helpers.ts';

/**
 * Sessions are checked from a short-lived cache (docs/decisions/039). These tests show that the cache
 * answers, and that whatever ends a session or changes its user is refused or seen at once — on the
 * instance that made the change and, through the database's NOTIFY, on another instance of the same
 * database (two apps on one PGlite, or two pools on one PostgreSQL server).
 */
let owned: Awaited<ReturnType<typeof createTestDatabase>>;
let second: Database | undefined;
let a: TestContext;
let b: TestContext;
let admin: { cookie: string };

const session = (ctx: TestContext, cookie: string) =>
  inject(ctx, { method: 'GET', url: '/api/auth/session', cookie }).then((r) =>
    r.json<{ user: { tipo_usuario: string; nome_completo: string } | null }>(),
  );

/** The other instance hears the change through NOTIFY: a few milliseconds, never a cache lifetime. */
async function seenWithin(check: () => Promise<boolean>, ms = 1000) {
  const started = Date.now();
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error('ainda não');
    },
    { timeout: ms, interval: 5 },
  );
  return Date.now() - started;
}

async function customer(ctx: TestContext) {
  const u = await createUser(ctx, { nome: 'Cliente do Cache' });
  return { ...u, cookie: await signIn(ctx, u.email, u.password) };
}

beforeAll(async () => {
  owned = await createTestDatabase();
  // A lifetime far longer than any test: whatever is refused below is refused by invalidation.
  const env = { SESSION_CACHE_SECONDS: '60', ADMIN_EMAILS: 'admin@urbana.com.br' };
  a = await createTestApp({ database: owned, env });
  if (testDriver === 'pg') {
    second = await openDatabase({ url: owned.url!, poolMax: 5 });
    b = await createTestApp({ database: second, env });
  } else {
    b = await createTestApp({ database: owned, env });
  }
  const staff = await createUser(a, { tipo: 'admin', email: 'admin@urbana.com.br' });
  admin = { cookie: await signIn(a, staff.email, staff.password) };
});

afterAll(async () => {
  await b.close();
  await second?.close();
  await a.close();
  await owned.drop();
});

describe('sessões em cache', () => {
  it('uma sessão conferida é servida da memória (a sessão marcada como ociosa no banco ainda vale)', async () => {
    const ana = await customer(a);
    expect((await session(a, ana.cookie)).user).not.toBeNull();
    expect(a.app.deps.sessionCache.size).toBeGreaterThan(0);
    // Changed behind the cache's back (no trigger on a session's last use): the cached check answers.
    await a.database.db
      .update(sessions)
      .set({ last_seen_at: new Date(Date.now() - 400 * 24 * 3600_000) })
      .where(eq(sessions.user_id, ana.user.id));
    expect((await session(a, ana.cookie)).user).not.toBeNull();
  });

  it('bloqueio numa instância: recusado na hora nela e, pelo NOTIFY, na outra', async () => {
    const bia = await customer(a);
    expect((await session(a, bia.cookie)).user).not.toBeNull();
    expect((await session(b, bia.cookie)).user).not.toBeNull();
    const res = await inject(a, {
      method: 'POST',
      url: `/api/admin/usuarios/${bia.user.id}/bloquear`,
      cookie: admin.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await inject(a, { method: 'GET', url: '/api/orders', cookie: bia.cookie })).statusCode).toBe(401);
    const ms = await seenWithin(async () => (await session(b, bia.cookie)).user === null);
    expect(ms).toBeLessThan(1000);
    expect((await inject(b, { method: 'GET', url: '/api/orders', cookie: bia.cookie })).statusCode).toBe(401);
  });

  it('mudança de papel: a outra instância vê o papel novo na hora', async () => {
    const caio = await customer(a);
    expect((await session(b, caio.cookie)).user?.tipo_usuario).toBe('cliente');
    expect(
      (await inject(b, { method: 'GET', url: '/api/admin/resumo', cookie: caio.cookie })).statusCode,
    ).toBe(403);
    const res = await inject(a, {
      method: 'PUT',
      url: `/api/admin/usuarios/${caio.user.id}/papel`,
      cookie: admin.cookie,
      payload: { tipo_usuario: 'operador' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await seenWithin(async () => (await session(b, caio.cookie)).user?.tipo_usuario === 'operador');
    expect(
      (await inject(b, { method: 'GET', url: '/api/admin/resumo', cookie: caio.cookie })).statusCode,
    ).toBe(200);
  });

  it('sair numa instância encerra a sessão nela na hora e na outra pelo NOTIFY', async () => {
    const davi = await customer(a);
    expect((await session(a, davi.cookie)).user).not.toBeNull();
    expect((await session(b, davi.cookie)).user).not.toBeNull();
    const out = await inject(b, { method: 'POST', url: '/api/auth/sign-out', cookie: davi.cookie });
    expect(out.statusCode, out.body).toBeLessThan(300);
    expect((await session(b, davi.cookie)).user).toBeNull();
    await seenWithin(async () => (await session(a, davi.cookie)).user === null);
  });

  it('qualquer mudança do perfil no banco (outra instância, um processo) chega a todas', async () => {
    const eva = await customer(a);
    expect((await session(a, eva.cookie)).user?.nome_completo).toBe('Cliente do Cache');
    expect((await session(b, eva.cookie)).user?.nome_completo).toBe('Cliente do Cache');
    await a.database.db
      .update(profiles)
      .set({ nome_completo: 'Eva Renomeada' })
      .where(eq(profiles.id, eva.user.id));
    await seenWithin(async () => (await session(a, eva.cookie)).user?.nome_completo === 'Eva Renomeada');
    await seenWithin(async () => (await session(b, eva.cookie)).user?.nome_completo === 'Eva Renomeada');
    // Sessions ended in the database, by any path (password reset, account deletion): refused.
    await a.database.db.execute(sql`delete from sessions where user_id = ${eva.user.id}`);
    await seenWithin(async () => (await session(a, eva.cookie)).user === null);
    await seenWithin(async () => (await session(b, eva.cookie)).user === null);
  });

  it('a equipe libera os limites de pedido numa instância: a sessão em cache da outra passa a trazê-lo', async () => {
    const lia = await customer(a);
    const hash = hashToken(lia.cookie.split('=')[1]!);
    expect((await session(b, lia.cookie)).user).not.toBeNull();
    expect(b.app.deps.sessionCache.get(hash)?.orderLimitsLifted).toBe(false);
    const lifted = await inject(a, {
      method: 'PUT',
      url: `/api/admin/usuarios/${lia.user.id}/limites-pedido`,
      cookie: admin.cookie,
      headers: { origin: 'http://localhost:3000' },
      payload: { liberado: true },
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    await seenWithin(async () => {
      await session(b, lia.cookie);
      return b.app.deps.sessionCache.get(hash)?.orderLimitsLifted === true;
    });
  });
});
