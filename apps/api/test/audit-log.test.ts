import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { auditActions, earliestBookableStart, staffAuditActions, todayInBrasilia } from '@urbana/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, profiles } from '../src/db/schema/index.ts';
import { updateAccount } from '../src/services/account/settings.ts';
import { createTestApp, createUser, inject, signIn, testConfig, type TestContext } from './helpers.ts';
import { insertProduct } from './security/world.ts';

/**
 * Issue #17 item 7 (docs/decisions/028-readable-audit-log.md): every action has a sentence, every
 * staff action records the IP, an update stores only what changed and an update that changes
 * nothing writes nothing, and "Ações da equipe" holds only staff actions.
 */
const apiSrc = join(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Each `audit(…)`/`auditUpdate(…)` call in the API: its file, its text and the action codes it writes. */
function auditCalls() {
  const calls: Array<{ file: string; text: string; codes: string[] }> = [];
  for (const file of sourceFiles(apiSrc)) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/\baudit(?:Update)?\((?:tx|db|deps\.db|executor), \{[\s\S]*?\}\);/g)) {
      const codes = [...m[0].matchAll(/action:[^\n]*/g)].flatMap((a) =>
        [...a[0].matchAll(/'([a-z_]+\.[a-z_]+)'/g)].map((c) => c[1]!),
      );
      calls.push({ file: file.slice(apiSrc.length + 1), text: m[0], codes });
    }
  }
  return calls;
}

let ctx: TestContext;
let admin: string;
const STAFF_IP = '203.0.113.7';

beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ ADMIN_EMAILS: 'chefe-audit@urbana.com.br' }) });
  const a = await createUser(ctx, {
    tipo: 'admin',
    email: 'chefe-audit@urbana.com.br',
    nome: 'Chefe Auditoria',
  });
  admin = await signIn(ctx, a.email, a.password);
});
afterAll(() => ctx.close());

const staffCall = (method: 'POST' | 'PUT', url: string, payload?: object) =>
  inject(ctx, { method, url, cookie: admin, payload, remoteAddress: STAFF_IP });

const entries = (action: string, entityId: string) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entity_id, entityId)))
    .orderBy(auditLog.created_at);

describe('cada ação gravada tem frase, e as da equipe gravam o IP', () => {
  it('cada código escrito pela API está no mapa de frases', () => {
    const calls = auditCalls();
    const codes = [...new Set(calls.flatMap((c) => c.codes))];
    expect(codes.length).toBeGreaterThan(30);
    expect(codes.filter((code) => !(code in auditActions))).toEqual([]);
  });

  it('toda chamada que grava uma ação da equipe passa o IP', () => {
    const staffCalls = auditCalls().filter((c) =>
      c.codes.some((code) => (staffAuditActions as readonly string[]).includes(code)),
    );
    expect(staffCalls.length).toBeGreaterThan(20);
    expect(
      staffCalls.filter((c) => !/\bip\b/.test(c.text)).map((c) => `${c.file}: ${c.codes.join(', ')}`),
    ).toEqual([]);
  });

  it('as rotas da equipe gravam o IP de quem fez', async () => {
    const target = await createUser(ctx);
    const coupon = await staffCall('POST', '/api/admin/cupons', {
      code: 'IPTESTE',
      kind: 'valor',
      value: 500,
    });
    expect(coupon.statusCode, coupon.body).toBe(201);
    const edit = await staffCall('PUT', `/api/admin/cupons/${coupon.json().id}`, {
      code: 'IPTESTE',
      kind: 'valor',
      value: 700,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(
      (await staffCall('PUT', `/api/admin/usuarios/${target.user.id}/papel`, { tipo_usuario: 'operador' }))
        .statusCode,
    ).toBe(200);
    expect((await staffCall('POST', `/api/admin/usuarios/${target.user.id}/bloquear`)).statusCode).toBe(200);
    const written = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        inArray(auditLog.action, [
          'cupom.criado',
          'cupom.editado',
          'usuario.papel_alterado',
          'usuario.bloqueado',
        ]),
      );
    expect(written.length).toBe(4);
    for (const row of written) expect(row.ip, row.action).toBe(STAFF_IP);
    const missing = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(inArray(auditLog.action, [...staffAuditActions]), isNull(auditLog.ip)));
    expect(missing).toEqual([]);
  });
});

describe('alterações: antes → depois, e nada quando nada muda', () => {
  it('grava só os campos alterados e não grava edição sem mudança', async () => {
    const created = await staffCall('POST', '/api/admin/cupons', {
      code: 'SEMMUDA',
      kind: 'percentual',
      value: 10,
    });
    const id = created.json().id as string;
    const same = { code: 'SEMMUDA', kind: 'percentual', value: 10 };
    expect((await staffCall('PUT', `/api/admin/cupons/${id}`, same)).statusCode).toBe(200);
    expect(await entries('cupom.editado', id)).toHaveLength(0);

    expect((await staffCall('PUT', `/api/admin/cupons/${id}`, { ...same, value: 15 })).statusCode).toBe(200);
    const [edit] = await entries('cupom.editado', id);
    expect(edit).toMatchObject({ before: { value: 10 }, after: { value: 15 } });
    expect(Object.keys(edit!.before as object)).toEqual(['value']);
    expect(Object.keys(edit!.after as object)).toEqual(['value']);
    expect((await staffCall('PUT', `/api/admin/cupons/${id}`, { ...same, value: 15 })).statusCode).toBe(200);
    expect(await entries('cupom.editado', id)).toHaveLength(1);
  });

  it('a alteração e a sua entrada são uma transação: se a entrada falha, nada muda (issue #39 item 9)', async () => {
    const u = await createUser(ctx, { nome: 'Nome Antigo' });
    // Past the edge (which makes text valid Unicode), a lone surrogate reaches the database: the text
    // column would take it, the audit entry's jsonb refuses it. That failure must undo the update.
    await expect(
      updateAccount(
        ctx.database.db,
        u.user,
        { nome_completo: 'Novo \ud800', empresa: null, telefone: null },
        STAFF_IP,
      ),
    ).rejects.toThrow();
    const [row] = await ctx.database.db.select().from(profiles).where(eq(profiles.id, u.user.id));
    expect(row!.nome_completo).toBe('Nome Antigo');
    expect(await entries('conta.dados_alterados', u.user.id)).toHaveLength(0);
  });

  it('bloquear quem já está bloqueado não grava uma segunda entrada', async () => {
    const target = await createUser(ctx);
    expect((await staffCall('POST', `/api/admin/usuarios/${target.user.id}/bloquear`)).statusCode).toBe(200);
    expect((await staffCall('POST', `/api/admin/usuarios/${target.user.id}/bloquear`)).statusCode).toBe(200);
    expect(await entries('usuario.bloqueado', target.user.id)).toHaveLength(1);
  });
});

describe('a lista da auditoria', () => {
  it('"Ações da equipe" não traz eventos de clientes; cada entrada diz quem e sobre o quê', async () => {
    const cliente = await createUser(ctx, { nome: 'Cliente Comum' });
    await signIn(ctx, cliente.email, cliente.password);
    await staffCall('POST', '/api/admin/cupons', { code: 'LISTA1', kind: 'valor', value: 100 });
    const all = await inject(ctx, { method: 'GET', url: '/api/admin/logs?page_size=100', cookie: admin });
    expect(all.json().items.some((r: { action: string }) => r.action === 'login.sucesso')).toBe(true);

    const staff = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/logs?kind=equipe&page_size=100',
      cookie: admin,
    });
    expect(staff.statusCode, staff.body).toBe(200);
    const items = staff.json().items as Array<{
      action: string;
      actor_email: string | null;
      actor_href: string | null;
      target: { label: string; href: string | null } | null;
    }>;
    expect(items.length).toBeGreaterThan(0);
    expect(items.filter((r) => !(staffAuditActions as readonly string[]).includes(r.action))).toEqual([]);
    const coupon = items.find((r) => r.action === 'cupom.criado' && r.target?.label === 'cupom LISTA1');
    expect(coupon).toMatchObject({
      actor_email: 'chefe-audit@urbana.com.br',
      actor_href: '/admin/usuarios?q=chefe-audit%40urbana.com.br',
      target: { label: 'cupom LISTA1', href: '/admin/cupons?q=LISTA1' },
    });
    const role = items.find((r) => r.action === 'usuario.papel_alterado');
    expect(role?.target).toMatchObject({ href: expect.stringMatching(/^\/admin\/usuarios\?q=user-/) });
  });

  it('um bloqueio de semanas e um convite dizem sobre o quê: as faces e o e-mail convidado', async () => {
    const p = await insertProduct(ctx.database, 'Painel Auditado', 10_000, 2);
    const start = earliestBookableStart(todayInBrasilia(), 2);
    const block = await staffCall('POST', '/api/admin/inventario/bloqueios', {
      tower_ids: [p.towerId],
      start_date: start,
      weeks: 1,
      reason: 'Manutenção',
    });
    expect(block.statusCode, block.body).toBe(201);
    const invited = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/convites',
      cookie: admin,
      headers: { origin: 'http://localhost:3000' },
      payload: { email: 'nova.operadora@urbana.com.br', role: 'operador' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const res = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/logs?kind=equipe&page_size=100',
      cookie: admin,
    });
    const items = res.json().items as Array<{
      action: string;
      target: { label: string; href: string | null } | null;
    }>;
    expect(items.find((r) => r.action === 'inventario.bloqueio_criado')?.target).toEqual({
      label: `bloqueio de Painel Auditado (Face A) a partir de ${start.split('-').reverse().join('/')}`,
      href: `/admin/inventario?produto=${p.id}&de=${start}`,
    });
    expect(items.find((r) => r.action === 'convite.enviado')?.target).toEqual({
      label: 'convite para nova.operadora@urbana.com.br',
      href: '/admin/equipe',
    });
  });
});
