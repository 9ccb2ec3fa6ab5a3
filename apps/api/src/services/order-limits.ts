import { and, eq, gt, sql } from 'drizzle-orm';
import { formatMoney, MAX_ORDER_TOTAL, orderLimitMessages } from '@urbana/shared';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { orderItems, orderLimitExemptions, orders, profiles } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { audit } from './audit.ts';

/**
 * What one account and one IP may hold without paying (issue 22, item 1; decision 026): open unpaid
 * orders, faces × weeks held by them, and open unpaid orders placed from one IP. Staff lift the limits
 * for a customer (order_limit_exemptions).
 */
export async function isExempt(db: Db | Tx, userId: string): Promise<boolean> {
  const row = await db.query.orderLimitExemptions.findFirst({
    where: eq(orderLimitExemptions.user_id, userId),
  });
  return row !== undefined;
}

/** A total above MAX_ORDER_TOTAL is refused at the quote and at the order (decision 026). */
export function assertTotalWithinLimit(total: number): void {
  if (total > MAX_ORDER_TOTAL)
    throw new AppError(400, orderLimitMessages.totalTooHigh(formatMoney(MAX_ORDER_TOTAL)));
}

/**
 * Checked inside the checkout's transaction, after locks that serialise the checkouts of one account
 * and of one IP (transaction-scoped advisory locks), so that a burst of parallel orders cannot all pass
 * the count. Orders whose payment window passed no longer count, even before the expiry worker runs.
 */
export async function enforceUnpaidLimits(
  tx: Tx,
  config: Config,
  input: { userId: string; ip: string | null; faceWeeks: number },
): Promise<void> {
  if (await isExempt(tx, input.userId)) return;
  const limits = config.orderLimits;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pedidos:usuario:${input.userId}`}))`);
  const open = and(eq(orders.status, 'aguardando_pagamento'), gt(orders.expires_at, sql`now()`));
  const [mine] = await tx
    .select({
      orders: sql<number>`count(*)::int`,
      faceWeeks: sql<number>`coalesce((select sum(i.tower_count * i.weeks) from order_items i
        where i.order_id in (select o.id from orders o where o.user_id = ${input.userId}
          and o.status = 'aguardando_pagamento' and o.expires_at > now())), 0)::int`,
    })
    .from(orders)
    .where(and(eq(orders.user_id, input.userId), open));
  if ((mine?.orders ?? 0) >= limits.unpaidPerAccount)
    throw new AppError(409, orderLimitMessages.tooManyUnpaid(limits.unpaidPerAccount));
  const held = mine?.faceWeeks ?? 0;
  if (held + input.faceWeeks > limits.faceWeeksPerAccount)
    throw new AppError(409, orderLimitMessages.faceWeeks(limits.faceWeeksPerAccount, held));
  if (!input.ip) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pedidos:ip:${input.ip}`}))`);
  const [fromIp] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.client_ip, input.ip), open));
  if ((fromIp?.n ?? 0) >= limits.unpaidPerIp) throw new AppError(409, orderLimitMessages.tooManyFromNetwork);
}

/** A customer's standing against the limits, for the staff page (and whether staff lifted them). */
export async function orderLimitStatus(db: Db, config: Config, userId: string) {
  const user = await db.query.profiles.findFirst({ where: eq(profiles.id, userId) });
  if (!user) throw new AppError(404, 'Usuário não encontrado.');
  const exemption = await db.query.orderLimitExemptions.findFirst({
    where: eq(orderLimitExemptions.user_id, userId),
  });
  const [held] = await db
    .select({
      orders: sql<number>`count(distinct ${orders.id})::int`,
      faceWeeks: sql<number>`coalesce(sum(${orderItems.tower_count} * ${orderItems.weeks}), 0)::int`,
    })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.order_id, orders.id))
    .where(
      and(
        eq(orders.user_id, userId),
        eq(orders.status, 'aguardando_pagamento'),
        gt(orders.expires_at, sql`now()`),
      ),
    );
  return {
    lifted: exemption !== undefined,
    lifted_at: exemption?.created_at.toISOString() ?? null,
    unpaid_orders: held?.orders ?? 0,
    unpaid_face_weeks: held?.faceWeeks ?? 0,
    limits: {
      unpaid_orders: config.orderLimits.unpaidPerAccount,
      unpaid_face_weeks: config.orderLimits.faceWeeksPerAccount,
      unpaid_orders_per_ip: config.orderLimits.unpaidPerIp,
      orders_per_window: config.orderLimits.rate.max,
      window_minutes: config.orderLimits.rate.timeWindow / 60_000,
    },
  };
}

/** Staff lift (or restore) the limits for one customer; stored and audited. */
export async function setOrderLimitsLifted(
  db: Db,
  userId: string,
  lifted: boolean,
  actor: { actorId: string; ip: string },
) {
  await db.transaction(async (tx) => {
    const user = await tx.query.profiles.findFirst({ where: eq(profiles.id, userId) });
    if (!user) throw new AppError(404, 'Usuário não encontrado.');
    const before = await tx.query.orderLimitExemptions.findFirst({
      where: eq(orderLimitExemptions.user_id, userId),
    });
    if (lifted)
      await tx
        .insert(orderLimitExemptions)
        .values({ user_id: userId, lifted_by: actor.actorId })
        .onConflictDoNothing();
    else await tx.delete(orderLimitExemptions).where(eq(orderLimitExemptions.user_id, userId));
    await audit(tx, {
      actorId: actor.actorId,
      action: lifted ? 'usuario.limites_pedido_liberados' : 'usuario.limites_pedido_restaurados',
      entity: 'profile',
      entityId: userId,
      before: { liberado: before !== undefined },
      after: { liberado: lifted },
      ip: actor.ip,
    });
  });
}
