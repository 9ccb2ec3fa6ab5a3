import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  applyCoupon,
  bookingAudience,
  isScreenType,
  bookingCpm,
  bookingMessages,
  COUPON_CODE_PATTERN,
  couponMessages,
  firstOverlapIndex,
  earliestBookableStart,
  formatMoney,
  periodEnd,
  priceItem,
  todayInBrasilia,
  type CheckoutBody,
  type Quote,
  type QuoteItem as QuotedItem,
  formatDate,
  MAX_ORDER_TOTAL,
  orderLimitMessages,
} from '@urbana/shared';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  couponRedemptions,
  coupons,
  orderItems,
  orderLimitExemptions,
  orders,
  products,
  profiles,
  towers,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { audit } from '../audit.ts';

/** Prices and coupons: every figure from the database, never from the client. */
type ItemInput = CheckoutBody['items'][number];

export type { Quote, QuoteItem as QuotedItem } from '@urbana/shared';

/** A total above MAX_ORDER_TOTAL is refused at the quote and at the order (decision 026). */
export function assertTotalWithinLimit(total: number): void {
  if (total > MAX_ORDER_TOTAL)
    throw new AppError(400, orderLimitMessages.totalTooHigh(formatMoney(MAX_ORDER_TOTAL)));
}

/** What an account (and its IP) already holds unpaid: orders whose payment window has not passed. */
export interface UnpaidHeld {
  exempt: boolean;
  orders: number;
  faceWeeks: number;
  /** Open unpaid orders placed from the checkout's IP; null without an IP. */
  fromIp: number | null;
}

/**
 * The unpaid limits as the checkout's look before it writes (docs/decisions/039): refused here with
 * the customer's message. `place_order` (migration 0019) counts again under advisory locks that
 * serialise the checkouts of one account and of one IP, so a burst of parallel orders cannot all
 * pass the count.
 */
export function checkUnpaidLimits(config: Config, held: UnpaidHeld, faceWeeks: number): void {
  if (held.exempt) return;
  const limits = config.orderLimits;
  if (held.orders >= limits.unpaidPerAccount)
    throw new AppError(409, orderLimitMessages.tooManyUnpaid(limits.unpaidPerAccount));
  if (held.faceWeeks + faceWeeks > limits.faceWeeksPerAccount)
    throw new AppError(409, orderLimitMessages.faceWeeks(limits.faceWeeksPerAccount, held.faceWeeks));
  if (held.fromIp !== null && held.fromIp >= limits.unpaidPerIp)
    throw new AppError(409, orderLimitMessages.tooManyFromNetwork);
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
    // The profile's change trigger (migration 0016) tells every instance to read this customer's
    // session again, which carries the lift (services/auth/sessions.ts resolveSession).
    await tx.update(profiles).set({ updated_at: new Date() }).where(eq(profiles.id, userId));
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

/**
 * Prices every item from the database (never from the client), refuses a face booked twice for
 * overlapping weeks (issue #16 item 2) and gives each item the audience of its chosen towers
 * (item 3, decision 022).
 */
export async function priceItems(db: Db | Tx, items: ItemInput[], config: Config): Promise<QuotedItem[]> {
  const ids = [...new Set(items.map((i) => i.product_id))];
  const productRows = await db.select().from(products).where(inArray(products.id, ids));
  const towerRows = await db
    .select()
    .from(towers)
    .where(inArray(towers.product_id, ids))
    .orderBy(asc(towers.name));
  return priceLines(productRows, towerRows, items, config);
}

/** The fields of a product that price a line. */
export type PricedProduct = Pick<
  typeof products.$inferSelect,
  'id' | 'status' | 'name' | 'type' | 'city' | 'state' | 'is_tower_based' | 'daily_price' | 'weekly_audience'
>;
/** The fields of a tower that price a line; the rows come ordered by name. */
export type PricedTower = Pick<
  typeof towers.$inferSelect,
  'id' | 'product_id' | 'name' | 'weekly_audience' | 'slots'
>;

/** `priceItems` over rows already read (the checkout reads them with everything else in one statement). */
export function priceLines(
  productRows: PricedProduct[],
  towerRows: PricedTower[],
  items: ItemInput[],
  config: Config,
): QuotedItem[] {
  const earliest = earliestBookableStart(todayInBrasilia(), config.leadBusinessDays);
  const priced = items.map((item) => {
    const product = productRows.find((p) => p.id === item.product_id);
    if (!product || product.status !== 'ativo')
      throw new AppError(409, 'Um dos locais do carrinho não está mais disponível. Remova-o para continuar.');
    if (item.start_date < earliest) {
      throw new AppError(
        400,
        `A veiculação de ${product.name} deve começar a partir de ${formatDate(earliest)}.`,
      );
    }
    const own = towerRows.filter((t) => t.product_id === product.id);
    let chosen = own;
    if (product.is_tower_based && item.tower_ids.length > 0) {
      chosen = own.filter((t) => item.tower_ids.includes(t.id));
      if (chosen.length !== new Set(item.tower_ids).size)
        throw new AppError(400, `Torre inválida em ${product.name}.`);
    }
    if (!product.is_tower_based) chosen = own.slice(0, 1);
    const price = priceItem(
      { dailyPrice: product.daily_price, weeks: item.weeks, towerCount: chosen.length },
      config.pricing,
    );
    const audience = bookingAudience({
      isTowerBased: product.is_tower_based,
      isScreen: isScreenType(product.type),
      productWeeklyAudience: product.weekly_audience,
      chosenTowers: chosen,
      weeks: item.weeks,
    });
    return {
      product_id: product.id,
      name: product.name,
      type: product.type,
      city: product.city,
      state: product.state,
      is_tower_based: product.is_tower_based,
      start: item.start_date,
      end: periodEnd(item.start_date, item.weeks),
      weeks: item.weeks,
      daily_price: product.daily_price,
      towers: chosen.map((t) => ({ id: t.id, name: t.name })),
      ...price,
      audience,
      cpm: bookingCpm(price.total, audience),
    };
  });
  const lines = priced.map((p) => ({
    productId: p.product_id,
    towerIds: p.towers.map((t) => t.id),
    start: p.start,
    weeks: p.weeks,
  }));
  for (let i = 0; i < lines.length; i++) {
    if (firstOverlapIndex(lines, i) >= 0)
      throw new AppError(400, bookingMessages.duplicateInOrder(priced[i]!.name));
  }
  return priced;
}

export async function couponContext(db: Db | Tx, userId: string | null, couponId: string) {
  if (!userId) return { userUses: 0, hasPaidOrders: false };
  const [uses] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.coupon_id, couponId), eq(couponRedemptions.user_id, userId)));
  const [paid] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.user_id, userId), inArray(orders.status, ['pago', 'em_veiculacao', 'concluido'])));
  return { userUses: uses?.n ?? 0, hasPaidOrders: (paid?.n ?? 0) > 0 };
}

export async function quote(
  db: Db,
  userId: string | null,
  body: CheckoutBody,
  config: Config,
): Promise<Quote> {
  const items = await priceItems(db, body.items, config);
  const subtotal = items.reduce((s, i) => s + i.subtotal, 0);
  const discount = items.reduce((s, i) => s + i.discount, 0);
  let couponResult: Quote['coupon'] = null;
  let couponError: string | null = null;
  if (body.coupon_code) {
    const coupon = COUPON_CODE_PATTERN.test(body.coupon_code)
      ? await db.query.coupons.findFirst({ where: eq(coupons.code, body.coupon_code) })
      : undefined;
    if (!coupon) couponError = couponMessages.notFound;
    else {
      const result = applyCoupon(coupon, {
        amount: subtotal - discount,
        now: new Date(),
        formatMoney,
        ...(await couponContext(db, userId, coupon.id)),
      });
      if (result.ok) couponResult = { code: coupon.code, discount: result.discount };
      else couponError = result.message;
    }
  }
  const total = subtotal - discount - (couponResult?.discount ?? 0);
  // Said at the quote, before anyone fills a checkout the order would refuse (issue 22, item 2).
  assertTotalWithinLimit(total);
  return {
    items,
    subtotal,
    discount,
    coupon: couponResult,
    coupon_error: couponError,
    total,
    earliest_start: earliestBookableStart(todayInBrasilia(), config.leadBusinessDays),
  };
}
