import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { signInErrors } from '@urbana/shared';
import { auditLog, profiles } from '../src/db/schema/index.ts';
import { hotp, totp, totpStep, verifyTotp } from '../src/lib/totp.ts';
import {
  cookieFrom,
  createTestApp,
  createUser,
  inject,
  nextIp,
  testConfig,
  type TestContext,
} from './helpers.ts';

let ctx: TestContext;
const ORIGIN = { origin: 'http://localhost:3000' };

beforeAll(async () => {
  ctx = await createTestApp({
    config: testConfig({
      ADMIN_EMAILS: 'chefe@urbana.com.br',
      ADMIN_TWO_FACTOR_REQUIRED: 'true',
      // Small, so that the test of wrong passwords counted with the sign-in failures reaches it.
      SIGN_IN_PAIR_MAX_FAILURES: '3',
    }),
  });
});
afterAll(async () => {
  await ctx.close();
});

const signInRaw = (email: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: nextIp(),
    payload: { email, password },
  });

/** Sets up two-factor sign-in through the API; returns the secret and the recovery codes. */
async function enable(cookie: string, password: string) {
  const setup = await inject(ctx, {
    method: 'POST',
    url: '/api/account/two-factor/setup',
    cookie,
    headers: ORIGIN,
  });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauth_url, qr_svg } = setup.json();
  expect(otpauth_url).toContain(`secret=${secret}`);
  expect(otpauth_url).toContain('issuer=Urbana');
  expect(qr_svg).toMatch(/^<svg/);
  const bad = await inject(ctx, {
    method: 'POST',
    url: '/api/account/two-factor/enable',
    cookie,
    headers: ORIGIN,
    payload: { password, code: '000000' === totp(secret) ? '111111' : '000000' },
  });
  expect(bad.statusCode).toBe(400);
  const ok = await inject(ctx, {
    method: 'POST',
    url: '/api/account/two-factor/enable',
    cookie,
    headers: ORIGIN,
    payload: { password, code: totp(secret) },
  });
  expect(ok.statusCode, ok.body).toBe(200);
  const codes: string[] = ok.json().recovery_codes;
  expect(codes).toHaveLength(10);
  return { secret: secret as string, codes };
}

describe('TOTP (RFC 6238)', () => {
  it('confere o vetor de teste do RFC e aceita só ±1 passo de 30 s', () => {
    // RFC 6238 appendix B, SHA-1, T = 59 s → 94287082 (the last six digits).
    const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totp(rfcSecret, 59_000)).toBe('287082');
    expect(hotp(rfcSecret, 1)).toBe('287082');
    const now = 1_800_000_000_000;
    const code = totp(rfcSecret, now);
    expect(verifyTotp(rfcSecret, code, { atMs: now })).toBe(totpStep(now));
    expect(verifyTotp(rfcSecret, code, { atMs: now + 30_000 })).not.toBeNull();
    expect(verifyTotp(rfcSecret, code, { atMs: now - 30_000 })).not.toBeNull();
    expect(verifyTotp(rfcSecret, code, { atMs: now + 60_000 })).toBeNull();
    expect(verifyTotp(rfcSecret, code, { atMs: now - 60_000 })).toBeNull();
    // A step already used is refused.
    expect(verifyTotp(rfcSecret, code, { atMs: now, lastStep: totpStep(now) })).toBeNull();
  });
});

describe('entrar com duas etapas', () => {
  it('cliente ativa; a senha certa pede o código; código fora da janela é recusado; o certo abre a sessão, uma vez só', async () => {
    const u = await createUser(ctx, { email: 'duas@exemplo.com.br' });
    const first = await signInRaw(u.email, u.password);
    const cookie = cookieFrom(first)!;
    const { secret } = await enable(cookie, u.password);
    // Wrong password: the seed's first-factor message, unchanged.
    const wrong = await signInRaw(u.email, 'senha-errada');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Email ou senha incorretos. Verifique suas credenciais.');
    const res = await signInRaw(u.email, u.password);
    expect(res.statusCode).toBe(200);
    expect(cookieFrom(res)).toBeUndefined();
    const { challenge } = res.json().two_factor;
    const late = totp(secret, Date.now() - 90_000);
    const refused = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/two-factor',
      headers: ORIGIN,
      payload: { challenge, code: late },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Código inválido ou expirado. Confira o aplicativo autenticador e tente de novo.',
    );
    const code = totp(secret, Date.now() + 30_000);
    const ok = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/two-factor',
      headers: ORIGIN,
      payload: { challenge, code },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user.two_factor_enabled).toBe(true);
    expect(cookieFrom(ok)).toBeDefined();
    // The same challenge cannot open a second session, and the same code cannot be replayed.
    const replay = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/two-factor',
      headers: ORIGIN,
      payload: { challenge, code },
    });
    expect(replay.statusCode).toBe(401);
    const again = (await signInRaw(u.email, u.password)).json().two_factor.challenge;
    const reused = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/two-factor',
      headers: ORIGIN,
      payload: { challenge: again, code },
    });
    expect(reused.statusCode).toBe(400);
  });

  it('códigos de recuperação entram uma vez cada', async () => {
    const u = await createUser(ctx);
    const cookie = cookieFrom(await signInRaw(u.email, u.password))!;
    const { codes } = await enable(cookie, u.password);
    const use = async (code: string) => {
      const challenge = (await signInRaw(u.email, u.password)).json().two_factor.challenge;
      return inject(ctx, {
        method: 'POST',
        url: '/api/auth/two-factor',
        headers: ORIGIN,
        payload: { challenge, code },
      });
    };
    expect((await use(codes[0]!.toUpperCase())).statusCode).toBe(200);
    expect((await use(codes[0]!)).statusCode).toBe(400);
    expect((await use(codes[1]!)).statusCode).toBe(200);
    const overview = await inject(ctx, { method: 'GET', url: '/api/account', cookie });
    expect(overview.json().two_factor).toMatchObject({ enabled: true, recovery_codes_left: 8 });
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'dois_fatores.codigo_recuperacao'));
    expect(audit).toHaveLength(2);
  });

  it('um desafio aceita no máximo 5 tentativas', async () => {
    const u = await createUser(ctx);
    const cookie = cookieFrom(await signInRaw(u.email, u.password))!;
    const { secret } = await enable(cookie, u.password);
    const challenge = (await signInRaw(u.email, u.password)).json().two_factor.challenge;
    for (let i = 0; i < 5; i++) {
      const r = await inject(ctx, {
        method: 'POST',
        url: '/api/auth/two-factor',
        headers: ORIGIN,
        payload: { challenge, code: '12345' + i },
      });
      expect(r.statusCode).toBe(400);
    }
    const r = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/two-factor',
      headers: ORIGIN,
      payload: { challenge, code: totp(secret, Date.now() + 30_000) },
    });
    expect(r.statusCode).toBe(401);
    expect(r.json().message).toBe('A verificação expirou. Entre de novo com email e senha.');
  });

  it('admin sem duas etapas entra, mas o painel fica fechado até configurar; depois não pode desativar', async () => {
    const admin = await createUser(ctx, { tipo: 'admin', email: 'chefe@urbana.com.br' });
    const res = await signInRaw(admin.email, admin.password);
    expect(res.json().user.two_factor_setup_required).toBe(true);
    const cookie = cookieFrom(res)!;
    const panel = await inject(ctx, { method: 'GET', url: '/api/admin/usuarios', cookie });
    expect(panel.statusCode).toBe(403);
    expect(panel.json().message).toContain('Administradores precisam ativar a verificação em duas etapas');
    const { secret } = await enable(cookie, admin.password);
    expect((await inject(ctx, { method: 'GET', url: '/api/admin/usuarios', cookie })).statusCode).toBe(200);
    const off = await inject(ctx, {
      method: 'POST',
      url: '/api/account/two-factor/disable',
      cookie,
      headers: ORIGIN,
      payload: { password: admin.password, code: totp(secret, Date.now() + 30_000) },
    });
    expect(off.statusCode).toBe(403);
    const [row] = await ctx.database.db.select().from(profiles).where(eq(profiles.id, admin.user.id));
    expect(row!.totp_enabled_at).not.toBeNull();
  });

  it('cliente desativa com senha e código', async () => {
    const u = await createUser(ctx);
    const cookie = cookieFrom(await signInRaw(u.email, u.password))!;
    const { secret } = await enable(cookie, u.password);
    const off = await inject(ctx, {
      method: 'POST',
      url: '/api/account/two-factor/disable',
      cookie,
      headers: ORIGIN,
      payload: { password: u.password, code: totp(secret, Date.now() + 30_000) },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(cookieFrom(await signInRaw(u.email, u.password))).toBeDefined();
  });
});

describe('palpites do segundo fator contam por conta (issue #39 item 4)', () => {
  it('30 códigos errados de 6 endereços limitam a conta: o código certo é recusado até a janela passar', async () => {
    const limited = await createTestApp({
      database: ctx.database,
      config: testConfig({ SIGN_IN_PAIR_MAX_FAILURES: '10', SIGN_IN_EMAIL_MAX_FAILURES: '30' }),
    });
    try {
      const u = await createUser(limited);
      const signInFrom = (ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          remoteAddress: ip,
          payload: { email: u.email, password: u.password },
        });
      const verify = (ip: string, challenge: string, code: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/two-factor',
          remoteAddress: ip,
          headers: ORIGIN,
          payload: { challenge, code },
        });
      const cookie = cookieFrom(await signInFrom(nextIp()))!;
      const setup = await inject(limited, {
        method: 'POST',
        url: '/api/account/two-factor/setup',
        cookie,
        headers: ORIGIN,
      });
      const secret: string = setup.json().secret;
      const on = await inject(limited, {
        method: 'POST',
        url: '/api/account/two-factor/enable',
        cookie,
        headers: ORIGIN,
        payload: { password: u.password, code: totp(secret) },
      });
      expect(on.statusCode, on.body).toBe(200);
      const wrong = (i: number) => String(100000 + i);

      // Each address stays under its own limit (5 of 10) and each challenge under its 5 attempts.
      let kept = '';
      for (let a = 0; a < 6; a++) {
        const ip = nextIp();
        const challenge: string = (await signInFrom(ip)).json().two_factor.challenge;
        // The last address also opens a second challenge while the account is still under the limit.
        if (a === 5) kept = (await signInFrom(ip)).json().two_factor.challenge;
        for (let i = 0; i < 5; i++) {
          const r = await verify(ip, challenge, wrong(a * 5 + i));
          expect(r.statusCode, r.body).toBe(400);
        }
      }
      const right = totp(secret, Date.now() + 30_000);
      const refused = await verify(nextIp(), kept, right);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: signInErrors.tooManyRequests });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // The password alone is refused too: one counter for the account.
      expect((await signInFrom(nextIp())).statusCode).toBe(429);
      const failures = await limited.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'dois_fatores.falha'), eq(auditLog.entity_id, u.email)));
      expect(failures).toHaveLength(30);

      // Once the window has passed, the right code gets in.
      await limited.database.db
        .update(auditLog)
        .set({ created_at: new Date(Date.now() - 2 * 3600_000) })
        .where(eq(auditLog.entity_id, u.email));
      const ip = nextIp();
      const challenge: string = (await signInFrom(ip)).json().two_factor.challenge;
      const ok = await verify(ip, challenge, right);
      expect(ok.statusCode, ok.body).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('códigos errados ao renovar os códigos de recuperação contam no mesmo limite', async () => {
    const limited = await createTestApp({
      database: ctx.database,
      config: testConfig({ SIGN_IN_PAIR_MAX_FAILURES: '3', SIGN_IN_EMAIL_MAX_FAILURES: '50' }),
    });
    try {
      const u = await createUser(limited);
      const ip = nextIp();
      const first = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: ip,
        payload: { email: u.email, password: u.password },
      });
      const cookie = cookieFrom(first)!;
      const setup = await inject(limited, {
        method: 'POST',
        url: '/api/account/two-factor/setup',
        cookie,
        headers: ORIGIN,
      });
      const secret: string = setup.json().secret;
      await inject(limited, {
        method: 'POST',
        url: '/api/account/two-factor/enable',
        cookie,
        headers: ORIGIN,
        payload: { password: u.password, code: totp(secret) },
      });
      const renew = (code: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/account/two-factor/recovery-codes',
          remoteAddress: ip,
          headers: { ...ORIGIN, cookie },
          payload: { password: u.password, code },
        });
      for (const code of ['111111', '222222', '333333']) expect((await renew(code)).statusCode).toBe(400);
      const refused = await renew(totp(secret, Date.now() + 30_000));
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: signInErrors.tooManyRequests });
    } finally {
      await limited.close();
    }
  });
});

/** Issue #39 item 5: a stolen session alone cannot turn two-factor on, off, or take new codes. */
describe('duas etapas pedem a senha atual', () => {
  const post = (cookie: string, path: string, payload: object, remoteAddress = nextIp()) =>
    inject(ctx, {
      method: 'POST',
      url: `/api/account/two-factor/${path}`,
      cookie,
      headers: ORIGIN,
      payload,
      remoteAddress,
    });
  const setupSecret = async (cookie: string) =>
    (
      await inject(ctx, { method: 'POST', url: '/api/account/two-factor/setup', cookie, headers: ORIGIN })
    ).json().secret as string;
  const expectRefused = (res: { statusCode: number; json(): { message: string } }, message: string) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  };

  it('ativar: sem senha, com a senha errada e com a certa', async () => {
    const u = await createUser(ctx);
    const cookie = cookieFrom(await signInRaw(u.email, u.password))!;
    const secret = await setupSecret(cookie);
    expectRefused(await post(cookie, 'enable', { code: totp(secret) }), 'Senha é obrigatória');
    expectRefused(
      await post(cookie, 'enable', { password: 'nao-e-a-senha', code: totp(secret) }),
      'Senha atual incorreta.',
    );
    const [still] = await ctx.database.db.select().from(profiles).where(eq(profiles.id, u.user.id));
    expect(still!.totp_enabled_at).toBeNull();
    const ok = await post(cookie, 'enable', { password: u.password, code: totp(secret) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().recovery_codes).toHaveLength(10);
  });

  it('novos códigos de recuperação: sem senha, com a senha errada e com a certa', async () => {
    const u = await createUser(ctx);
    const cookie = cookieFrom(await signInRaw(u.email, u.password))!;
    const { secret, codes } = await enable(cookie, u.password);
    const code = totp(secret, Date.now() + 30_000);
    expectRefused(await post(cookie, 'recovery-codes', { code }), 'Senha é obrigatória');
    expectRefused(
      await post(cookie, 'recovery-codes', { password: 'nao-e-a-senha', code }),
      'Senha atual incorreta.',
    );
    // A wrong password spends no code: the same one still works with the right password.
    const ok = await post(cookie, 'recovery-codes', { password: u.password, code });
    expect(ok.statusCode, ok.body).toBe(200);
    const fresh: string[] = ok.json().recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(codes[0]);
  });

  it('desativar: sem senha e com a senha errada é recusado e continua ativada', async () => {
    const u = await createUser(ctx);
    const cookie = cookieFrom(await signInRaw(u.email, u.password))!;
    const { secret } = await enable(cookie, u.password);
    const code = totp(secret, Date.now() + 30_000);
    expectRefused(await post(cookie, 'disable', { code }), 'Senha é obrigatória');
    expectRefused(
      await post(cookie, 'disable', { password: 'nao-e-a-senha', code }),
      'Senha atual incorreta.',
    );
    const [row] = await ctx.database.db.select().from(profiles).where(eq(profiles.id, u.user.id));
    expect(row!.totp_enabled_at).not.toBeNull();
  });

  it('senhas erradas contam como as da entrada: passado o limite, nem a certa passa daquele IP', async () => {
    const u = await createUser(ctx);
    const cookie = cookieFrom(await signInRaw(u.email, u.password))!;
    const secret = await setupSecret(cookie);
    const ip = nextIp();
    for (let i = 0; i < 3; i++)
      expectRefused(
        await post(cookie, 'enable', { password: `errada-${i}`, code: totp(secret) }, ip),
        'Senha atual incorreta.',
      );
    const failures = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entity_id, u.email));
    expect(failures.filter((f) => f.action === 'conta.senha_atual_errada')).toHaveLength(3);
    const limited = await post(cookie, 'enable', { password: u.password, code: totp(secret) }, ip);
    expect(limited.statusCode).toBe(429);
    // From another address the owner still gets through.
    const ok = await post(cookie, 'enable', { password: u.password, code: totp(secret) });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
