/**
 * Rules about one booked face (a product and its towers for some weeks) that the cart, the quote, the
 * order and the documents all apply: the overlap of two lines and the audience they buy
 * (issue #16 items 2 and 3, decision 022).
 */
import { periodEnd, type IsoDate } from './booking-dates.ts';

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

/** Media that play a loop on a screen (towers' screens, LED panels); the rest are static faces. */
export const screenProductTypes = ['torre', 'painel_led'] as const;
export const isScreenType = (type: string): boolean =>
  (screenProductTypes as readonly string[]).includes(type);

/** A screen's loop: its length, its spot length and the seconds a day it is on (issue #43). */
export interface ScreenLoop {
  loopSeconds: number;
  spotSeconds: number;
  /** Seconds a day within the operating hours. */
  secondsPerDay: number;
}

/** The spots of one loop: the advertisers that run at once (a face's `slots`). */
export const loopSlots = (loop: Pick<ScreenLoop, 'loopSeconds' | 'spotSeconds'>) =>
  Math.max(1, Math.floor(loop.loopSeconds / Math.max(1, loop.spotSeconds)));

/** Whole loops a day: how many times one booked spot plays each day. */
export const loopsPerDay = (loop: ScreenLoop) =>
  Math.floor(loop.secondsPerDay / Math.max(1, loop.loopSeconds));

/** Every spot of every loop in a week: the plays the weekly audience is shared among. */
export const playsPerWeekOfLoop = (loop: ScreenLoop) => loopsPerDay(loop) * 7 * loopSlots(loop);

/**
 * THE rule of a screen's audience (issue #43 item 6, decision 089): one play's impressions = the
 * weekly audience ÷ the plays per week of the loop, so the face's weekly audience is shared by the
 * spots of the loop instead of being sold whole to each.
 */
export function playImpressions(weeklyAudience: number, loop: ScreenLoop): number {
  const plays = playsPerWeekOfLoop(loop);
  return plays > 0 ? weeklyAudience / plays : 0;
}

/** A booking's impressions on a screen: its plays × one play's impressions. */
export const playsImpressions = (plays: number, weeklyAudience: number, loop: ScreenLoop) =>
  Math.round(plays * playImpressions(weeklyAudience, loop));

/** The plays one booked spot gets in `days` days. */
export const bookedPlays = (loop: ScreenLoop, days: number) => loopsPerDay(loop) * days;

/**
 * Seconds a day a screen is on, from its operating hours ('HH:MM' in Brasília); a close at or before
 * the opening runs past midnight, and the same time twice is the whole day (decision 090).
 */
export function operatingSecondsPerDay(hours: { opens_at: string; closes_at: string }): number {
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  const span = (minutes(hours.closes_at) - minutes(hours.opens_at) + 1440) % 1440;
  return (span === 0 ? 1440 : span) * 60;
}

/**
 * THE rule of a screen booking's plays a day (issue #43 item 5, decision 105): its spots of the loop
 * (its share) × the whole loops that fit in the operating hours.
 */
export const bookedPlaysPerDay = (loop: ScreenLoop, spots = 1) => Math.max(0, spots) * loopsPerDay(loop);

/** Percent delivered of what was booked, rounded down (89.9 % is 89); null when nothing was booked. */
export const deliveryPercent = (booked: number, delivered: number): number | null =>
  booked > 0 ? Math.floor((delivered * 100) / booked) : null;

/** `MAKEGOOD_THRESHOLD_PERCENT`'s default: a booking delivered under 90 % of its plays asks for a make-good. */
export const MAKEGOOD_DEFAULT_THRESHOLD_PERCENT = 90;

/** Under-delivered: fewer plays than `threshold` % of the booked ones (exactly, not the rounded percent). */
export const isUnderDelivered = (booked: number, delivered: number, thresholdPercent: number) =>
  booked > 0 && delivered * 100 < booked * thresholdPercent;

/** A day-long loop of `slots` one-second spots: the loop a face is sold by before its player is set up. */
const nominalLoop = (slots: number): ScreenLoop => ({
  loopSeconds: Math.max(1, slots),
  spotSeconds: 1,
  secondsPerDay: 86_400 - (86_400 % Math.max(1, slots)),
});

/** One face (a tower, or a product's single face) as the audience rule reads it. */
export interface AudienceFace {
  weekly_audience: number;
  /** Advertisers that run at once: the spots of the loop on a screen. */
  slots: number;
}

/**
 * A face's impressions for some weeks: a screen's booked plays × one play's impressions (one spot in
 * every loop, so the weekly audience ÷ the loop's spots); a static face keeps its whole audience.
 */
export function faceImpressions(face: AudienceFace, isScreen: boolean, weeks: number): number {
  if (!isScreen) return face.weekly_audience * weeks;
  const loop = nominalLoop(face.slots);
  return playsImpressions(bookedPlays(loop, weeks * 7), face.weekly_audience, loop);
}

/**
 * The audience a booking buys: the chosen towers' impressions for the weeks (a face-based product:
 * the product's own weekly audience on its single face), by `faceImpressions`.
 */
export function bookingAudience(input: {
  isTowerBased: boolean;
  /** A screen shares its audience among the spots of its loop; a static face does not. */
  isScreen: boolean;
  productWeeklyAudience: number;
  /** The chosen towers; for a single-face product, its face (for its slots). */
  chosenTowers: readonly AudienceFace[];
  weeks: number;
}): number {
  if (!input.isTowerBased) {
    const slots = input.chosenTowers[0]?.slots ?? 1;
    return faceImpressions(
      { weekly_audience: input.productWeeklyAudience, slots },
      input.isScreen,
      input.weeks,
    );
  }
  return input.chosenTowers.reduce((s, t) => s + faceImpressions(t, input.isScreen, input.weeks), 0);
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

const monthNames = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

/**
 * Where a face's audience comes from, in words shown beside it (issue #43 item 6): the method and the
 * month ("contagem de fluxo, maio/2026"), then who measured it; said plainly when nobody did.
 */
export function audienceSourceLabel(a: { source: string; method: string; month: string | null }): string {
  const m = /^(\d{4})-(\d{2})/.exec(a.month ?? '');
  const when = m ? `${monthNames[Number(m[2]) - 1]}/${m[1]}` : '';
  const how = [a.method.trim(), when].filter(Boolean).join(', ');
  const who = a.source.trim();
  if (!how && !who) return 'Fonte da audiência não informada';
  return who ? (how ? `${how} (fonte: ${who})` : `fonte: ${who}`) : how;
}
