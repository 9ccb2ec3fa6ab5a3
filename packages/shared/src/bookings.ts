/**
 * Rules about one booked face (a product and its towers for some weeks) that the cart, the quote, the
 * order and the documents all apply: the overlap of two lines and the audience they buy
 * (issue #16 items 2 and 3, decision 022).
 */
import { periodEnd, type IsoDate } from './catalog.ts';

export interface BookingLine {
  productId: string;
  /** The chosen towers; empty means every tower of the product (or its single face). */
  towerIds: readonly string[];
  start: IsoDate;
  weeks: number;
}

/** Two half-open periods [start, end) share at least one day. */
export function periodsOverlap(a: { start: IsoDate; weeks: number }, b: { start: IsoDate; weeks: number }) {
  return a.start < periodEnd(b.start, b.weeks) && b.start < periodEnd(a.start, a.weeks);
}

/**
 * The same face booked twice: same product, at least one tower in common (an empty choice is every
 * tower) and periods that share a day.
 */
export function bookingsOverlap(a: BookingLine, b: BookingLine): boolean {
  if (a.productId !== b.productId) return false;
  const sharesTower =
    a.towerIds.length === 0 || b.towerIds.length === 0 || a.towerIds.some((id) => b.towerIds.includes(id));
  return sharesTower && periodsOverlap(a, b);
}

/** The index of the first earlier line that `lines[i]` overlaps, for every line (−1 when none). */
export function firstOverlapIndex(lines: readonly BookingLine[], i: number): number {
  for (let j = 0; j < i; j++) if (bookingsOverlap(lines[j]!, lines[i]!)) return j;
  return -1;
}

export const bookingMessages = {
  alreadyInCart: (name: string) =>
    `${name} já está no carrinho para semanas que se sobrepõem. Altere o período do item no carrinho.`,
  duplicateInOrder: (name: string) =>
    `${name} aparece duas vezes no pedido com semanas que se sobrepõem. Remova um dos itens ou mude o período.`,
} as const;

/**
 * The audience a booking buys: the chosen towers' weekly audience (a face-based product: the
 * product's own weekly audience) times the weeks.
 */
export function bookingAudience(input: {
  isTowerBased: boolean;
  productWeeklyAudience: number;
  chosenTowerAudiences: readonly number[];
  weeks: number;
}): number {
  const weekly = input.isTowerBased
    ? input.chosenTowerAudiences.reduce((s, a) => s + a, 0)
    : input.productWeeklyAudience;
  return weekly * input.weeks;
}

/** CPM of a booking: what it costs (centavos) per thousand impacts of its audience; null without one. */
export function bookingCpm(priceCentavos: number, audience: number): number | null {
  if (audience <= 0) return null;
  return Math.round((priceCentavos * 1000) / audience);
}

/**
 * Audience and CPM of several bookings together (a cart, an order, a plan): the items' totals over
 * their summed audience, so a plan's CPM weighs each face by what it buys (issue #23 item 1).
 */
export function bookingsSummary(
  items: ReadonlyArray<{ total: number; audience: number }>,
  /** What is paid for them all, when discounts below the lines (a coupon, a proposal's) lower it. */
  paid?: number,
): {
  audience: number;
  cpm: number | null;
} {
  const total = paid ?? items.reduce((s, i) => s + i.total, 0);
  const audience = items.reduce((s, i) => s + i.audience, 0);
  return { audience, cpm: bookingCpm(total, audience) };
}
