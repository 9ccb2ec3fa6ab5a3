import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditActions } from '@urbana/shared';
import { auditLog, profiles } from '../src/db/schema/index.ts';
import {
  createTestApp,
  createUser,
  inject,
  lastEmailTo,
  linkToken,
  signIn,
  testConfig,
  type TestContext,
} from './helpers.ts';

let ctx: TestContext;
let admin: string;
let adminId: string;
let operador: string;
const ORIGIN = { origin: 'http://localhost:3000' };

beforeAll(async () => {
  ctx = await createTestApp({
    config: testConfig({ ADMIN_EMAILS: 'chefe@urbana.com.br,segunda@urbana.com.br' }),
  });
  const a = await createUser(ctx, { tipo: 'admin', email: 'chefe@urbana.com.br', nome: 'Chefe' });
  adminId = a.user.id;
  admin = await signIn(ctx, a.email, a.password);
  const o = await createUser(ctx, { tipo: 'operador' });
  operador = await signIn(ctx, o.email, o.password);
});
afterAll(async () => {
  await ctx.close();
});

const invite = (cookie: string, payload: object) =>
  inject(ctx, { method: 'POST', url: '/api/admin/convites', cookie, headers: ORIGIN, payload });
const accept = (token: string, password = 'Senha-da-equipe-1') =>
  inject(ctx, {
    method: 'POST',
    url: '/api/invitations/accept',
    headers: ORIGIN,
    payload: { token, nome_completo: 'Olga Operadora', password },
  });

describe('convites para a equipe', () => {
  it('só admin convida; admin só para a lista de administradores', async () => {
    expect((await invite(operador, { email: 'x@exemplo.com.br', role: 'operador' })).statusCode).toBe(403);
    const notListed = await invite(admin, { email: 'fora@exemplo.com.br', role: 'admin' });
    expect(notListed.statusCode).toBe(400);
    expect(notListed.json().message).toBe(
      'Só os emails da lista de administradores podem ser convidados como admin.',
    );
    const customer = await createUser(ctx);
    expect((await invite(admin, { email: customer.email, role: 'operador' })).statusCode).toBe(409);
  });

  it('convidar de novo o mesmo email substitui o convite pendente e diz isso a quem convidou', async () => {
    const first = await invite(admin, { email: 'repete@exemplo.com.br', role: 'operador' });
    expect(first.statusCode).toBe(201);
    expect(first.json().replaced).toBe(false);
    const firstToken = linkToken(
      (await lastEmailTo(ctx, 'repete@exemplo.com.br'))!.body_text,
      '/auth/convite',
    );
    const again = await invite(admin, { email: 'repete@exemplo.com.br', role: 'operador' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ replaced: true, status: 'pendente' });
    const list = (await inject(ctx, { method: 'GET', url: '/api/admin/convites', cookie: admin })).json();
    const statuses = list.items
      .filter((i: { email: string }) => i.email === 'repete@exemplo.com.br')
      .map((i: { status: string }) => i.status);
    expect(statuses).toEqual(['pendente', 'revogado']);
    // The first e-mail's link no longer works.
    expect((await accept(firstToken)).statusCode).toBe(400);
  });

  it('o link define a senha, cria a conta com o papel, e serve uma vez só', async () => {
    const res = await invite(admin, {
      email: 'Olga@Exemplo.com.br',
      nome_completo: 'Olga',
      role: 'operador',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      email: 'olga@exemplo.com.br',
      role: 'operador',
      status: 'pendente',
      invited_by: 'Chefe',
    });
    const token = linkToken((await lastEmailTo(ctx, 'olga@exemplo.com.br'))!.body_text, '/auth/convite');
    const preview = await inject(ctx, {
      method: 'POST',
      url: '/api/invitations/preview',
      headers: ORIGIN,
      payload: { token },
    });
    expect(preview.json()).toEqual({ email: 'olga@exemplo.com.br', nome_completo: 'Olga', role: 'operador' });
    const ok = await accept(token);
    expect(ok.statusCode, ok.body).toBe(201);
    const [row] = await ctx.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.email, 'olga@exemplo.com.br'));
    expect(row).toMatchObject({ tipo_usuario: 'operador', nome_completo: 'Olga Operadora' });
    expect(row!.email_confirmed_at).not.toBeNull();
    await signIn(ctx, 'olga@exemplo.com.br', 'Senha-da-equipe-1');
    const twice = await accept(token, 'Outra-senha-22');
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(
      'Este convite é inválido, expirou ou já foi usado. Peça um novo convite à equipe.',
    );
    const list = await inject(ctx, { method: 'GET', url: '/api/admin/convites', cookie: admin });
    expect(list.json().items.find((i: { email: string }) => i.email === 'olga@exemplo.com.br').status).toBe(
      'aceito',
    );
  });

  it('convite vencido ou revogado não serve', async () => {
    await invite(admin, { email: 'vence@exemplo.com.br', role: 'operador' });
    const expired = linkToken((await lastEmailTo(ctx, 'vence@exemplo.com.br'))!.body_text, '/auth/convite');
    await ctx.database.db.execute(
      sql`update staff_invitations set expires_at = now() - interval '1 second' where email = 'vence@exemplo.com.br'`,
    );
    expect((await accept(expired)).statusCode).toBe(400);
    const created = await invite(admin, { email: 'segunda@urbana.com.br', role: 'admin' });
    expect(created.statusCode).toBe(201);
    const revokedToken = linkToken(
      (await lastEmailTo(ctx, 'segunda@urbana.com.br'))!.body_text,
      '/auth/convite',
    );
    const revoke = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/convites/${created.json().id}/revogar`,
      cookie: admin,
      headers: ORIGIN,
    });
    expect(revoke.statusCode).toBe(200);
    expect((await accept(revokedToken)).statusCode).toBe(400);
    expect(
      await ctx.database.db.select().from(profiles).where(eq(profiles.email, 'segunda@urbana.com.br')),
    ).toHaveLength(0);
  });

  it('cada ação da equipe fica no log de auditoria, com código conhecido', async () => {
    const rows = await ctx.database.db.select().from(auditLog).where(eq(auditLog.actor_id, adminId));
    const actions = rows.map((r) => r.action);
    expect(actions).toContain('convite.enviado');
    expect(actions).toContain('convite.revogado');
    for (const a of actions) expect(Object.keys(auditActions)).toContain(a);
  });
});

describe('quem usa o painel agora (issue #40 item 8)', () => {
  it('a equipe atual com papel, verificação em duas etapas e último acesso; clientes, excluídos e convites fora', async () => {
    const listed = await createUser(ctx, {
      tipo: 'admin',
      email: 'segunda@urbana.com.br',
      nome: 'Segunda Admin',
    });
    await ctx.database.db
      .update(profiles)
      .set({ totp_enabled_at: new Date('2026-11-20T12:00:00Z') })
      .where(eq(profiles.id, listed.user.id));
    const outside = await createUser(ctx, {
      tipo: 'admin',
      email: 'antiga@urbana.com.br',
      nome: 'Antiga Admin',
    });
    const blocked = await createUser(ctx, { tipo: 'operador', nome: 'Otto Bloqueado' });
    await ctx.database.db
      .update(profiles)
      .set({ blocked_at: new Date() })
      .where(eq(profiles.id, blocked.user.id));
    const gone = await createUser(ctx, { tipo: 'operador', nome: 'Ex Operador' });
    await ctx.database.db
      .update(profiles)
      .set({ deleted_at: new Date() })
      .where(eq(profiles.id, gone.user.id));
    const customer = await createUser(ctx, { nome: 'Cliente Comum' });

    expect(
      (await inject(ctx, { method: 'GET', url: '/api/admin/equipe', cookie: operador })).statusCode,
    ).toBe(403);
    const res = await inject(ctx, { method: 'GET', url: '/api/admin/equipe', cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as Array<Record<string, unknown>>;
    const byId = new Map(items.map((m) => [m.id, m]));
    expect(byId.get(adminId)).toMatchObject({
      email: 'chefe@urbana.com.br',
      role: 'admin',
      status: 'ativo',
      two_factor: false,
    });
    // The admin signed in (beforeAll): the last sign-in is set.
    expect(byId.get(adminId)!.last_sign_in_at).toEqual(expect.any(String));
    expect(byId.get(listed.user.id)).toMatchObject({
      role: 'admin',
      status: 'ativo',
      two_factor: true,
      last_sign_in_at: null,
    });
    // An admin off ADMIN_EMAILS cannot open the panel, whatever the account says.
    expect(byId.get(outside.user.id)).toMatchObject({ role: 'admin', status: 'fora_da_lista' });
    expect(byId.get(blocked.user.id)).toMatchObject({ role: 'operador', status: 'bloqueado' });
    expect(byId.has(gone.user.id)).toBe(false);
    expect(byId.has(customer.user.id)).toBe(false);
    expect(items.every((m) => m.role === 'admin' || m.role === 'operador')).toBe(true);
  });
});
