import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  accountMessages,
  signInErrors,
  signUpErrors,
  notAllowListedMessage,
  staffOnlyMessage,
  validationMessages,
} from '@urbana/shared';
import { authTokens, profiles, sessions } from '../src/db/schema/index.ts';
import {
  cookieFrom,
  createTestApp,
  createUser,
  inject,
  lastEmailTo,
  linkToken,
  signIn,
  type TestContext,
} from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const signUpBody = (over: Record<string, unknown> = {}) => ({
  email: `novo-${Math.random().toString(36).slice(2)}@exemplo.com.br`,
  password: 'Pa1neis-de-LED',
  nome_completo: 'Maria da Silva',
  telefone: '61 99999-0000',
  ...over,
});

async function signUp(body: Record<string, unknown>) {
  return inject(ctx, { method: 'POST', url: '/api/auth/sign-up', payload: body });
}

async function confirmFromOutbox(email: string) {
  const mail = await lastEmailTo(ctx, email);
  const token = linkToken(mail!.body_text, '/auth/confirmar-email');
  return inject(ctx, { method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
}

describe('cadastro', () => {
  it('cria sempre um cliente, com email normalizado, nome aparado e telefone nulo quando vazio', async () => {
    const res = await signUp(
      signUpBody({
        email: '  Ana.Souza@Exemplo.COM.br ',
        nome_completo: '  Ana Souza  ',
        telefone: '   ',
        tipo_usuario: 'admin',
      }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.email_confirmed).toBe(false);
    expect(body.user).toMatchObject({
      email: 'ana.souza@exemplo.com.br',
      nome_completo: 'Ana Souza',
      telefone: null,
      tipo_usuario: 'cliente',
      is_admin: false,
    });
    const row = await ctx.database.db.query.profiles.findFirst({
      where: eq(profiles.email, 'ana.souza@exemplo.com.br'),
    });
    expect(row?.tipo_usuario).toBe('cliente');
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    const mail = await lastEmailTo(ctx, 'ana.souza@exemplo.com.br');
    expect(mail?.template).toBe('confirmacao_email');
    expect(mail?.body_text).toContain('http://localhost:3000/auth/confirmar-email?token=');
  });

  it.each([
    [{ email: undefined }, validationMessages.emailRequired],
    [{ email: '   ' }, validationMessages.emailRequired],
    [{ email: 'nao-e-email' }, signInErrors.invalidEmail],
    [{ password: undefined }, validationMessages.passwordRequired],
    [{ password: '12345' }, signUpErrors.weakPassword],
    [{ password: 'password123' }, signUpErrors.weakPassword],
    [{ password: 'Senha123' }, signUpErrors.weakPassword],
    [{ nome_completo: '   ' }, validationMessages.fullNameRequired],
    [{ nome_completo: undefined }, validationMessages.fullNameRequired],
  ])('recusa %j com a mensagem do catálogo', async (over, message) => {
    const res = await signUp(signUpBody(over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('recusa um email já cadastrado, mesmo com maiúsculas e espaços', async () => {
    const body = signUpBody();
    expect((await signUp(body)).statusCode).toBe(201);
    const again = await signUp({ ...body, email: ` ${body.email.toUpperCase()} ` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: signUpErrors.alreadyRegistered });
  });

  it('recusa um corpo que não é JSON com mensagem em português', async () => {
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/JSON/);
  });
});

describe('entrada', () => {
  it('não diferencia email desconhecido de senha errada', async () => {
    const { email } = await createUser(ctx);
    const unknown = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'ninguem@exemplo.com.br', password: 'qualquer-coisa' },
    });
    const wrong = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password: 'senha-errada' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: signInErrors.invalidCredentials });
    expect(wrong.body).toBe(unknown.body);
  });

  it('pede confirmação só depois que a senha confere', async () => {
    const body = signUpBody();
    await signUp(body);
    const wrong = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: body.email, password: 'outra-senha' },
    });
    expect(wrong.json()).toEqual({ message: signInErrors.invalidCredentials });
    const right = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: body.email, password: body.password },
    });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ message: signInErrors.emailNotConfirmed });
  });

  it.each([
    [{ email: 'x' }, signInErrors.invalidEmail],
    [{ email: '' }, validationMessages.emailRequired],
    [{ password: '' }, validationMessages.passwordRequired],
  ])('valida %j', async (over, message) => {
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'a@b.com.br', password: 'abcdef', ...over },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('confirmação → entrada → sessão → saída, com link de uso único', async () => {
    const body = signUpBody({ email: 'Fluxo.Completo@Exemplo.com.br' });
    await signUp(body);
    const confirmed = await confirmFromOutbox('fluxo.completo@exemplo.com.br');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: accountMessages.emailConfirmed });
    const reused = await confirmFromOutbox('fluxo.completo@exemplo.com.br');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ message: accountMessages.confirmationLinkInvalid });

    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: ' FLUXO.completo@exemplo.com.br', password: body.password },
    });
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^urbana_sessao=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Secure');
    const cookie = cookieFrom(res)!;

    const session = await inject(ctx, { method: 'GET', url: '/api/auth/session', cookie });
    expect(session.json().user).toMatchObject({
      email: 'fluxo.completo@exemplo.com.br',
      tipo_usuario: 'cliente',
      email_confirmed: true,
    });

    // The token is stored hashed, never as sent.
    const rawToken = cookie.split('=')[1]!;
    const stored = await ctx.database.db.select().from(sessions).where(eq(sessions.token_hash, rawToken));
    expect(stored).toHaveLength(0);

    const out = await inject(ctx, { method: 'POST', url: '/api/auth/sign-out', cookie });
    expect(out.statusCode).toBe(204);
    const after = await inject(ctx, { method: 'GET', url: '/api/auth/session', cookie });
    expect(after.json()).toEqual({ user: null, session: null });
    expect((await inject(ctx, { method: 'GET', url: '/api/profile', cookie })).statusCode).toBe(401);
  });

  it('abre uma sessão nova a cada entrada', async () => {
    const { email, password } = await createUser(ctx);
    const a = await signIn(ctx, email, password);
    const b = await signIn(ctx, email, password);
    expect(a).not.toBe(b);
    for (const cookie of [a, b]) {
      expect((await inject(ctx, { method: 'GET', url: '/api/auth/session', cookie })).json().user.email).toBe(
        email,
      );
    }
  });

  it('um usuário bloqueado não entra e perde a sessão na hora', async () => {
    const { user, email, password } = await createUser(ctx);
    const cookie = await signIn(ctx, email, password);
    await ctx.database.db.update(profiles).set({ blocked_at: new Date() }).where(eq(profiles.id, user.id));
    expect((await inject(ctx, { method: 'GET', url: '/api/auth/session', cookie })).json().user).toBeNull();
    const res = await inject(ctx, { method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: accountMessages.blocked });
  });

  it('/admin/login (staff_only) recusa um cliente sem abrir sessão e aceita a equipe', async () => {
    const { user, email, password } = await createUser(ctx);
    const before = await ctx.database.db.select().from(sessions).where(eq(sessions.user_id, user.id));
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password, staff_only: true },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: staffOnlyMessage });
    expect(cookieFrom(res)).toBeUndefined();
    const after = await ctx.database.db.select().from(sessions).where(eq(sessions.user_id, user.id));
    expect(after.length).toBe(before.length);
    // A wrong password is answered as always: the refusal never tells who is a customer.
    const wrong = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password: 'outra-senha', staff_only: true },
    });
    expect(wrong.statusCode).toBe(401);
    const staff = await createUser(ctx, { tipo: 'operador' });
    const ok = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: staff.email, password: staff.password, staff_only: true },
    });
    expect(ok.statusCode).toBe(200);
    expect(cookieFrom(ok)).toBeDefined();
  });

  it('/admin/login diz a um administrador fora da lista autorizada o que falta, não "Sua conta de cliente…"', async () => {
    const outsider = await createUser(ctx, { tipo: 'admin' });
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: outsider.email, password: outsider.password, staff_only: true },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: notAllowListedMessage });
    expect(cookieFrom(res)).toBeUndefined();
  });

  it('expira por inatividade e pelo prazo absoluto', async () => {
    const { user, email, password } = await createUser(ctx);
    const idle = await signIn(ctx, email, password);
    await ctx.database.db
      .update(sessions)
      .set({ last_seen_at: sql`now() - interval '8 days'` })
      .where(eq(sessions.user_id, user.id));
    expect(
      (await inject(ctx, { method: 'GET', url: '/api/auth/session', cookie: idle })).json().user,
    ).toBeNull();
    const absolute = await signIn(ctx, email, password);
    await ctx.database.db
      .update(sessions)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(sessions.user_id, user.id));
    expect(
      (await inject(ctx, { method: 'GET', url: '/api/auth/session', cookie: absolute })).json().user,
    ).toBeNull();
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.user_id, user.id))).toHaveLength(
      0,
    );
  });
});

describe('confirmação e redefinição de senha', () => {
  it('reenvio de confirmação responde igual para contas existentes ou não', async () => {
    const body = signUpBody();
    await signUp(body);
    const a = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/resend-confirmation',
      payload: { email: body.email },
    });
    const b = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/resend-confirmation',
      payload: { email: 'nao-existe@exemplo.com.br' },
    });
    expect(a.statusCode).toBe(200);
    expect(a.body).toBe(b.body);
    // Only the newest link matters; each works once.
    expect((await confirmFromOutbox(body.email)).statusCode).toBe(200);
  });

  it('redefine a senha com link de uso único e encerra as sessões antigas', async () => {
    const { email, password } = await createUser(ctx);
    const oldSession = await signIn(ctx, email, password);
    const forgot = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
    });
    expect(forgot.json()).toEqual({ message: accountMessages.resetSent });
    const mail = await lastEmailTo(ctx, email);
    expect(mail?.template).toBe('redefinicao_senha');
    const token = linkToken(mail!.body_text, '/auth/redefinir-senha');

    const weak = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: '123456' },
    });
    expect(weak.json()).toEqual({ message: signUpErrors.weakPassword });
    const ok = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Nova-senha-forte-9' },
    });
    expect(ok.statusCode).toBe(200);
    const again = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Outra-senha-forte-9' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: accountMessages.resetLinkInvalid });

    expect(
      (await inject(ctx, { method: 'GET', url: '/api/auth/session', cookie: oldSession })).json().user,
    ).toBeNull();
    const oldPassword = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password },
    });
    expect(oldPassword.statusCode).toBe(401);
    await signIn(ctx, email, 'Nova-senha-forte-9');
  });

  it('recusa um link expirado', async () => {
    const { user, email } = await createUser(ctx);
    await inject(ctx, { method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const token = linkToken((await lastEmailTo(ctx, email))!.body_text, '/auth/redefinir-senha');
    await ctx.database.db
      .update(authTokens)
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where(eq(authTokens.user_id, user.id));
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Nova-senha-forte-9' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('perfil', () => {
  it('lê e atualiza o próprio perfil sem mudar email nem tipo', async () => {
    const { email, password } = await createUser(ctx);
    const cookie = await signIn(ctx, email, password);
    const res = await inject(ctx, {
      method: 'PATCH',
      url: '/api/profile',
      cookie,
      payload: {
        nome_completo: ' Joana Lima ',
        empresa: 'Padaria Lima',
        telefone: '',
        tipo_usuario: 'admin',
        email: 'outro@exemplo.com.br',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      nome_completo: 'Joana Lima',
      empresa: 'Padaria Lima',
      telefone: null,
      tipo_usuario: 'cliente',
      email,
    });
    const blank = await inject(ctx, {
      method: 'PATCH',
      url: '/api/profile',
      cookie,
      payload: { nome_completo: '' },
    });
    expect(blank.json()).toEqual({ message: validationMessages.fullNameRequired });
  });
});

describe('origem das requisições', () => {
  it('recusa POST de outro site e aceita do próprio', async () => {
    const { email, password } = await createUser(ctx);
    const cross = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { origin: 'https://malicioso.example' },
      payload: { email, password },
    });
    expect(cross.statusCode).toBe(403);
    expect(cross.json().message).toMatch(/origem/);
    const fetchMeta = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { email, password },
    });
    expect(fetchMeta.statusCode).toBe(403);
    const same = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      payload: { email, password },
    });
    expect(same.statusCode).toBe(200);
  });
});

describe('sistema', () => {
  it('health responde com o estado do banco', async () => {
    const res = await inject(ctx, { method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('liveness responde sem consultar o banco', async () => {
    const db = ctx.database as { ping(): Promise<void> };
    const ping = db.ping;
    db.ping = () => Promise.reject(new Error('banco fora'));
    try {
      expect((await inject(ctx, { method: 'GET', url: '/api/health/live' })).json()).toEqual({
        status: 'ok',
      });
      expect((await inject(ctx, { method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    } finally {
      db.ping = ping;
    }
  });

  it('publica o documento OpenAPI com as rotas de contas', async () => {
    const res = await inject(ctx, { method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/sign-in', '/api/auth/sign-up', '/api/profile/', '/api/health']),
    );
  });

  it('rota desconhecida da API responde 404 em português', async () => {
    const res = await inject(ctx, { method: 'GET', url: '/api/nada-aqui' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Não encontramos o que você procura.');
  });

  it('envia cabeçalhos de segurança', async () => {
    const res = await inject(ctx, { method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'none'");
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
