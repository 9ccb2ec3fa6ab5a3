/**
 * Issue #39 item 3: a password change or reset voids every link of the account issued before it, and
 * an e-mail change needs the old address's confirmation too (docs/decisions/071-account-links.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accountMessages, accountSettingsMessages, twoFactorMessages } from '@urbana/shared';
import { profiles } from '../src/db/schema/index.ts';
import { newTotpSecret, totp } from '../src/lib/totp.ts';
import {
  createTestApp,
  createUser,
  inject,
  lastEmailTo,
  linkToken,
  nextIp,
  signIn,
  type TestContext,
} from './helpers.ts';

let ctx: TestContext;
const ORIGIN = { origin: 'http://localhost:3000' };
const RESET_PATH = '/auth/redefinir-senha';
const CHANGE_PATH = '/auth/confirmar-novo-email';

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

async function resetLink(email: string) {
  const res = await inject(ctx, { method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  expect(res.statusCode).toBe(200);
  return linkToken((await lastEmailTo(ctx, email))!.body_text, RESET_PATH);
}

/** Asks for a new address; returns the link sent to the new address and the one sent to the old. */
async function askEmailChange(cookie: string, user: { email: string; password: string }, to: string) {
  const res = await inject(ctx, {
    method: 'POST',
    url: '/api/account/email',
    cookie,
    headers: ORIGIN,
    payload: { email: to, password: user.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe(accountSettingsMessages.emailChangeSent);
  return {
    toNew: linkToken((await lastEmailTo(ctx, to))!.body_text, CHANGE_PATH),
    toOld: linkToken((await lastEmailTo(ctx, user.email))!.body_text, CHANGE_PATH),
  };
}

const confirmChange = (token: string) =>
  inject(ctx, { method: 'POST', url: '/api/account/email/confirm', headers: ORIGIN, payload: { token } });

const resetPassword = (token: string, password: string) =>
  inject(ctx, { method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });

async function emailOf(userId: string) {
  const [row] = await ctx.database.db.select().from(profiles).where(eq(profiles.id, userId));
  return row!.email;
}

/** Turns two-factor sign-in on straight in the database and opens a sign-in waiting for its code. */
async function pendingSecondFactor(user: { user: { id: string }; email: string; password: string }) {
  const secret = newTotpSecret();
  await ctx.database.db
    .update(profiles)
    .set({ totp_secret: secret, totp_enabled_at: new Date() })
    .where(eq(profiles.id, user.user.id));
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: nextIp(),
    payload: { email: user.email, password: user.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { secret, challenge: res.json().two_factor.challenge as string };
}

describe('trocar a senha anula os links anteriores', () => {
  it('o link de redefinição, o de troca de email e a entrada à espera do código deixam de valer', async () => {
    const u = await createUser(ctx);
    const cookie = await signIn(ctx, u.email, u.password);
    const reset = await resetLink(u.email);
    const change = await askEmailChange(cookie, u, 'intrusa@exemplo.com.br');
    const { secret, challenge } = await pendingSecondFactor(u);

    const changed = await inject(ctx, {
      method: 'POST',
      url: '/api/account/password',
      cookie,
      headers: ORIGIN,
      payload: { current_password: u.password, new_password: 'Dona-da-conta-2026' },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const resetAfter = await resetPassword(reset, 'Senha-da-intrusa-1');
    expect(resetAfter.statusCode).toBe(400);
    expect(resetAfter.json().message).toBe(accountMessages.resetLinkInvalid);
    for (const token of [change.toNew, change.toOld]) {
      const res = await confirmChange(token);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(accountSettingsMessages.emailChangeInvalid);
    }
    expect(await emailOf(u.user.id)).toBe(u.email);
    const overview = await inject(ctx, { method: 'GET', url: '/api/account', cookie });
    expect(overview.json().pending_email).toBeNull();
    const code = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/two-factor',
      headers: ORIGIN,
      payload: { challenge, code: totp(secret) },
    });
    expect(code.statusCode).toBe(401);
    expect(code.json().message).toBe(twoFactorMessages.challengeExpired);
  });
});

describe('redefinir a senha anula os links anteriores', () => {
  it('os outros links de redefinição e o de troca de email deixam de valer', async () => {
    const u = await createUser(ctx);
    const cookie = await signIn(ctx, u.email, u.password);
    const change = await askEmailChange(cookie, u, 'outra-intrusa@exemplo.com.br');
    const first = await resetLink(u.email);
    const second = await resetLink(u.email);
    expect(second).not.toBe(first);

    const ok = await resetPassword(second, 'Dona-da-conta-2026');
    expect(ok.statusCode, ok.body).toBe(200);

    expect((await resetPassword(first, 'Senha-da-intrusa-1')).statusCode).toBe(400);
    expect((await confirmChange(change.toNew)).statusCode).toBe(400);
    expect((await confirmChange(change.toOld)).statusCode).toBe(400);
    expect(await emailOf(u.user.id)).toBe(u.email);
    await signIn(ctx, u.email, 'Dona-da-conta-2026');
  });

  it('um link de redefinição recusado (senha fraca) não anula nada nem é gasto', async () => {
    const u = await createUser(ctx);
    const cookie = await signIn(ctx, u.email, u.password);
    const change = await askEmailChange(cookie, u, 'ainda-vale@exemplo.com.br');
    const reset = await resetLink(u.email);
    expect((await resetPassword(reset, '123456')).statusCode).toBe(400);
    expect((await confirmChange(change.toNew)).statusCode).toBe(200);
    expect((await resetPassword(reset, 'Dona-da-conta-2026')).statusCode).toBe(200);
  });
});

describe('a troca de email é confirmada pelos dois endereços', () => {
  it('o link do novo endereço sozinho não troca; o do endereço atual conclui', async () => {
    const u = await createUser(ctx);
    const cookie = await signIn(ctx, u.email, u.password);
    const change = await askEmailChange(cookie, u, 'nova-caixa@exemplo.com.br');
    const old = await lastEmailTo(ctx, u.email);
    expect(old!.template).toBe('troca_email_autorizacao');
    expect(old!.body_text).toContain('nova-caixa@exemplo.com.br');

    const half = await confirmChange(change.toNew);
    expect(half.statusCode, half.body).toBe(200);
    expect(half.json().message).toBe(accountSettingsMessages.emailChangeNeedsCurrent);
    expect(await emailOf(u.user.id)).toBe(u.email);
    // Opening the same link again changes nothing and says the same.
    expect((await confirmChange(change.toNew)).json().message).toBe(
      accountSettingsMessages.emailChangeNeedsCurrent,
    );
    expect(await emailOf(u.user.id)).toBe(u.email);

    const done = await confirmChange(change.toOld);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(accountSettingsMessages.emailChanged);
    expect(await emailOf(u.user.id)).toBe('nova-caixa@exemplo.com.br');
    // Both links are spent.
    expect((await confirmChange(change.toNew)).statusCode).toBe(400);
    expect((await confirmChange(change.toOld)).statusCode).toBe(400);
    await signIn(ctx, 'nova-caixa@exemplo.com.br', u.password);
  });

  it('na ordem inversa também: o endereço atual autoriza, o novo conclui', async () => {
    const u = await createUser(ctx);
    const cookie = await signIn(ctx, u.email, u.password);
    const change = await askEmailChange(cookie, u, 'inversa@exemplo.com.br');
    const half = await confirmChange(change.toOld);
    expect(half.statusCode, half.body).toBe(200);
    expect(half.json().message).toBe(accountSettingsMessages.emailChangeNeedsNew);
    expect(await emailOf(u.user.id)).toBe(u.email);
    const done = await confirmChange(change.toNew);
    expect(done.json().message).toBe(accountSettingsMessages.emailChanged);
    expect(await emailOf(u.user.id)).toBe('inversa@exemplo.com.br');
  });

  it('um novo pedido anula os links do anterior', async () => {
    const u = await createUser(ctx);
    const cookie = await signIn(ctx, u.email, u.password);
    const first = await askEmailChange(cookie, u, 'primeira@exemplo.com.br');
    await askEmailChange(cookie, u, 'segunda@exemplo.com.br');
    expect((await confirmChange(first.toNew)).statusCode).toBe(400);
    expect((await confirmChange(first.toOld)).statusCode).toBe(400);
  });
});
