import { and, asc, count, eq, inArray } from 'drizzle-orm';
import {
  applyCoupon,
  bookingAudience,
  bookingCpm,
  bookingMessages,
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
} from '@urbana/shared';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { couponRedemptions, coupons, orders, products, towers } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { assertTotalWithinLimit } from './order-limits.ts';

/** Prices and coupons: every figure from the database, never from the client. */
type ItemInput = CheckoutBody['items'][number];

export type { Quote, QuoteItem as QuotedItem } from '@urbana/shared';

/**
 * Prices every item from the database (never from the client), refuses a face booked twice for
 * overlapping weeks (issue #16 item 2) and gives each item the audience of its chosen towers
 * (item 3, decision 022).
 */
export async function priceItems(db: Db | Tx, items: ItemInput[], config: Config): Promise<QuotedItem[]> {
  const earliest = earliestBookableStart(todayInBrasilia(), config.leadBusinessDays);
  const ids = [...new Set(items.map((i) => i.product_id))];
  const productRows = await db.select().from(products).where(inArray(products.id, ids));
  const towerRows = await db
    .select()
    .from(towers)
    .where(inArray(towers.product_id, ids))
    .orderBy(asc(towers.name));
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
      productWeeklyAudience: product.weekly_audience,
      chosenTowerAudiences: chosen.map((t) => t.weekly_audience),
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
    const coupon = await db.query.coupons.findFirst({ where: eq(coupons.code, body.coupon_code) });
    if (!coupon) couponError = 'Cupom não encontrado.';
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
