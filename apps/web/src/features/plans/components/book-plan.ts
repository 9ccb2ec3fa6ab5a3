import type { PlanLineView } from '@urbana/shared';

/** A plan's line as read now (own or shared plan). */
export type PlanBookingLine = Omit<PlanLineView, 'saved_total' | 'changes'>;
type Line = PlanBookingLine;

/** A plan's line as the cart adds it (the cart's own AddToCartInput, structurally). */
export function planLineToCart(line: Line) {
  return {
    product_id: line.productId,
    name: line.name,
    slug: line.slug,
    image: line.photos[0]?.url ?? null,
    type: line.type,
    city: line.city,
    state: line.state,
    daily_price: line.daily_price,
    weeks: line.weeks,
    startDate: line.start,
    selectedTowers: line.is_tower_based ? line.towers.map((t) => t.id) : [],
    isTowerBased: line.is_tower_based,
    towers: line.towers.map((t) => ({ id: t.id, name: t.name, weekly_audience: t.weekly_audience })),
  };
}

/**
 * "Reservar este plano" (issue #23 item 3): the lines with room now go to the cart, re-checked when
 * the plan was read; the others are named so the advertiser knows what was left out.
 */
export function splitForBooking(lines: Line[]) {
  return {
    bookable: lines.filter((l) => l.available),
    left: lines.filter((l) => !l.available).map((l) => l.name),
  };
}
