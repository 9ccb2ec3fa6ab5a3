/**
 * The world of a Pix API test (issue #41): the project's PSP simulator over TLS, Urbana's settings for
 * it, and a customer, an operador and a face to pay for.
 */
import { products, towers } from '../src/db/schema/index.ts';
import { billingPf, createUser, inject, signIn, type TestContext } from './helpers.ts';
import type { PixCerts } from './pix-certs.ts';

/** The receiver's key the Pix tests use (PIX_KEY's default). */
export const PSP_CHAVE = 'pix@urbana.com.br';

/** The project's PSP simulator over TLS with these certificates, and the PIX_* settings for it. */
export async function startTestPsp(certs: PixCerts, extra: Record<string, string> = {}) {
  const { startPspWithCerts } = await import('../../../scripts/simulators/psp-pix.ts');
  const { sim, env } = await startPspWithCerts(certs, PSP_CHAVE);
  return { sim, env: { ...env, ...extra } };
}

/**
 * What a Pix test pays for: a customer with a billing profile (signed in), an operador (signed in, to be
 * told and to act), and a product with one face of one slot.
 */
export async function pixCustomerAndFace(ctx: TestContext, tag: string) {
  const u = await createUser(ctx, { nome: 'Ana Souza' });
  const cookie = await signIn(ctx, u.email, u.password);
  await inject(ctx, { method: 'PUT', url: '/api/billing-profile', cookie, payload: billingPf });
  const op = await createUser(ctx, { tipo: 'operador', email: `op-${tag}@urbana.com.br` });
  const staffCookie = await signIn(ctx, op.email, op.password);
  const [p] = await ctx.database.db
    .insert(products)
    .values({
      slug: `outdoor-${tag}`,
      name: `Outdoor ${tag}`,
      type: 'outdoor',
      city: 'Brasília',
      state: 'DF',
      latitude: -15.79,
      longitude: -47.88,
      daily_price: 10_000,
      is_tower_based: false,
      weekly_audience: 10_000,
    })
    .returning();
  await ctx.database.db.insert(towers).values({ product_id: p!.id, name: 'Face A', slots: 1 });
  return { cookie, staffCookie, productId: p!.id };
}
