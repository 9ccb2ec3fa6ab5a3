/**
 * The security suite (docs/decisions/010-security-suite.md), V3: sessions and cookies (the session cookie, sign-in, sign-out, fixation).
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../../src/db/schema/index.ts';
import { hashToken } from '../../src/lib/tokens.ts';
import { cookieFrom, inject, type TestContext } from '../helpers.ts';
import { setCookies, type Person } from './world.ts';
import { ctx, database, secure, w, useSecurityWorld } from './setup.ts';

useSecurityWorld();

describe('V3 sessões e cookies', () => {
  const signInTo = (app: TestContext, who: Person, cookie?: string) =>
    inject(app, {
      method: 'POST',
      url: '/api/auth/sign-in',
      cookie,
      payload: { email: who.email, password: who.password },
    });
  const sessionUser = async (app: TestContext, cookie: string) =>
    (await inject(app, { method: 'GET', url: '/api/auth/session', cookie })).json().user as {
      id: string;
    } | null;

  it.each([
    ['http (PUBLIC_URL http)', () => ctx, 'urbana_sessao', false],
    ['https (PUBLIC_URL https)', () => secure, '__Host-urbana_sessao', true],
  ] as const)(
    'V3.4.1–V3.4.5 cookie de sessão em %s: HttpOnly, SameSite=Lax, Path=/, sem Domain, Secure e __Host- só em https',
    async (_label, app, name, isSecure) => {
      const res = await signInTo(app(), w.ana);
      expect(res.statusCode).toBe(200);
      const cookie = setCookies(res).find((c) => c.name === name);
      expect(cookie, `Set-Cookie ${name}`).toBeDefined();
      expect(cookie!.attributes.httponly).toBe(true);
      expect(String(cookie!.attributes.samesite).toLowerCase()).toBe('lax');
      expect(cookie!.attributes.path).toBe('/');
      expect(cookie!.attributes.domain).toBeUndefined();
      expect(cookie!.attributes.secure === true).toBe(isSecure);
      // V3.2.2: at least 128 bits of randomness (base64url).
      expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      // The database keeps only a hash of the token.
      const byToken = (value: string) =>
        database.db.select().from(sessions).where(eq(sessions.token_hash, value));
      expect(await byToken(hashToken(cookie!.value))).toHaveLength(1);
      expect(await byToken(cookie!.value)).toHaveLength(0);
    },
  );

  it.each([
    ['http', () => ctx, 'urbana_sessao', false],
    ['https', () => secure, '__Host-urbana_sessao', true],
  ] as const)(
    'V3.3.1 sair (%s) apaga o cookie com os mesmos atributos e encerra a sessão no servidor',
    async (_label, app, name, isSecure) => {
      const cookie = cookieFrom(await signInTo(app(), w.bruno))!;
      const token = cookie.split('=')[1]!;
      expect((await sessionUser(app(), cookie))?.id).toBe(w.bruno.id);
      const res = await inject(app(), { method: 'POST', url: '/api/auth/sign-out', cookie });
      expect(res.statusCode).toBe(204);
      const cleared = setCookies(res).find((c) => c.name === name);
      expect(cleared, `Set-Cookie ${name}`).toBeDefined();
      expect(cleared!.value).toBe('');
      const expires = cleared!.attributes.expires;
      const maxAge = cleared!.attributes['max-age'];
      expect(maxAge === '0' || (typeof expires === 'string' && Date.parse(expires) < Date.now())).toBe(true);
      expect(cleared!.attributes.path).toBe('/');
      expect(cleared!.attributes.secure === true).toBe(isSecure);
      // The old token is dead on the server, not only forgotten by the browser.
      expect(await sessionUser(app(), cookie)).toBeNull();
      const rows = await database.db
        .select()
        .from(sessions)
        .where(eq(sessions.token_hash, hashToken(token)));
      expect(rows).toHaveLength(0);
    },
  );

  it('V3.2.1 entrar de novo com uma sessão aberta troca o token e encerra o anterior', async () => {
    const first = cookieFrom(await signInTo(ctx, w.bruno))!;
    expect((await sessionUser(ctx, first))?.id).toBe(w.bruno.id);
    const res = await signInTo(ctx, w.bruno, first);
    expect(res.statusCode).toBe(200);
    const second = cookieFrom(res)!;
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect((await sessionUser(ctx, second))?.id).toBe(w.bruno.id);
    expect(await sessionUser(ctx, first)).toBeNull();
  });

  it('V3.2.1 um token plantado antes da entrada (fixação de sessão) nunca vira sessão', async () => {
    const planted = 'urbana_sessao=tokenPlantadoPeloAtacante_0123456789abcdef';
    const res = await signInTo(ctx, w.bruno, planted);
    expect(res.statusCode).toBe(200);
    expect(cookieFrom(res)).not.toBe(planted);
    expect(await sessionUser(ctx, planted)).toBeNull();
  });

  it('V3.3.1 um cookie de sessão desconhecido é apagado e não identifica ninguém', async () => {
    const res = await inject(ctx, {
      method: 'GET',
      url: '/api/auth/session',
      cookie: 'urbana_sessao=naoExisteNoBanco_0123456789abcdefghij',
    });
    expect(res.json().user).toBeNull();
    const cleared = setCookies(res).find((c) => c.name === 'urbana_sessao');
    expect(cleared?.value).toBe('');
  });
});
