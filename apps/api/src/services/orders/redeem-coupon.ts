import { eq } from 'drizzle-orm';
import { applyCoupon, couponMessages, formatMoney } from '@urbana/shared';
import type { Db, Tx } from '../../db/client.ts';
import { coupons } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { couponContext } from './quote.ts';

interface CouponRequest {
  code: string;
  userId: string;
  /** What the coupon applies to: the order's amount after the long-run discount. */
  amount: number;
}

async function check(executor: Db | Tx, input: CouponRequest, lock: boolean) {
  const query = executor.select().from(coupons).where(eq(coupons.code, input.code));
  const [coupon] = lock ? await query.for('update') : await query;
  if (!coupon) throw new AppError(400, couponMessages.notFound);
  const result = applyCoupon(coupon, {
    amount: input.amount,
    now: new Date(),
    formatMoney,
    ...(await couponContext(executor, input.userId, coupon.id)),
  });
  if (!result.ok) throw new AppError(409, result.message);
  return { id: coupon.id, discount: result.discount };
}

/** The checkout's look before it writes: a coupon that does not apply is refused with no write. */
export function checkCoupon(db: Db, input: CouponRequest) {
  return check(db, input, false);
}

/**
 * Checked again under the coupon's row lock, in the checkout's transaction (docs/decisions/009):
 * `place_order` then counts the use and records the redemption, so coupon limits hold however many
 * check out at once.
 */
export function checkCouponLocked(tx: Tx, input: CouponRequest) {
  return check(tx, input, true);
}
