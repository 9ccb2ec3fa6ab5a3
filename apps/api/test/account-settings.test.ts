import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { accountSettingsMessages, signInErrors, TERMS_VERSION } from '@urbana/shared';
import { auditLog, emailLog, profiles, scheduledEmails } from '../src/db/schema/index.ts';
import {
  cookieFrom,
  createTestApp,
  createUser,
  inject,
  lastEmailTo,
  linkToken,
  nextIp,
  signIn,
  testConfig,
  type TestContext,
} from './helpers.ts';

const deviceCookieFrom = (res: { headers: Record<string, unknown> }) => {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return list.find((c: string) => c.startsWith('urbana_dispositivo='))?.split(';')[0];
};

let ctx: TestContext;
const ORIGIN = { origin: 'http://localhost:3000' };

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('cadastro e termos', () => {
  it('o cadastro grava a versão dos termos aceita e quando; uma versão antiga do formulário é recusada', async () => {
    const old = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: ORIGIN,
      payload: {
        email: 'antigo@exemplo.com.br',
        password: 'Urb@na-2026',
        nome_completo: 'Antigo',
        terms_version: '2020-01-01',
      },
    });
    expect(old.statusCode).toBe(409);
    expect(old.json().message).toBe(
      'Os termos foram atualizados. Leia a nova versão e aceite para continuar.',
    );
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: ORIGIN,
      payload: {
        email: 'termos@exemplo.com.br',
        password: 'Urb@na-2026',
        nome_completo: 'Tereza',
        terms_version: TERMS_VERSION,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.email, 'termos@exemplo.com.br'));
    expect(row!.terms_version).toBe(TERMS_VERSION);
    expect(Date.now() - row!.terms_accepted_at!.getTime()).toBeLessThan(60_000);
    expect(res.json().user.terms_outdated).toBe(false);
  });

  it('uma nova versão pede o aceite na próxima entrada, e o aceite fica gravado', async () => {
    const u = await createUser(ctx);
    await ctx.database.db
      .update(profiles)
      .set({ terms_version: '2025-01-01' })
      .where(eq(profiles.id, u.user.id));
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: u.email, password: u.password },
    });
    expect(res.json().user.terms_outdated).toBe(true);
    const cookie = cookieFrom(res)!;
    const accept = await inject(ctx, {
      method: 'POST',
      url: '/api/account/terms',
      cookie,
      headers: ORIGIN,
      payload: { version: TERMS_VERSION },
    });
    expect(accept.statusCode).toBe(200);
    expect(accept.json().terms_outdated).toBe(false);
  });

  it('o contato do encarregado vem da configuração', async () => {
    const res = await inject(ctx, { method: 'GET', url: '/api/legal' });
    expect(res.json()).toEqual({
      terms_version: TERMS_VERSION,
      encarregado: { nome: 'Encarregado de Proteção de Dados da Urbana', email: 'privacidade@urbana.com.br' },
    });
  });
});

describe('troca de email', () => {
  it('só vale depois dos links enviados ao novo endereço e ao atual; cada link é de uso único', async () => {
    const u = await createUser(ctx, { nome: 'Carla Troca' });
    const cookie = await signIn(ctx, u.email, u.password);
    const wrong = await inject(ctx, {
      method: 'POST',
      url: '/api/account/email',
      cookie,
      headers: ORIGIN,
      payload: { email: 'nova@exemplo.com.br', password: 'errada-99' },
    });
    expect(wrong.statusCode).toBe(400);
    const taken = await createUser(ctx);
    const dup = await inject(ctx, {
      method: 'POST',
      url: '/api/account/email',
      cookie,
      headers: ORIGIN,
      payload: { email: taken.email, password: u.password },
    });
    expect(dup.statusCode).toBe(409);
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/account/email',
      cookie,
      headers: ORIGIN,
      payload: { email: 'Nova@Exemplo.com.br', password: u.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Not yet: the old address still signs in, the new one does not.
    const [still] = await ctx.database.db.select().from(profiles).where(eq(profiles.id, u.user.id));
    expect(still!.email).toBe(u.email);
    const overview = await inject(ctx, { method: 'GET', url: '/api/account', cookie });
    expect(overview.json().pending_email).toBe('nova@exemplo.com.br');
    // The address in use authorises the change with its own link (issue #39 item 3).
    const approve = await lastEmailTo(ctx, u.email);
    expect(approve!.template).toBe('troca_email_autorizacao');
    expect(approve!.body_text).toContain('nova@exemplo.com.br');
    const mail = await lastEmailTo(ctx, 'nova@exemplo.com.br');
    const token = linkToken(mail!.body_text, '/auth/confirmar-novo-email');
    const confirm = await inject(ctx, {
      method: 'POST',
      url: '/api/account/email/confirm',
      headers: ORIGIN,
      payload: { token },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().message).toBe(accountSettingsMessages.emailChangeNeedsCurrent);
    const authorised = await inject(ctx, {
      method: 'POST',
      url: '/api/account/email/confirm',
      headers: ORIGIN,
      payload: { token: linkToken(approve!.body_text, '/auth/confirmar-novo-email') },
    });
    expect(authorised.json().message).toBe(accountSettingsMessages.emailChanged);
    const [now] = await ctx.database.db.select().from(profiles).where(eq(profiles.id, u.user.id));
    expect(now!.email).toBe('nova@exemplo.com.br');
    const again = await inject(ctx, {
      method: 'POST',
      url: '/api/account/email/confirm',
      headers: ORIGIN,
      payload: { token },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(
      'Este link de troca de email é inválido ou já expirou. Peça a troca de novo.',
    );
    await signIn(ctx, 'nova@exemplo.com.br', u.password);
  });

  it('um link vencido não troca nada', async () => {
    const u = await createUser(ctx);
    const cookie = await signIn(ctx, u.email, u.password);
    await inject(ctx, {
      method: 'POST',
      url: '/api/account/email',
      cookie,
      headers: ORIGIN,
      payload: { email: 'vencido@exemplo.com.br', password: u.password },
    });
    const token = linkToken(
      (await lastEmailTo(ctx, 'vencido@exemplo.com.br'))!.body_text,
      '/auth/confirmar-novo-email',
    );
    await ctx.database.db.execute(
      sql`update email_changes set expires_at = now() - interval '1 second' where user_id = ${u.user.id}`,
    );
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/account/email/confirm',
      headers: ORIGIN,
      payload: { token },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('senha e sessões', () => {
  it('trocar a senha pede a atual e encerra as outras sessões, não esta', async () => {
    const u = await createUser(ctx);
    const here = await signIn(ctx, u.email, u.password);
    const other = await signIn(ctx, u.email, u.password);
    const wrong = await inject(ctx, {
      method: 'POST',
      url: '/api/account/password',
      cookie: here,
      headers: ORIGIN,
      payload: { current_password: 'nao-e-essa', new_password: 'Nova-senha-2026' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Senha atual incorreta.');
    expect((await inject(ctx, { method: 'GET', url: '/api/profile', cookie: other })).statusCode).toBe(200);
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/account/password',
      cookie: here,
      headers: ORIGIN,
      payload: { current_password: u.password, new_password: 'Nova-senha-2026' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await inject(ctx, { method: 'GET', url: '/api/profile', cookie: other })).statusCode).toBe(401);
    expect((await inject(ctx, { method: 'GET', url: '/api/profile', cookie: here })).statusCode).toBe(200);
    await signIn(ctx, u.email, 'Nova-senha-2026');
  });

  it('senhas atuais erradas contam no limite da entrada: na troca de senha e de email e na exclusão (issue #39 item 4)', async () => {
    const limited = await createTestApp({
      database: ctx.database,
      config: testConfig({ SIGN_IN_PAIR_MAX_FAILURES: '3', SIGN_IN_EMAIL_MAX_FAILURES: '6' }),
    });
    try {
      const u = await createUser(limited);
      const first = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: nextIp(),
        payload: { email: u.email, password: u.password },
      });
      const session = cookieFrom(first)!;
      const device = deviceCookieFrom(first)!;
      expect(device).toBeDefined();
      const post = (url: string, ip: string, payload: object, cookie = session) =>
        limited.app.inject({
          method: 'POST',
          url,
          remoteAddress: ip,
          headers: { ...ORIGIN, cookie },
          payload,
        });
      const changePassword = (ip: string, current: string, cookie?: string) =>
        post(
          '/api/account/password',
          ip,
          { current_password: current, new_password: 'Nova-senha-2026' },
          cookie,
        );
      const signInFrom = (ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          remoteAddress: ip,
          payload: { email: u.email, password: u.password },
        });

      // Three from one address reach the (e-mail, IP) limit: the right password is refused there too.
      const here = nextIp();
      for (let i = 0; i < 3; i++) {
        const wrong = await changePassword(here, `errada-${i}`);
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json().message).toBe('Senha atual incorreta.');
      }
      const refused = await changePassword(here, u.password);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: signInErrors.tooManyRequests });
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await signInFrom(here)).statusCode).toBe(429);

      // Three more through the other doors, from elsewhere, reach the per-account limit.
      const email = await post('/api/account/email', nextIp(), {
        email: 'outro@exemplo.com.br',
        password: 'x-errada',
      });
      expect(email.statusCode).toBe(400);
      const remove = await post('/api/account/delete', nextIp(), { password: 'y-errada' });
      expect(remove.statusCode).toBe(400);
      expect((await changePassword(nextIp(), 'z-errada')).statusCode).toBe(400);
      expect((await signInFrom(nextIp())).statusCode).toBe(429);
      expect((await changePassword(nextIp(), u.password)).statusCode).toBe(429);
      const counted = await limited.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'conta.senha_atual_errada'), eq(auditLog.entity_id, u.email)));
      expect(counted).toHaveLength(6);

      // As at sign-in, the owner's known browser still passes the per-account limit with the right password.
      const owner = await changePassword(nextIp(), u.password, `${session}; ${device}`);
      expect(owner.statusCode, owner.body).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('lista as sessões com dispositivo, IP e último uso, e "Sair de todos os outros" encerra as demais', async () => {
    const u = await createUser(ctx);
    const res1 = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: '10.77.0.1',
      headers: {
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36',
      },
      payload: { email: u.email, password: u.password },
    });
    const here = cookieFrom(res1)!;
    const other = await signIn(ctx, u.email, u.password);
    const list = await inject(ctx, { method: 'GET', url: '/api/account/sessions', cookie: here });
    const items = list.json().items;
    expect(items).toHaveLength(2);
    expect(items.find((s: { current: boolean }) => s.current)).toMatchObject({
      device: 'Chrome no Windows',
      ip: '10.77.0.1',
    });
    const end = await inject(ctx, {
      method: 'POST',
      url: '/api/account/sessions/end-others',
      cookie: here,
      headers: ORIGIN,
    });
    expect(end.statusCode).toBe(200);
    expect((await inject(ctx, { method: 'GET', url: '/api/profile', cookie: other })).statusCode).toBe(401);
    expect(
      (await inject(ctx, { method: 'GET', url: '/api/account/sessions', cookie: here })).json().items,
    ).toHaveLength(1);
  });
});

describe('preferências de email', () => {
  it('novidades desligadas não chegam; o link de um clique desliga; transacionais sempre saem', async () => {
    const keeps = await createUser(ctx, { nome: 'Quer Novidades' });
    const stops = await createUser(ctx, { nome: 'Não Quer' });
    const cookie = await signIn(ctx, stops.email, stops.password);
    const put = await inject(ctx, {
      method: 'PUT',
      url: '/api/account/email-preferences',
      cookie,
      headers: ORIGIN,
      payload: { alerts: true, news: false },
    });
    expect(put.statusCode).toBe(200);
    await ctx.database.db.insert(scheduledEmails).values({
      segment: 'cliente',
      subject: 'Novidades de dezembro',
      body: 'Texto.',
      send_at: new Date(Date.now() - 1000),
    });
    await ctx.app.deps.outbox.drain();
    const news = await ctx.database.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.subject, 'Novidades de dezembro'));
    expect(news.map((r) => r.to_email)).toContain(keeps.email);
    expect(news.map((r) => r.to_email)).not.toContain(stops.email);
    const mine = news.find((r) => r.to_email === keeps.email)!;
    expect(mine.unsubscribe_url).toMatch(/\/api\/email\/descadastrar\?token=[0-9a-f-]{36}&tipo=novidades$/);
    expect(mine.body_text).toContain('/email/descadastrar?token=');
    // One click (RFC 8058 POST) turns news off for that person.
    const url = mine.unsubscribe_url!.replace('http://localhost:3000', '');
    const click = await inject(ctx, {
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(click.statusCode, click.body).toBe(200);
    const [row] = await ctx.database.db.select().from(profiles).where(eq(profiles.email, keeps.email));
    expect(row!.email_news).toBe(false);
    expect(row!.email_alerts).toBe(true);
    const bad = await inject(ctx, {
      method: 'POST',
      url: '/api/email/descadastrar?token=00000000-0000-0000-0000-000000000000&tipo=alertas',
      headers: ORIGIN,
    });
    expect(bad.statusCode).toBe(400);
    // A transactional e-mail still goes out.
    await inject(ctx, {
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: ORIGIN,
      payload: { email: stops.email },
    });
    expect((await lastEmailTo(ctx, stops.email))!.template).toBe('redefinicao_senha');
    expect((await lastEmailTo(ctx, stops.email))!.unsubscribe_url).toBeNull();
  });
});
