import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, createUser, type TestContext } from './helpers.ts';

// Issue #21, docs/decisions/057: every checkout counts its customer's unpaid orders (the limits of
// decision 026, in checkoutContext and place_order). With the statistics taken while few orders
// were unpaid, the planner reached them through orders_pending_expiry_idx — every unpaid order of
// everyone — and 200 checkouts a second over 30 s slowed to 180/s with p95 of seconds.
let ctx: TestContext;
let customer: string;

beforeAll(async () => {
  ctx = await createTestApp();
  customer = (await createUser(ctx)).user.id;
  const other = (await createUser(ctx)).user.id;
  // Statistics taken on a quiet table, then 3,000 unpaid orders of another customer arrive.
  await ctx.database.db.execute(sql`analyze orders`);
  await ctx.database.db.execute(sql`
    insert into orders (code, user_id, payment_method, subtotal, total, request_hash, pix_txid, billing,
      expires_at)
    select 'URB-PLANO' || g, ${other}, 'pix', 100, 100, 'h', 'TX-PLANO' || g, '{}'::jsonb,
      now() + interval '30 minutes'
    from generate_series(1, 3000) g`);
});
afterAll(async () => {
  await ctx.close();
});

describe('pedidos não pagos de um cliente', () => {
  it('são contados pelo cliente, não percorrendo os não pagos de todos', async () => {
    const { rows } = await ctx.database.db.execute<{ 'QUERY PLAN': unknown }>(sql`
      explain (format json)
      select count(*) from orders
      where user_id = ${customer} and status = 'aguardando_pagamento' and expires_at > now()`);
    const plan = JSON.stringify(rows[0]!['QUERY PLAN']);
    expect(plan).toContain('orders_pending_user_idx');
    expect(plan).not.toContain('orders_pending_expiry_idx');
    expect(plan).not.toContain('Seq Scan');
  });
});
