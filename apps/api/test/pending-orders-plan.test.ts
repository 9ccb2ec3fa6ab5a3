import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, createUser, type TestContext } from './helpers.ts';
import { insertProduct } from './security/world.ts';

// Issue #21, docs/decisions/057 and 068: every checkout counts its customer's and its address's
// unpaid orders (the limits of decision 026), in the look before (checkoutContext) and in
// place_order under its locks, both through unpaid_held (migration 0023). Both run prepared, so after
// a few checkouts a pooled connection keeps one generic plan. With `expires_at > now()` in the WHERE
// and statistics taken while the unpaid orders' times were older, that plan could read every unpaid
// order of everyone (orders_pending_expiry_idx) and 200 checkouts a second slowed from 7 ms to 850 ms
// each within 30 s as they piled up.
let ctx: TestContext;
let customer: string;
let unpaidOfCustomer: string;
const ADDRESS = '203.0.113.9';

/** `count` orders of the 400 other customers, each from one of 250 addresses under `network`. */
function othersOrders(code: string, count: number, status: string, network: string, expires: string) {
  return sql`
    insert into orders (code, user_id, status, payment_method, subtotal, total, request_hash, payment_reference,
      billing, client_ip, expires_at)
    select ${code} || g, p.id, ${status}, 'pix', 100, 100, 'h', 'TX-' || ${code} || g, '{}'::jsonb,
      ${network} || (g % 250), ${sql.raw(expires)}
    from generate_series(1, ${count}) g
    join profiles p on p.email = 'plano-' || (1 + g % 400) || '@exemplo.com.br'`;
}

beforeAll(async () => {
  ctx = await createTestApp();
  customer = (await createUser(ctx)).user.id;
  const product = await insertProduct(ctx.database, 'Painel da Contagem', 10_000, 1);
  const db = ctx.database.db;
  await db.execute(sql`
    insert into profiles (email) select 'plano-' || g || '@exemplo.com.br' from generate_series(1, 400) g`);
  // A marketplace with history: orders that ran out days ago, and unpaid ones whose time had also
  // passed when the statistics were taken (the sweep marks them within a minute).
  await db.execute(
    othersOrders('URB-PASSADO-', 5000, 'expirado', '198.51.100.', `now() - interval '3 days'`),
  );
  await db.execute(
    othersOrders('URB-VENCIDO-', 200, 'aguardando_pagamento', '198.51.101.', `now() - interval '1 minute'`),
  );
  await db.execute(sql`analyze orders`);
  // Then a busy hour: 3,000 unpaid orders of others, and two of the customer's (one already over).
  await db.execute(
    othersOrders('URB-HORA-', 3000, 'aguardando_pagamento', '192.0.2.', `now() + interval '30 minutes'`),
  );
  const mine = await db.execute<{ id: string }>(sql`
    insert into orders (code, user_id, payment_method, subtotal, total, request_hash, payment_reference, billing,
      client_ip, expires_at)
    values ('URB-MEU-1', ${customer}, 'pix', 100, 100, 'h', 'TX-MEU-1', '{}'::jsonb, ${ADDRESS},
        now() + interval '30 minutes'),
      ('URB-MEU-2', ${customer}, 'pix', 100, 100, 'h', 'TX-MEU-2', '{}'::jsonb, ${ADDRESS},
        now() - interval '1 second')
    returning id`);
  unpaidOfCustomer = mine.rows[0]!.id;
  await db.execute(sql`
    insert into order_items (order_id, product_id, product_name, product_type, city, state, starts_on,
      ends_on, weeks, daily_price, tower_count, subtotal, discount, total)
    select o.id, ${product.id}, 'Painel', 'outdoor', 'Brasília', 'DF', current_date, current_date + 27, 4,
      100, 3, 100, 0, 100
    from orders o where o.user_id = ${customer}`);
});
afterAll(async () => {
  await ctx.close();
});

/** unpaid_held as a pooled connection runs it after a few checkouts: one generic plan, with buffers. */
async function genericRun(user: string, ip: string | null, except: string | null) {
  // EXECUTE takes no bound parameters: the test's own values, quoted.
  const literal = (value: string | null) => (value === null ? 'null' : `'${value.replace(/'/g, "''")}'`);
  const args = sql.raw(`${literal(user)}::uuid, ${literal(ip)}::text, ${literal(except)}::uuid`);
  return ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql`prepare contagem(uuid, text, uuid) as select unpaid_held($1, $2, $3) as held`);
    try {
      const result = await tx.execute<{ held: { orders: number; faceWeeks: number; fromIp: number | null } }>(
        sql`execute contagem(${args})`,
      );
      const plan = await tx.execute<{ 'QUERY PLAN': Array<{ Plan: Record<string, number> }> }>(
        sql`explain (analyze, buffers, format json) execute contagem(${args})`,
      );
      const top = plan.rows[0]!['QUERY PLAN'][0]!.Plan;
      return { held: result.rows[0]!.held, blocks: top['Shared Hit Blocks']! + top['Shared Read Blocks']! };
    } finally {
      await tx.execute(sql`deallocate contagem`);
    }
  });
}

describe('pedidos não pagos de um cliente e de um endereço', () => {
  it('são contados pelo índice do cliente e do endereço, não percorrendo os não pagos de todos', async () => {
    const { held, blocks } = await genericRun(customer, ADDRESS, null);
    expect(held).toEqual({ orders: 1, faceWeeks: 12, fromIp: 1 });
    // The customer's two orders and the address's two, a few index pages each; every unpaid order of
    // everyone would be thousands of blocks.
    expect(blocks).toBeLessThan(60);
  });

  it('deixam de fora o pedido que está sendo feito e, sem endereço, não contam por endereço', async () => {
    const { held } = await genericRun(customer, null, unpaidOfCustomer);
    expect(held).toEqual({ orders: 0, faceWeeks: 0, fromIp: null });
  });
});
