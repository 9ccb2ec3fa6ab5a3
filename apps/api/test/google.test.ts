import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FakeOidcProvider } from '../../../test-setup/fake-oidc-provider.ts';
import { profiles } from '../src/db/schema/index.ts';
import { cookieFrom, createTestApp, createUser, inject, testConfig, type TestContext } from './helpers.ts';

const provider = new FakeOidcProvider('cliente-urbana', 'segredo-urbana');
let ctx: TestContext;

beforeAll(async () => {
  const issuer = await provider.start();
  ctx = await createTestApp({
    config: testConfig({
      GOOGLE_CLIENT_ID: 'cliente-urbana',
      GOOGLE_CLIENT_SECRET: 'segredo-urbana',
      GOOGLE_ISSUER: issuer,
    }),
  });
});
afterAll(async () => {
  await ctx.close();
  await provider.stop();
});
beforeEach(() => {
  provider.signWithUnknownKey = false;
});

/** Runs the browser's part: start, the provider's redirect, the callback. */
async function googleSignIn(options: { dropStateCookie?: boolean } = {}) {
  const start = await inject(ctx, { method: 'GET', url: '/api/auth/google' });
  expect(start.statusCode).toBe(302);
  const stateCookie = String(start.headers['set-cookie']).split(';')[0]!;
  const atProvider = await fetch(String(start.headers.location), { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get('location')!);
  const callback = `${back.pathname}${back.search}`;
  const res = await inject(ctx, {
    method: 'GET',
    url: callback,
    cookie: options.dropStateCookie ? undefined : stateCookie,
  });
  return { res, callback, stateCookie };
}

describe('entrar com o Google (OpenID Connect)', () => {
  it('o botão aparece quando configurado', async () => {
    expect((await inject(ctx, { method: 'GET', url: '/api/auth/providers' })).json()).toEqual({
      google: true,
    });
  });

  it('cria um cliente confirmado e abre a sessão', async () => {
    provider.nextUser = {
      sub: 'g-100',
      email: 'Nova.Pessoa@Gmail.com',
      email_verified: true,
      name: 'Nova Pessoa',
    };
    const { res } = await googleSignIn();
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth/google-retorno');
    const cookie = cookieFrom(res);
    const session = (await inject(ctx, { method: 'GET', url: '/api/auth/session', cookie })).json();
    expect(session.user).toMatchObject({
      email: 'nova.pessoa@gmail.com',
      nome_completo: 'Nova Pessoa',
      tipo_usuario: 'cliente',
      email_confirmed: true,
    });
  });

  it('liga a uma conta existente com o mesmo email', async () => {
    const { user } = await createUser(ctx, { email: 'ja.tenho@gmail.com' });
    provider.nextUser = { sub: 'g-200', email: 'ja.tenho@gmail.com', email_verified: true, name: 'Outra' };
    const { res } = await googleSignIn();
    const session = (
      await inject(ctx, { method: 'GET', url: '/api/auth/session', cookie: cookieFrom(res) })
    ).json();
    expect(session.user.id).toBe(user.id);
    const row = await ctx.database.db.query.profiles.findFirst({ where: eq(profiles.id, user.id) });
    expect(row?.google_sub).toBe('g-200');
  });

  it('recusa sem o cookie de estado, e o mesmo retorno duas vezes', async () => {
    provider.nextUser = { sub: 'g-300', email: 'estado@gmail.com', email_verified: true, name: 'E' };
    const missing = await googleSignIn({ dropStateCookie: true });
    expect(missing.res.headers.location).toBe('/auth?erro=google');
    expect(cookieFrom(missing.res)).toBeUndefined();

    const ok = await googleSignIn();
    expect(ok.res.headers.location).toBe('/auth/google-retorno');
    const replay = await inject(ctx, { method: 'GET', url: ok.callback, cookie: ok.stateCookie });
    expect(replay.headers.location).toBe('/auth?erro=google');
  });

  it('recusa email não verificado, token com assinatura estranha e conta bloqueada', async () => {
    provider.nextUser = { sub: 'g-400', email: 'naoverificado@gmail.com', email_verified: false, name: 'N' };
    expect((await googleSignIn()).res.headers.location).toBe('/auth?erro=google_email');

    provider.nextUser = { sub: 'g-401', email: 'assinatura@gmail.com', email_verified: true, name: 'A' };
    provider.signWithUnknownKey = true;
    expect((await googleSignIn()).res.headers.location).toBe('/auth?erro=google');
    provider.signWithUnknownKey = false;

    const { user } = await createUser(ctx, { email: 'bloqueada@gmail.com' });
    await ctx.database.db.update(profiles).set({ blocked_at: new Date() }).where(eq(profiles.id, user.id));
    provider.nextUser = { sub: 'g-402', email: 'bloqueada@gmail.com', email_verified: true, name: 'B' };
    expect((await googleSignIn()).res.headers.location).toBe('/auth?erro=bloqueada');
  });

  it('cancelar no Google volta com a mensagem', async () => {
    const res = await inject(ctx, { method: 'GET', url: '/api/auth/google/callback?error=access_denied' });
    expect(res.headers.location).toBe('/auth?erro=google_cancelado');
  });

  it('sem configuração a rota responde 404', async () => {
    const plain = await createTestApp({ database: ctx.database });
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/api/auth/google' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Entrar com o Google não está disponível.');
    } finally {
      await plain.app.close();
    }
  });
});
