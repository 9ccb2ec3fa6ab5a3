/**
 * The fingerprint the security suites compare to prove a refused request changed nothing: it sees any
 * change of a row but the once-a-minute touch of a signed-in request (a session's last use and its
 * person's `updated_at`), which a suite running past a minute on a slow machine would otherwise see.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestContext } from '../helpers.ts';
import { snapshot } from './world.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  const { password } = await createUser(ctx, { email: 'ana@exemplo.com.br' });
  await signIn(ctx, 'ana@exemplo.com.br', password);
});
afterAll(async () => {
  await ctx.close();
});

it('deixa de fora o toque de uma sessão e do perfil, e vê qualquer outra mudança', async () => {
  const before = await snapshot(ctx.database);
  await ctx.database.db.execute(sql`update sessions set last_seen_at = now() + interval '2 minutes'`);
  await ctx.database.db.execute(sql`update profiles set updated_at = now() + interval '2 minutes'`);
  expect(await snapshot(ctx.database)).toEqual(before);
  await ctx.database.db.execute(sql`update sessions set expires_at = expires_at - interval '1 minute'`);
  const changedSession = await snapshot(ctx.database);
  expect(changedSession.sessions).not.toBe(before.sessions);
  await ctx.database.db.execute(sql`update profiles set telefone = '61999990000'`);
  expect((await snapshot(ctx.database)).profiles).not.toBe(before.profiles);
});
