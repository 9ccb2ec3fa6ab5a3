import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/**
 * Issue #17 item 2, what the confirmations need from the API: the number of recipients before a
 * broadcast, and whether a logged e-mail's single-use link was already used before it is resent
 * (resent copies are marked in the log).
 */
let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ ADMIN_EMAILS: 'chefe-conf@urbana.com.br' }) });
  const a = await createUser(ctx, { tipo: 'admin', email: 'chefe-conf@urbana.com.br' });
  admin = await signIn(ctx, a.email, a.password);
});
afterAll(() => ctx.close());

describe('alcance de uma notificação', () => {
  it('conta os usuários ativos do público, sem enviar nada', async () => {
    const c1 = await createUser(ctx);
    await createUser(ctx);
    const count = (query: string) =>
      inject(ctx, { method: 'GET', url: `/api/admin/notificacoes/alcance?${query}`, cookie: admin });
    expect((await count('segment=cliente')).json()).toEqual({ recipients: 2 });
    expect((await count('segment=todos')).json()).toEqual({ recipients: 3 });
    expect((await count(`segment=usuario&user_id=${c1.user.id}`)).json()).toEqual({ recipients: 1 });
    const bad = await count('segment=ninguem');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Escolha para quem enviar.');
    const history = await inject(ctx, { method: 'GET', url: '/api/admin/notificacoes', cookie: admin });
    expect(history.json().total).toBe(0);
  });
});

describe('reenvio de um email com link de uso único', () => {
  it('diz se o link já foi usado, e a cópia reenviada fica marcada', async () => {
    const email = `conf-${Date.now()}@exemplo.com.br`;
    const signUp = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email, password: 'Pa1neis-de-LED', nome_completo: 'Clara Reenvio', telefone: '' },
    });
    expect(signUp.statusCode, signUp.body).toBeLessThan(300);
    const mail = (await lastEmailTo(ctx, email))!;
    const detail = () =>
      inject(ctx, { method: 'GET', url: `/api/admin/email-logs/${mail.id}`, cookie: admin }).then((r) =>
        r.json(),
      );
    expect((await detail()).single_use_link).toMatchObject({ state: 'valido' });
    const token = linkToken(mail.body_text, '/auth/confirmar-email');
    const confirmed = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/confirm-email',
      payload: { token },
    });
    expect(confirmed.statusCode, confirmed.body).toBeLessThan(300);
    expect((await detail()).single_use_link).toMatchObject({ state: 'usado' });

    const resent = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/email-logs/${mail.id}/reenviar`,
      cookie: admin,
    });
    expect(resent.statusCode, resent.body).toBe(201);
    expect(resent.json()).toMatchObject({ resent_from_id: mail.id });
    const list = await inject(ctx, {
      method: 'GET',
      url: `/api/admin/email-logs?q=${encodeURIComponent(email)}`,
      cookie: admin,
    });
    const rows = list.json().items as Array<{ id: string; resent_from_id: string | null }>;
    expect(rows.find((r) => r.id === mail.id)?.resent_from_id).toBeNull();
    expect(rows.find((r) => r.id !== mail.id)?.resent_from_id).toBe(mail.id);
  });
});
