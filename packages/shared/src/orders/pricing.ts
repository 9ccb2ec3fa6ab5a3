/**
 * The price formula, one home for the cart, the quote and the order (the SQL `place_order` applies the
 * same): the seed's daily price × 7 × weeks × towers, less the long-run discount.
 */
export interface PricingConfig {
  longRunWeeks: number;
  longRunPercent: number;
}
export const defaultPricing: PricingConfig = { longRunWeeks: 12, longRunPercent: 10 };

/** The pricing of the public configuration (`/api/config`), or the defaults until it arrives. */
export function pricingOf(
  config: { long_run_weeks: number; long_run_percent: number } | undefined,
): PricingConfig {
  return config
    ? { longRunWeeks: config.long_run_weeks, longRunPercent: config.long_run_percent }
    : defaultPricing;
}

/** An item's price: the seed's formula, then the long-run discount when it applies. */
export function priceItem(
  input: { dailyPrice: number; weeks: number; towerCount: number },
  pricing: PricingConfig = defaultPricing,
) {
  const subtotal = input.dailyPrice * 7 * input.weeks * input.towerCount;
  const discount =
    input.weeks >= pricing.longRunWeeks ? Math.round((subtotal * pricing.longRunPercent) / 100) : 0;
  return { subtotal, discount, total: subtotal - discount };
}
